import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pg from 'pg';
import WebSocket from 'ws';
import { HttpClient, startTestServer, validSignUp } from '../helpers/server';
import { adminClient } from '../admin/helpers';
import { M } from '../../shared/messages';
import type { RunningServer } from '../../server/index';
import { waitFor } from '../helpers/wait';

/**
 * The server survives its database going away (issue "Hardening", 1.2, 1.3 and section 2).
 * Real PostgreSQL only: PGlite lives inside the process and cannot be cut off.
 */
const PG = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG)('database outage (PostgreSQL)', () => {
  let server: RunningServer;
  let dbName: string;
  const admin = () => new pg.Client({ connectionString: PG });

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: '1' });
    dbName = new URL((server.handle as { url?: string }).url!).pathname.slice(1);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Ends every connection to the test database: pool clients, in-flight transactions, LISTEN. */
  async function terminateBackends(): Promise<number> {
    const c = admin();
    await c.connect();
    try {
      const r = await c.query(
        'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [dbName],
      );
      return r.rows[0].n;
    } finally {
      await c.end();
    }
  }

  test('every backend terminated 3 times under 20 readers: the process lives, answers 503 meanwhile, recovers within 10 s, and live updates flow again within 5 s', async () => {
    const seller = new HttpClient(server.url);
    seller.headers['x-forwarded-for'] = '10.88.0.1';
    expect((await seller.mutate('auth.signUp', validSignUp('kesinti@example.com'))).status).toBe(200);

    // The seller's live balance over a real WebSocket.
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/trpc`, {
      headers: { origin: server.url, cookie: seller.cookieString() },
    });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const balances: Array<{ balance: number; at: number }> = [];
    ws.on('message', (m) => {
      const msg = JSON.parse(m.toString());
      const data = msg.result?.data?.data;
      if (msg.id === 1 && data && typeof data.balance === 'number') balances.push({ balance: data.balance, at: Date.now() });
    });
    ws.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'credits.onChange', input: {} } }));

    // 20 concurrent readers until told to stop.
    let stop = false;
    const failures: Array<{ status: number; message?: string }> = [];
    let ok = 0;
    const readers = Array.from({ length: 20 }, async (_, i) => {
      const c = new HttpClient(server.url);
      c.cookies = new Map(seller.cookies);
      c.headers['x-forwarded-for'] = `10.88.1.${i}`;
      while (!stop) {
        const r = await c.query('credits.balance').catch((err: Error) => ({ status: 0, error: { message: err.message } }));
        if (r.status === 200) ok++;
        else failures.push({ status: r.status, message: r.error?.message });
      }
    });

    await waitFor(() => ok >= 20, { what: 'the readers to be reading' });
    for (let round = 0; round < 3; round++) {
      const served = ok + failures.length;
      expect(await terminateBackends()).toBeGreaterThan(0);
      // The readers go on meeting the cut (answered, 503 or not) before the next one.
      await waitFor(() => ok + failures.length >= served + 20, { what: 'reads after the cut' });
    }

    // Recovery: a fresh read succeeds within 10 s of the last termination.
    await waitFor(async () => (await seller.query('credits.balance')).status === 200, { timeout: 10_000, what: 'requests to recover' });
    const okBefore = ok;
    await waitFor(() => ok > okBefore, { what: 'the readers to read again' });
    stop = true;
    await Promise.all(readers);
    expect(ok).toBeGreaterThan(okBefore);

    // During the outage, only the Turkish "try again shortly" answer; never a 500 or a dropped socket.
    for (const f of failures) {
      expect(f.status).toBe(503);
      expect(f.message).toBe(M.common.serviceUnavailable);
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    // The event bus reconnected: an admin's credit change reaches the seller's socket within 5 s.
    const ops = await adminClient(server);
    expect((await ops.mutate('admin.credits.set', { email: 'kesinti@example.com', balance: 55 })).status).toBe(200);
    await waitFor(() => balances.some((b) => b.balance === 55), { timeout: 5_000, what: 'the credit change to reach the socket' });
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.close();
  }, 60_000);
});
