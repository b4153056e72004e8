import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { HttpClient, startTestServer, validSignUp } from '../helpers/server';
import { sessionCacheFor } from '../../server/auth/session-cache';
import type { RunningServer } from '../../server/index';

// What a read costs the database (speed budget): a visitor without a cookie never reaches the
// sessions tables; a signed-in balance read is one query and opens no transaction: the session lookup,
// which brings the credit columns with it, or, with the session in the session cache
// (docs/decisions.md D59), the balance read alone.

let server: RunningServer;
let seller: HttpClient;

beforeAll(async () => {
  server = await startTestServer();
  seller = new HttpClient(server.url);
  expect((await seller.mutate('auth.signUp', validSignUp('request-cost@example.com'))).status).toBe(200);
  // Warm the settings copy every procedure reads (maintenance mode).
  expect((await seller.query('credits.balance')).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

/** The SQL the server runs while answering `path`, and whether it opened a transaction. */
async function sqlFor(path: string, cookie?: string) {
  const db = server.deps.db;
  const run = vi.spyOn(db.getExecutor(), 'executeQuery');
  const transaction = vi.spyOn(db, 'transaction');
  try {
    const res = await fetch(`${server.url}/trpc/${path}`, { headers: cookie ? { cookie } : {} });
    expect(res.status).toBe(200);
    return { statements: run.mock.calls.map(([query]) => query.sql), transactions: transaction.mock.calls.length };
  } finally {
    run.mockRestore();
    transaction.mockRestore();
  }
}

test('a visitor without a cookie: no query reads a sessions table', async () => {
  for (const path of ['auth.me', 'content.site', 'auth.me,content.plans?batch=1']) {
    const { statements } = await sqlFor(path);
    expect(statements.filter((s) => /sessions/.test(s))).toEqual([]);
  }
});

test('a signed-in balance read is one query and no transaction, with the session cached or not', async () => {
  // The settings copy warmed again right before: what any earlier file in this worker did to the
  // process's read caches (they are per process) does not count here.
  expect((await seller.query('credits.balance')).status).toBe(200);
  sessionCacheFor(server.deps.bus).clear();
  const cold = await sqlFor('credits.balance', seller.cookieString());
  expect(cold.statements, cold.statements.join('\n')).toHaveLength(1);
  expect(cold.statements[0]).toMatch(/from "sessions"/);
  expect(cold.statements[0]).toMatch(/"credits_balance"/);
  expect(cold.transactions).toBe(0);
  const warm = await sqlFor('credits.balance', seller.cookieString());
  expect(warm.statements, warm.statements.join('\n')).toHaveLength(1);
  expect(warm.statements[0]).not.toMatch(/sessions/);
  expect(warm.statements[0]).toMatch(/"credits_balance"/);
  expect(warm.transactions).toBe(0);
});

test('a batch of signed-in reads looks the session up once, and not at all while it is cached', async () => {
  const batch = 'credits.balance,auth.me,auth.preferences?batch=1';
  sessionCacheFor(server.deps.bus).clear();
  const cold = await sqlFor(batch, seller.cookieString());
  expect(cold.statements.filter((s) => /from "sessions"/.test(s))).toHaveLength(1);
  const warm = await sqlFor(batch, seller.cookieString());
  expect(warm.statements.filter((s) => /sessions/.test(s))).toEqual([]);
});
