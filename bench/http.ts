import autocannon from 'autocannon';
import express from 'express';
import { createServer } from 'node:http';
import WebSocket from 'ws';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import type { RunningServer } from '../server/index';
import { signedInServer } from './signed-in-server';
import { sessionCacheFor } from '../server/auth/session-cache';
import { validateSessionCached } from '../server/auth/sessions';
import { getBalance } from '../server/services/credits';

/**
 * HTTP figures on this machine, all in one run so the ratios compare like with like: a bare
 * Express JSON handler, `content.landing` signed out, `credits.balance` signed in (50 and 200
 * connections) and the delay from a generation's completion event to its owner's socket. The
 * load generator shares the process and its cores (the server's memory: server-memory.ts).
 */
export type Load = {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  /**
   * CPU time of this process (load generator, server and, on PGlite, the database) per answered request, in µs.
   * Unlike requests per second it hardly moves when other programs share the cores, so `bare.cpuUs / x.cpuUs`
   * estimates the ratio an otherwise idle machine would show (the load generator's share is the same in both).
   */
  cpuUs: number;
};
export type HttpBench = {
  database: string;
  bare: Load;
  landing: Load;
  /** `auth.me` signed out: tRPC's own cost, no database work (the floor for any procedure). */
  trpcOnly: Load;
  balance50: Load;
  balance200: Load;
  /** `auth.me` signed in: the session and the user's row (the session lookup is what the session cache saves). */
  me50: Load;
  /**
   * The database part of a signed-in `credits.balance` (session lookup and balance), no HTTP, in µs: with the
   * session taken from the session cache (`hit`) and looked up in the database as before it (`miss`, the cache
   * emptied first). Batches of each alternate, so a busy machine slows both alike.
   */
  sessionRead: { missUs: number; hitUs: number };
  pushMs: { p50: number; p95: number };
};

async function load(url: string, connections: number, headers: Record<string, string> = {}, seconds = 8): Promise<Load> {
  const cpu = process.cpuUsage();
  const r = await autocannon({ url, connections, duration: seconds, headers });
  const used = process.cpuUsage(cpu);
  return {
    cpuUs: Math.round((used.user + used.system) / Math.max(1, r.requests.total)),
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

async function bareExpress(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = express();
  app.get('/x', (_req, res) => res.json({ result: { data: { ok: true } } }));
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}/x`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

// Callers pass a non-empty sample.
const percentile = (values: number[], p: number) =>
  values.slice().sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

async function sessionRead(server: RunningServer, cookie: string): Promise<{ missUs: number; hitUs: number }> {
  const token = decodeURIComponent(/vitrin_session=([^;]+)/.exec(cookie)![1]!);
  const cache = sessionCacheFor(server.deps.bus);
  const read = async (miss: boolean) => {
    if (miss) cache.clear();
    const found = await validateSessionCached(server.deps, 'customer', token);
    await getBalance(server.deps.db, found!.session.ownerId, { known: found!.session.credits });
  };
  for (let i = 0; i < 200; i++) await read(i % 2 === 0);
  const total = { miss: 0, hit: 0 };
  for (let round = 0; round < 40; round++) {
    for (const kind of ['miss', 'hit'] as const) {
      const start = performance.now();
      for (let i = 0; i < 50; i++) await read(kind === 'miss');
      total[kind] += performance.now() - start;
    }
  }
  const us = (ms: number) => Math.round((ms / 2000) * 1000);
  return { missUs: us(total.miss), hitUs: us(total.hit) };
}

/** Completion event → owner's WebSocket, `n` times (the subscription reads the finished row, as in production). */
async function pushDelay(server: RunningServer, cookie: string, userId: string, n = 40): Promise<{ p50: number; p95: number }> {
  const db = server.deps.db;
  const upload = await db
    .insertInto('uploads')
    .values({ user_id: userId, storage_key: 'uploads/bench/x.jpg', mime: 'image/jpeg', width: 1, height: 1, size_bytes: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/trpc`, { headers: { origin: server.url, cookie } });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const waiting = new Map<string, (t: number) => void>();
  ws.on('message', (m) => {
    const d = JSON.parse(m.toString()).result?.data?.data;
    if (d?.status === 'completed') waiting.get(d.id)?.(performance.now());
  });
  ws.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'generations.onUpdate', input: {} } }));
  await new Promise((r) => setTimeout(r, 300));
  const delays: number[] = [];
  for (let i = 0; i < n; i++) {
    const g = await db
      .insertInto('generations')
      .values({
        user_id: userId,
        upload_id: upload.id,
        type: 'image',
        status: 'completed',
        progress: 100,
        credits_used: 0,
        parameters: JSON.stringify({ prompt: 'bench' }),
        outputs: JSON.stringify([]),
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const received = new Promise<number>((resolve) => waiting.set(g.id, resolve));
    const sent = performance.now();
    server.deps.bus.publish({ type: 'generation.updated', userId, generationId: g.id, status: 'completed', progress: 100 });
    delays.push((await received) - sent);
  }
  ws.close();
  return { p50: percentile(delays, 50), p95: percentile(delays, 95) };
}

/** The same on a throwaway database of a PostgreSQL server (dropped afterwards). */
export async function benchHttpOnPostgres(serverUrl: string): Promise<HttpBench> {
  const name = `vitrin_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    return await benchHttp(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export async function benchHttp(databaseUrl?: string): Promise<HttpBench> {
  const { server, userId, cookie, close } = await signedInServer(databaseUrl);
  const bare = await bareExpress();
  try {
    const bareLoad = await load(bare.url, 50);
    const landing = await load(`${server.url}/trpc/content.landing`, 50);
    const trpcOnly = await load(`${server.url}/trpc/auth.me`, 50);
    const balance50 = await load(`${server.url}/trpc/credits.balance`, 50, { cookie });
    const balance200 = await load(`${server.url}/trpc/credits.balance`, 200, { cookie });
    const me50 = await load(`${server.url}/trpc/auth.me`, 50, { cookie });
    const sessionReadUs = await sessionRead(server, cookie);
    const pushMs = await pushDelay(server, cookie, userId);
    return {
      database: databaseUrl ? 'PostgreSQL' : 'PGlite',
      bare: bareLoad,
      landing,
      trpcOnly,
      balance50,
      balance200,
      me50,
      sessionRead: sessionReadUs,
      pushMs,
    };
  } finally {
    await bare.close();
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchHttp(process.argv[2]);
  console.log(JSON.stringify(r, null, 1));
}
