import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, renameSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HttpClient, startTestServer, uploaded, validSignUp } from '../helpers/server';
import { freshDatabase } from '../helpers/db';
import { productPhoto } from '../helpers/fixtures';
import { startForwarder } from '../helpers/tcp-forwarder';
import { openDatabase } from '../../server/db';
import { lineLogger } from '../../server/lib/log';
import type { RunningServer } from '../../server/index';

/**
 * Issue 35 (2, 3, 4): a request and a run seen through the JSON log (one request id from the
 * response header to the log line, nothing secret in any line), /metrics (the run counted, the
 * HTTP histogram filled, no secret in a label), and the probes (/readyz 503 while the storage or
 * the database is cut, 200 after; probe paths never fall through to the web page).
 */
const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const PASSWORD = validSignUp().password;

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

type Line = Record<string, unknown> & { msg: string; level: number };
const parse = (lines: string[]): Line[] => lines.map((l) => JSON.parse(l) as Line);

describe('a request and a run, logged and counted', () => {
  let server: RunningServer;
  const lines: string[] = [];
  let clientDir: string;
  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), 'vitrin-client-'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><body>Vitrin</body></html>');
    server = await startTestServer({ TRUST_PROXY: '1', METRICS_TOKEN }, { logger: lineLogger((l) => lines.push(l.trimEnd())), clientDir });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  test('request id from the header to the log line; run lines with run, seller and attempt; /metrics counts the run; nothing secret anywhere', async () => {
    const seller = new HttpClient(server.url);
    seller.headers['x-forwarded-for'] = '10.77.0.1';
    expect((await seller.mutate('auth.signUp', validSignUp('gozlem@example.com'))).status).toBe(200);
    const cookie = seller.cookieString();
    expect(cookie).not.toBe('');
    const up = await uploaded(seller, await productPhoto(640, 480), 'urun.jpg');

    // Behind the trusted proxy, its request id is kept and returned.
    const created = await seller.raw('/trpc/generations.createImage', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'edge-req-42' },
      body: JSON.stringify({ uploadId: up.uploadId, prompt: 'beyaz fon', allowFramed: true }),
    });
    expect(created.status).toBe(200);
    expect(created.headers.get('x-request-id')).toBe('edge-req-42');
    const runId = ((await created.json()) as { result: { data: { id: string } } }).result.data.id;
    // A malformed id is not taken: a fresh one is made and returned.
    const odd = await seller.raw('/trpc/credits.balance', { headers: { 'x-request-id': 'bad id <script>' } });
    const oddId = odd.headers.get('x-request-id')!;
    expect(oddId).toMatch(/^[0-9a-f-]{36}$/);

    const done = await until('the run to finish', async () => {
      const g = (await seller.query('generations.get', { id: runId })).data;
      return g.status === 'completed' || g.status === 'failed' ? g : undefined;
    });
    expect(done.status).toBe('completed');

    // A secret link, a Bearer key and a cookie on the way in.
    await seller.raw('/auth/reset/0123456789abcdefsecrettoken');
    await fetch(`${server.url}/api/v1/generations?token=querysecret`, { headers: { authorization: 'Bearer vk_live_supersecretkey' } });

    const logged = parse(lines);
    const requestLine = await until('the request line', () => parse(lines).find((l) => l.reqId === 'edge-req-42'));
    expect(requestLine).toMatchObject({ route: '/trpc/generations.createImage', status: 200, req: { method: 'POST' } });
    expect(typeof requestLine.responseTime).toBe('number');
    expect(logged.find((l) => l.reqId === oddId)).toMatchObject({ route: '/trpc/credits.balance' });
    const reset = parse(lines).find((l) => (l.req as { url?: string } | undefined)?.url?.startsWith('/auth/reset/'));
    expect((reset!.req as { url: string }).url).toBe('/auth/reset/[token]');

    const runLines = parse(lines).filter((l) => l.runId === runId);
    expect(runLines.map((l) => l.msg)).toEqual(['run started', 'run completed']);
    for (const l of runLines) expect(l).toMatchObject({ sellerId: expect.any(String), attempt: 1, type: 'image' });

    // /metrics: refused without the token, Prometheus text with it.
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789abcd' } })).status).toBe(401);
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^vitrin_runs_finished_total\{outcome="completed",type="image",provider="[a-z]+"\} [1-9]/m);
    expect(text).toMatch(/^vitrin_credits_total\{direction="charged"\} [1-9]/m);
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="POST",route="\/trpc\/generations\.createImage",status="200"\} [1-9]/m,
    );
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="POST",route="\/api\/uploads",status="201"\} [1-9]/m);
    expect(text).toMatch(/^vitrin_queue_depth\{queue="runs",state="queued"\} 0$/m);
    expect(text).toMatch(/^vitrin_provider_request_duration_seconds_count\{provider="local",kind="image",outcome="ok"\} [1-9]/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(text).toMatch(/^process_resident_memory_bytes /m);
    // The URL with a token became its route pattern, never a label of its own: no address, key, uuid
    // or token-long run of characters (a procedure's name such as auth.checkResetToken is a pattern).
    const labelValues = [...text.matchAll(/[a-z_]+="([^"]*)"/g)].map((m) => m[1]!);
    for (const v of labelValues) {
      expect(v).not.toMatch(/@|secret|vk_live|[0-9a-f]{8}-[0-9a-f]{4}|[A-Za-z0-9_-]{24,}/i);
    }

    // No cookie, password, key or token in any line.
    const sessionValue = cookie.split('=')[1]!.split(';')[0]!;
    const all = lines.join('\n');
    for (const secret of [sessionValue, PASSWORD, 'supersecretkey', 'secrettoken', 'querysecret', METRICS_TOKEN, 'wrong-token']) {
      expect(all).not.toContain(secret);
    }
  }, 300_000);

  test('the probes: /livez, /readyz with its checks, /healthz; other paths under their names are a plain 404, never the page', async () => {
    expect(await (await fetch(`${server.url}/livez`)).json()).toEqual({ ok: true });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ok: true, checks: { database: true, migrations: true, storage: true, draining: false } });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    // The page itself is served (the fallback is on) ...
    expect(await (await fetch(`${server.url}/app/history`)).text()).toContain('<html>');
    // ... but never for a probe's name.
    for (const p of ['/readyz/db', '/livez/x', '/healthz/deep', '/metrics/x', '/metrics.json']) {
      const r = await fetch(server.url + p);
      expect([p, r.status]).toEqual([p, 404]);
      expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
    }
  });

  test('/readyz is 503 naming the storage while it cannot be written, and 200 again after', async () => {
    const files = path.join(server.deps.env.DATA_DIR, 'files');
    mkdirSync(files, { recursive: true });
    const aside = `${files}.aside`;
    renameSync(files, aside);
    writeFileSync(files, 'not a folder');
    try {
      const cut = await fetch(`${server.url}/readyz`);
      expect(cut.status).toBe(503);
      expect(await cut.json()).toMatchObject({ ok: false, failed: ['storage'], checks: { database: true, storage: false } });
    } finally {
      rmSync(files);
      renameSync(aside, files);
    }
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });
});

// Real PostgreSQL only: PGlite lives inside the process and cannot be cut off.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the database cut (PostgreSQL)', () => {
  test('/readyz 503 naming the database while it is cut and 200 after; one log line when it goes, one when it is back', async () => {
    const fresh = await freshDatabase();
    const pgUrl = new URL(fresh.url!);
    const fwd = await startForwarder({ host: pgUrl.hostname, port: Number(pgUrl.port || 5432) });
    pgUrl.port = String(fwd.port);
    const handle = await openDatabase({ databaseUrl: pgUrl.toString(), poolSize: 5 });
    const lines: string[] = [];
    const server = await startTestServer({ WORKER_CONCURRENCY: '1' }, { handle, logger: lineLogger((l) => lines.push(l.trimEnd())) });
    const outage = () => parse(lines).filter((l) => l.outage === 'down' || l.outage === 'up');
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      await fwd.cut();
      const cut = await fetch(`${server.url}/readyz`);
      expect(cut.status).toBe(503);
      expect(await cut.json()).toMatchObject({ ok: false, checks: { database: false, storage: true } });
      // Every loop of the process meets the outage several times over: still one line.
      await until('the outage line', () => outage().length > 0);
      for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
      // Requests that reach the database fail too (logged, 503), and the loops keep polling: no second line.
      const seller = new HttpClient(server.url);
      for (let i = 0; i < 2; i++) expect((await seller.mutate('auth.signUp', validSignUp(`kesik${i}@example.com`))).status).toBe(503);
      await until('a request line with status 503', () => parse(lines).find((l) => l.status === 503 && l.route === '/trpc/auth.signUp'));
      expect(outage().map((l) => l.outage)).toEqual(['down']);

      await fwd.restore();
      await until('ready again', async () => ((await fetch(`${server.url}/readyz`)).status === 200 ? true : undefined));
      await until('the line saying it is back', () => (outage().length === 2 ? true : undefined));
      expect(outage().map((l) => [l.outage, l.msg])).toEqual([
        ['down', expect.stringMatching(/^database unavailable: /)],
        ['up', 'database available again'],
      ]);
    } finally {
      await server.close();
      await handle.close();
      await fwd.close();
      await fresh.close();
    }
  }, 300_000);
});
