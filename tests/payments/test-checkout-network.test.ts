import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HttpClient, startTestServer, validSignUp } from '../helpers/server';
import { createOtherHost, otherHostUnavailable, type OtherHost } from '../helpers/netns';
import { ledgerSum } from '../helpers/fixtures';
import { INDIVIDUAL_DETAILS, openCheckout, payCheckout } from '../helpers/purchase';
import { findPlan } from '../../shared/plans';
import { M } from '../../shared/messages';
import type { RunningServer } from '../../server/index';

/**
 * The local test checkout hands out credits for nothing, so only the operator's own machine may
 * use it. A buyer on another host (a network namespace joined by a veth pair) must neither reach
 * the server nor, when someone binds it wider, use the checkout, whatever headers it sends.
 */

const DETAILS = INDIVIDUAL_DETAILS;
const PREMIUM = findPlan('premium')!.credits;

const balance = async (server: RunningServer, id: string) =>
  (await server.handle.db.selectFrom('users').select('credits_balance').where('id', '=', id).executeTakeFirstOrThrow()).credits_balance;

/** Signs up with invoice details and pays three premium test checkouts: what the issue's buyer did. */
async function buyThreePremium(c: HttpClient, email: string): Promise<string> {
  const id = (await c.mutate('auth.signUp', validSignUp(email))).data.user!.id;
  expect((await c.mutate('payments.saveInvoiceDetails', DETAILS)).status).toBe(200);
  for (let i = 0; i < 3; i++) {
    expect(await payCheckout(c, await openCheckout(c, 'premium'))).toEqual({ status: 200, body: JSON.stringify({ outcome: 'credited' }) });
  }
  return id;
}

const unavailable = otherHostUnavailable();
// Each test starts a server and signs up several accounts (argon2): generous bounds for a busy machine.

describe.skipIf(unavailable !== null)(`from another host${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  let other: OtherHost;
  beforeAll(async () => {
    other = await createOtherHost();
  });
  afterAll(async () => {
    await other?.close();
  });

  for (const [label, env] of [
    ['with the defaults', {}],
    ['with PUBLIC_URL=http://localhost:3903', { PUBLIC_URL: 'http://localhost:3903' }],
  ] as const) {
    test(`${label}, the test checkout is on and the server cannot be reached from another host`, async () => {
      const lines: string[] = [];
      const server = await startTestServer(env, { log: (line) => lines.push(line) });
      try {
        expect(server.deps.payments.checkout).toBe('test');
        const buyer = new HttpClient(await other.relayTo(server.port));
        await expect(buyThreePremium(buyer, 'remote@example.com')).rejects.toThrow();
        const remote = await server.handle.db.selectFrom('users').select('id').where('email', '=', 'remote@example.com').execute();
        expect(remote).toEqual([]);
        // The operator's own machine still buys.
        const local = new HttpClient(`http://127.0.0.1:${server.port}`);
        const id = await buyThreePremium(local, 'local@example.com');
        expect(await balance(server, id)).toBe(10 + 3 * PREMIUM);
        // The start-up log says so.
        expect(lines).toContain(
          `Test ödemesi açık (gerçek para alınmaz): sunucu yalnızca 127.0.0.1:${server.port} adresinde dinliyor, ` +
            'başka bilgisayarlardan erişilemez; test ödemesi yalnızca bu bilgisayardan gelen isteklere açık.',
        );
      } finally {
        await server.close();
      }
    }, 120_000);
  }

  test('bound wider, the checkout and its pay route refuse a caller that is not loopback, whatever its headers say', async () => {
    const lines: string[] = [];
    // TRUST_PROXY=1: the server believes one proxy's X-Forwarded-For for client IPs, never for this.
    const server = await startTestServer({ TRUST_PROXY: '1' }, { listenHost: '0.0.0.0', log: (line) => lines.push(line) });
    try {
      const remote = new HttpClient(await other.relayTo(server.port));
      const r = await remote.mutate('auth.signUp', validSignUp('remote@example.com'));
      expect(r.status).toBe(200);
      const remoteId = r.data.user!.id;
      expect((await remote.mutate('payments.saveInvoiceDetails', DETAILS)).status).toBe(200);

      const spoofs: Record<string, string>[] = [
        {},
        { 'x-forwarded-for': '127.0.0.1' },
        { forwarded: 'for=127.0.0.1;host=localhost', 'x-real-ip': '127.0.0.1', 'x-forwarded-host': 'localhost' },
      ];
      for (const headers of spoofs) {
        remote.headers = headers;
        expect((await remote.mutate('credits.checkout', { plan: 'premium' })).data).toEqual({
          url: null,
          message: M.payments.testLocalOnly,
        });
        // A session made earlier (say, before a restart) cannot be paid or shown either.
        const session = await server.handle.db
          .insertInto('checkout_sessions')
          .values({
            user_id: remoteId,
            provider: 'test',
            plan_code: 'premium',
            amount_cents: findPlan('premium')!.usdPrice * 100,
            currency: 'USD',
            expires_at: new Date(Date.now() + 60_000),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const view = await remote.query('payments.testCheckout', { id: session.id });
        expect(view.error.message).toBe(M.payments.testLocalOnly);
        const paid = await remote.raw(`/api/test-checkout/${session.id}/pay`, { method: 'POST' });
        expect(paid.status).toBe(403);
        expect(((await paid.json()) as { error: { message: string } }).error.message).toBe(M.payments.testLocalOnly);
      }
      expect(await balance(server, remoteId)).toBe(10);
      expect(await ledgerSum(server.handle.db, remoteId)).toBe(10);

      // A proxy on this host connects over loopback on anyone's behalf: what it forwards is refused.
      const proxied = new HttpClient(`http://127.0.0.1:${server.port}`);
      proxied.headers = { 'x-forwarded-for': '203.0.113.9' };
      await proxied.mutate('auth.signUp', validSignUp('proxied@example.com'));
      await proxied.mutate('payments.saveInvoiceDetails', DETAILS);
      expect((await proxied.mutate('credits.checkout', { plan: 'premium' })).data.message).toBe(M.payments.testLocalOnly);

      // The machine itself, over loopback, still buys.
      const local = new HttpClient(`http://127.0.0.1:${server.port}`);
      const localId = await buyThreePremium(local, 'local@example.com');
      expect(await balance(server, localId)).toBe(10 + 3 * PREMIUM);
      const hooks = await server.handle.db.selectFrom('processed_webhooks').select('user_id').where('provider', '=', 'test').execute();
      expect(hooks.map((h) => h.user_id)).toEqual([localId, localId, localId]);
      expect(lines.some((l) => l.startsWith('Test ödemesi açık') && l.includes('0.0.0.0:'))).toBe(true);
    } finally {
      await server.close();
    }
  }, 120_000);
});
