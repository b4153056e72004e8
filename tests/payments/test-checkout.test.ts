import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HttpClient, startTestServer, validSignUp } from '../helpers/server';
import { ledgerSum } from '../helpers/fixtures';
import { readEnv } from '../../server/env';
import { testCheckoutAllowed } from '../../server/providers/payments';
import { isLocalCaller } from '../../server/providers/payments/test-checkout';
import type { IncomingMessage } from 'node:http';
import { M } from '../../shared/messages';
import { setSetting } from '../../server/services/settings';
import type { RunningServer } from '../../server/index';
import JSZip from 'jszip';
import { pdfText } from '../helpers/pdf';
import { INDIVIDUAL_DETAILS } from '../helpers/purchase';

const DETAILS = INDIVIDUAL_DETAILS;

test('the test checkout exists only on the operator machine without a real provider', () => {
  const env = (over: Record<string, string> = {}) => readEnv({ PORT: '0', ...over } as NodeJS.ProcessEnv);
  expect(testCheckoutAllowed(env(), false)).toBe(true);
  expect(testCheckoutAllowed(env({ PUBLIC_URL: 'http://localhost:3300' }), false)).toBe(true);
  expect(testCheckoutAllowed(env({ PUBLIC_URL: 'http://127.0.0.1:3300' }), false)).toBe(true);
  expect(testCheckoutAllowed(env({ PUBLIC_URL: 'http://[::1]:3300' }), false)).toBe(true);
  expect(testCheckoutAllowed(env({ NODE_ENV: 'development' }), false)).toBe(true);
  // Off: a real provider, production, https, or any non-loopback address.
  expect(testCheckoutAllowed(env(), true)).toBe(false);
  expect(testCheckoutAllowed(env({ NODE_ENV: 'production' }), false)).toBe(false);
  expect(testCheckoutAllowed(env({ PUBLIC_URL: 'https://localhost:3300' }), false)).toBe(false);
  expect(testCheckoutAllowed(env({ PUBLIC_URL: 'https://vitrin.example.com' }), false)).toBe(false);
  expect(testCheckoutAllowed(env({ PUBLIC_URL: 'http://vitrin.example.com' }), false)).toBe(false);
  expect(testCheckoutAllowed(env({ PUBLIC_URL: 'http://192.168.1.5:3000' }), false)).toBe(false);
});

test('only a loopback socket with no forwarding header is a local caller', () => {
  const req = (remoteAddress: string | undefined, headers: Record<string, string> = {}) =>
    ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;
  for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLocalCaller(req(a)), a).toBe(true);
  for (const a of ['10.0.0.2', '192.168.1.5', '::ffff:10.0.0.2', 'fe80::1', '::', '0.0.0.0', '1127.0.0.1', undefined])
    expect(isLocalCaller(req(a)), String(a)).toBe(false);
  // Headers never make a caller local...
  const spoofed = { host: 'localhost', origin: 'http://localhost:3000', 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' };
  expect(isLocalCaller(req('10.0.0.2', spoofed))).toBe(false);
  // ...but a proxy's header makes a loopback socket remote: a proxy on this host connects for anyone.
  for (const h of ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'forwarded', 'x-real-ip'])
    expect(isLocalCaller(req('127.0.0.1', { [h]: '203.0.113.9' })), h).toBe(false);
});

describe('on the embedded default', () => {
  let server: RunningServer;
  let alice: HttpClient;
  let aliceId: string;
  beforeAll(async () => {
    server = await startTestServer();
    alice = new HttpClient(server.url);
    aliceId = (await alice.mutate('auth.signUp', validSignUp('alice-test@example.com'))).data.user!.id;
  });
  afterAll(async () => {
    await server.close();
  });

  const balance = async (id: string) =>
    await server.handle.db.selectFrom('users').select(['credits_balance', 'plan_code']).where('id', '=', id).executeTakeFirstOrThrow();

  test('buy → invoice details first → test checkout in lira → signed webhook → credits and a PDF invoice with KDV', async () => {
    // A default install sells in lira, KDV included: the admin's prices, no dollars anywhere.
    expect((await alice.query('payments.options')).data).toEqual({
      provider: 'test',
      currency: 'TRY',
      kdvRate: 20,
      testMode: true,
      prices: { basic: 299000, standard: 679000, premium: 1499000 },
    });

    const first = (await alice.mutate('credits.checkout', { plan: 'basic' })).data;
    expect(first).toEqual({ url: null, redirect: '/app/billing?plan=basic', message: M.payments.detailsFirst });

    expect((await alice.mutate('payments.saveInvoiceDetails', DETAILS)).status).toBe(200);
    const { url } = (await alice.mutate('credits.checkout', { plan: 'basic' })).data;
    const id = /^\/app\/test-checkout\/([0-9a-f-]{36})$/.exec(url!)![1]!;

    const view = (await alice.query('payments.testCheckout', { id })).data;
    expect(view).toMatchObject({
      plan: 'basic',
      credits: 60,
      amountCents: 299000,
      currency: 'TRY',
      completed: false,
      details: { tckn: '10000000146' },
    });

    const paid = await alice.raw(`/api/test-checkout/${id}/pay`, { method: 'POST' });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({ outcome: 'credited' });
    expect(await balance(aliceId)).toEqual({ credits_balance: 10 + 60, plan_code: 'basic' });
    expect(await ledgerSum(server.handle.db, aliceId)).toBe(70);

    // Pressing pay again (or a replayed event) changes nothing.
    expect(await (await alice.raw(`/api/test-checkout/${id}/pay`, { method: 'POST' })).json()).toEqual({ outcome: 'already' });
    expect((await balance(aliceId)).credits_balance).toBe(70);

    // The purchase went through the webhook log like any provider's event.
    const hook = await server.handle.db
      .selectFrom('processed_webhooks')
      .selectAll()
      .where('provider', '=', 'test')
      .executeTakeFirstOrThrow();
    expect(hook.user_id).toBe(aliceId);

    const tx = (await alice.query('credits.transactions', {})).data.items.find((t) => t.type === 'purchase');
    expect(tx).toMatchObject({ amountPaidCents: 299000, currency: 'TRY' });
    const res = await alice.raw(`/api/invoices/${tx!.id}`);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const single = pdfText(Buffer.from(await res.arrayBuffer()));

    // The invoices zip holds the same invoice as a PDF, read as pdftotext reads it.
    const zip = await JSZip.loadAsync(Buffer.from(await (await alice.raw('/api/invoices/all.zip')).arrayBuffer()));
    const names = Object.keys(zip.files);
    expect(names).toEqual([M.invoice.fileName(tx!.invoiceNumber!)]);
    const text = pdfText(await zip.file(names[0]!)!.async('nodebuffer'));
    expect(text).toBe(single);
    expect(text).toContain(M.payments.testBanner);
    expect(text).toContain(`${M.invoice.number}: ${tx!.invoiceNumber}`);
    expect(text).toContain('Ad soyad: Ayşe Yılmaz');
    expect(text).toContain('T.C. Kimlik No: 10000000146');
    expect(text).toContain('Bağdat Caddesi No: 1 Kadıköy / İstanbul');
    // 2.990 TL, KDV included at 20%: matrah 2.491,67 + KDV 498,33.
    expect(text).toContain('Matrah (KDV hariç): ₺2.491,67');
    expect(text).toContain('KDV (%20): ₺498,33');
    expect(text).toContain('Toplam (KDV dahil): ₺2.990,00');
    expect(text).toContain(`${M.invoice.reference}: test:session:${id}`);
    expect(text).not.toContain('$');
  });

  test('an install that sells in dollars shows and charges dollars only; a later lira purchase is numbered next', async () => {
    await setSetting(server.handle.db, 'currency', 'USD');
    try {
      expect((await alice.query('payments.options')).data).toMatchObject({ currency: 'USD', prices: { basic: 7900, premium: 39900 } });
      const { url } = (await alice.mutate('credits.checkout', { plan: 'basic' })).data;
      const id = url!.split('/').pop()!;
      expect((await alice.query('payments.testCheckout', { id })).data).toMatchObject({ amountCents: 7900, currency: 'USD' });
    } finally {
      await setSetting(server.handle.db, 'currency', 'TRY');
    }
    const { url } = (await alice.mutate('credits.checkout', { plan: 'standard' })).data;
    const id = url!.split('/').pop()!;
    expect(await (await alice.raw(`/api/test-checkout/${id}/pay`, { method: 'POST' })).json()).toEqual({ outcome: 'credited' });
    const numbers = (await alice.query('credits.transactions', {})).data.items
      .filter((t) => t.type === 'purchase')
      .map((t) => t.invoiceNumber!)
      .sort();
    expect(numbers).toHaveLength(2);
    expect(Number(numbers[1]!.slice(-9))).toBe(Number(numbers[0]!.slice(-9)) + 1);
  });

  test("another user cannot see or pay someone else's test checkout", async () => {
    const { url } = (await alice.mutate('credits.checkout', { plan: 'standard' })).data;
    const id = url!.split('/').pop()!;
    const bob = new HttpClient(server.url);
    const bobId = (await bob.mutate('auth.signUp', validSignUp('bob-test@example.com'))).data.user!.id;
    expect((await bob.query('payments.testCheckout', { id })).error.data.code).toBe('NOT_FOUND');
    expect((await bob.raw(`/api/test-checkout/${id}/pay`, { method: 'POST' })).status).toBe(404);
    expect((await balance(bobId)).credits_balance).toBe(10);
    // A foreign Origin is refused before anything happens.
    const evil = new HttpClient(server.url, 'https://evil.example');
    evil.cookies = new Map(alice.cookies);
    expect((await evil.raw(`/api/test-checkout/${id}/pay`, { method: 'POST' })).status).toBe(403);
  });

  test('maintenance mode closes the test checkout too: a session started before cannot be paid', async () => {
    await alice.mutate('payments.saveInvoiceDetails', DETAILS);
    const { url } = (await alice.mutate('credits.checkout', { plan: 'premium' })).data;
    const id = url!.split('/').pop()!;
    const before = await balance(aliceId);
    await setSetting(server.handle.db, 'maintenance_mode', 'true');
    try {
      expect((await alice.mutate('credits.checkout', { plan: 'premium' })).status).toBe(503);
      const paid = await alice.raw(`/api/test-checkout/${id}/pay`, { method: 'POST' });
      expect(paid.status).toBe(503);
      expect(await paid.json()).toEqual({
        error: { code: 'MAINTENANCE', message: M.common.maintenance, data: { appCode: 'MAINTENANCE' } },
      });
      expect(await balance(aliceId)).toEqual(before);
      expect(await ledgerSum(server.handle.db, aliceId)).toBe(before.credits_balance);
    } finally {
      await setSetting(server.handle.db, 'maintenance_mode', 'false');
    }
    // Once it is over, the same session pays.
    expect(await (await alice.raw(`/api/test-checkout/${id}/pay`, { method: 'POST' })).json()).toEqual({ outcome: 'credited' });
  });

  test('an event not signed by this server is refused and writes nothing', async () => {
    const body = JSON.stringify({
      id: 'testevt_forged',
      type: 'payment.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { sessionId: 'x', userId: aliceId, email: 'alice-test@example.com', plan: 'premium', amountCents: 39900, currency: 'USD' },
    });
    const t = Math.floor(Date.now() / 1000);
    const forged = await fetch(`${server.url}/api/webhooks/test`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-vitrin-test-signature': `t=${t},v1=${'0'.repeat(64)}` },
      body,
    });
    expect(forged.status).toBe(400);
    // Signed by this server but too old.
    const old = server.deps.payments.test.sign(body, t - 600);
    const stale = await fetch(`${server.url}/api/webhooks/test`, { method: 'POST', headers: { 'x-vitrin-test-signature': old }, body });
    expect(stale.status).toBe(400);
    const n = await server.handle.db
      .selectFrom('processed_webhooks')
      .select('event_key')
      .where('event_key', '=', 'test:testevt_forged')
      .execute();
    expect(n).toHaveLength(0);
  });
});

describe('off everywhere else', () => {
  for (const [label, env] of [
    ['an https PUBLIC_URL', { PUBLIC_URL: 'https://vitrin.example.com' }],
    ['NODE_ENV=production', { NODE_ENV: 'production' }],
    ['a real provider configured', { STRIPE_LINK_BASIC: 'https://buy.stripe.com/test_basic' }],
  ] as const) {
    test(`with ${label}`, async () => {
      const server = await startTestServer(env as Record<string, string>);
      try {
        expect(server.deps.payments.test.enabled).toBe(false);
        const c = new HttpClient(server.url, 'PUBLIC_URL' in env ? 'https://vitrin.example.com' : server.url);
        await c.mutate('auth.signUp', validSignUp('off@example.com'));
        await c.mutate('payments.saveInvoiceDetails', DETAILS);
        expect((await c.query('payments.options')).data.testMode).toBe(false);
        const r = (await c.mutate('credits.checkout', { plan: 'basic' })).data;
        expect(r.url ?? '').not.toContain('test-checkout');
        const session = await server.handle.db
          .insertInto('checkout_sessions')
          .values({
            user_id: (await c.query('auth.me')).data.user!.id,
            provider: 'test',
            plan_code: 'basic',
            amount_cents: 7900,
            currency: 'USD',
            expires_at: new Date(Date.now() + 60_000),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        expect((await c.raw(`/api/test-checkout/${session.id}/pay`, { method: 'POST' })).status).toBe(404);
        expect((await c.query('payments.testCheckout', { id: session.id })).error.data.code).toBe('NOT_FOUND');
        // Its webhook refuses everything, even an event carrying a well-formed signature.
        const body = '{"id":"x","type":"payment.succeeded"}';
        const t = Math.floor(Date.now() / 1000);
        const res = await fetch(`${server.url}/api/webhooks/test`, {
          method: 'POST',
          headers: { 'x-vitrin-test-signature': `t=${t},v1=${'a'.repeat(64)}` },
          body,
        });
        expect(res.status).toBe(400);
      } finally {
        await server.close();
      }
    });
  }
});
