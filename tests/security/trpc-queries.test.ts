import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import express from 'express';
import { createServer, type Server } from 'node:http';
import { initTRPC } from '@trpc/server';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { HttpClient, startTestServer, validSignUp } from '../helpers/server';
import { appRouter } from '../../server/routers';
import { createContext } from '../../server/trpc/context';
import { trpcQueries } from '../../server/http/trpc-queries';
import { setSetting } from '../../server/services/settings';
import { M } from '../../shared/messages';
import { lineLogger } from '../../server/lib/log';
import type { RunningServer } from '../../server/index';

// GET queries are answered by server/http/trpc-queries.ts instead of tRPC's Node adapter. Over the
// same database and the same requests, its answers must be tRPC's own, byte for byte in meaning;
// what it does not answer it must pass on (here: to a 418 marker).

let server: RunningServer;
const servers: Server[] = [];
let lean = '';
let stock = '';
let seller = '';

async function listen(app: express.Express): Promise<string> {
  const s = createServer(app);
  servers.push(s);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(s.address() as { port: number }).port}`;
}

/** What the server logs at error level (its request lines and the process logger's). */
const errorLines: string[] = [];
beforeAll(async () => {
  server = await startTestServer({}, { logger: lineLogger((line) => errorLines.push(line), 'error') });
  const context = (req: Parameters<typeof createContext>[1], res: Parameters<typeof createContext>[2]) =>
    createContext(server.deps, req, res, 'http');
  const leanApp = express();
  leanApp.use('/trpc', trpcQueries({ router: appRouter, createContext: context, maxBatchSize: 20 }), (_req, res) => {
    res.status(418).end();
  });
  const stockApp = express();
  stockApp.use(
    '/trpc',
    createExpressMiddleware({ router: appRouter, createContext: ({ req, res }) => context(req, res), maxBatchSize: 20 }),
  );
  lean = await listen(leanApp);
  stock = await listen(stockApp);
  const c = new HttpClient(server.url);
  expect((await c.mutate('auth.signUp', validSignUp('lean-queries@example.com'))).status).toBe(200);
  seller = c.cookieString();
});
afterAll(async () => {
  for (const s of servers) await new Promise((resolve) => s.close(resolve));
  await server?.close();
});

const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));

async function ask(base: string, path: string, cookie?: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/trpc/${path}`, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    vary: res.headers.get('vary'),
    body: text ? (JSON.parse(text) as unknown) : null,
  };
}

const ANSWERED: [string, string, boolean][] = [
  ['session check, signed out', 'auth.me', false],
  ['session check, signed in', 'auth.me', true],
  ['balance, signed in', 'credits.balance', true],
  ['balance, signed out (401)', 'credits.balance', false],
  ['a page of transactions', `credits.transactions?input=${json({ page: 1, pageSize: 5 })}`, true],
  ['refused input (400, Turkish field errors)', `credits.transactions?input=${json({ page: 0, pageSize: 500 })}`, true],
  ['an admin query as a seller (403)', 'admin.dashboard', true],
  ['a batch, all answered', `credits.balance,content.site?batch=1&input=${json({})}`, true],
  ['a batch, mixed answers (207)', `credits.balance,content.site?batch=1&input=${json({})}`, false],
  [
    'a batch with inputs for some calls',
    `credits.transactions,credits.balance,credits.transactions?batch=1&input=${json({ 0: { page: 1 }, 2: { page: 0 } })}`,
    true,
  ],
  ['a batch without input', 'credits.balance,auth.me?batch=1', true],
  ['public site texts, signed out', 'content.site', false],
];

describe('answered here exactly as tRPC answers', () => {
  test.each(ANSWERED)('%s', async (_label, path, signedIn) => {
    const cookie = signedIn ? seller : undefined;
    const ours = await ask(lean, path, cookie);
    expect(ours.status).not.toBe(418);
    const theirs = await ask(stock, path, cookie);
    // The lean path compresses its answers itself, so it names Accept-Encoding too (as the compression middleware does).
    expect(ours).toEqual({ ...theirs, vary: `${theirs.vary}, Accept-Encoding` });
  });

  test('maintenance mode: the site closes (503) while the session check stays open', async () => {
    await setSetting(server.deps.db, 'maintenance_mode', 'true');
    try {
      for (const path of ['credits.balance', 'auth.me', `credits.balance,auth.me?batch=1`]) {
        const ours = await ask(lean, path, seller);
        expect(ours.body).toEqual((await ask(stock, path, seller)).body);
      }
      expect((await ask(lean, 'credits.balance', seller)).status).toBe(503);
    } finally {
      await setSetting(server.deps.db, 'maintenance_mode', 'false');
    }
  });
});

describe('passed on to tRPC', () => {
  const batchOf = (n: number) => `${Array.from({ length: n }, () => 'auth.me').join(',')}?batch=1`;
  test.each([
    ['a mutation over GET', 'auth.signOut'],
    ['a subscription', 'credits.onChange'],
    ['an unknown procedure', 'nothing.here'],
    ['commas outside a batch', 'credits.balance,auth.me'],
    ['input that is not JSON', `credits.transactions?input=${encodeURIComponent('{"page":')}`],
    ['a batch input that is no object', `credits.balance?batch=1&input=${json([1])}`],
    ['a batch over the limit', batchOf(21)],
  ])('%s', async (_label, path) => {
    expect((await ask(lean, path, seller)).status).toBe(418);
  });

  test('a streaming call (trpc-accept) and a POST', async () => {
    expect((await ask(lean, `auth.me?batch=1`, seller, { 'trpc-accept': 'application/jsonl' })).status).toBe(418);
    const post = await fetch(`${lean}/trpc/auth.me`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(post.status).toBe(418);
  });

  test('a batch at the limit is still answered here', async () => {
    const answer = await ask(lean, batchOf(20), seller);
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(20);
  });
});

test('a broken percent escape in the called path is a 400 with the Turkish text, here and on the whole server, never a 500 or a logged stack', async () => {
  errorLines.length = 0;
  const here = await ask(lean, 'credits%E0%A4%A.balance', seller);
  expect([here.status, here.body]).toEqual([
    400,
    { error: { message: M.common.invalidInput, code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400, appCode: 'VALIDATION' } } },
  ]);
  for (const [path, init] of [
    ['%E0%A4%A', {}],
    ['content.site,%E0%A4%A?batch=1', {}],
    ['credits.balance%E0', { headers: { cookie: seller } }],
    ['auth.signOut%E0%A4%A', { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: '{}' }],
  ] as const) {
    const res = await fetch(`${server.url}/trpc/${path}`, init);
    const text = await res.text();
    expect(res.status, path).toBe(400);
    expect(JSON.parse(text).error.message, path).toBe(M.common.invalidInput);
    expect(text).not.toMatch(/URIError|at .*\.ts/);
  }
  expect(errorLines).toEqual([]);
});

test('the whole server answers GET queries the same way (lean path mounted before tRPC)', async () => {
  const path = `credits.balance,auth.me?batch=1&input=${json({})}`;
  const whole = await ask(server.url, path, seller);
  expect(whole.status).toBe(200);
  expect(whole.body).toEqual((await ask(stock, path, seller)).body);
});

test('the lean answers are compressed as the rest of the site: 1 KB or more in the encoding the client takes, the public reads from their cache too', async () => {
  const raw = async (path: string, encoding: string) => {
    // node:http, not fetch: fetch would undo the encoding and hide it.
    const { request } = await import('node:http');
    return new Promise<{ encoding?: string; vary?: string; body: Buffer }>((resolve, reject) => {
      request(`${server.url}/trpc/${path}`, { headers: { 'accept-encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], vary: res.headers.vary, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
  };
  const { gunzipSync, brotliDecompressSync } = await import('node:zlib');
  const plain = await raw('content.landing', 'identity');
  expect(plain.encoding).toBeUndefined();
  expect(plain.body.length).toBeGreaterThan(1024);
  // Twice each: the second is the public read cache's answer.
  for (let i = 0; i < 2; i++) {
    const gz = await raw('content.landing', 'gzip, deflate, br');
    expect(gz.encoding).toBe('gzip');
    expect(gz.vary).toMatch(/Accept-Encoding/);
    expect(gunzipSync(gz.body).toString()).toBe(plain.body.toString());
    const br = await raw('content.landing', 'br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
  }
  // A small answer goes as it is.
  const small = await raw('auth.me', 'gzip');
  expect(small.encoding).toBeUndefined();
  expect(JSON.parse(small.body.toString())).toEqual({ result: { data: { user: null } } });
});

test('an answer JSON cannot hold goes to the error handler as a 500, not to an unhandled rejection', async () => {
  const t = initTRPC.create();
  const router = t.router({ big: t.procedure.query(() => ({ n: 1n })) });
  const app = express();
  app.use('/trpc', trpcQueries({ router, createContext: async () => ({}), maxBatchSize: 20 }));
  app.use((_err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(500).json({ handled: true });
  });
  const base = await listen(app);
  const res = await fetch(`${base}/trpc/big`);
  expect(res.status).toBe(500);
  expect(await res.json()).toEqual({ handled: true });
});
