import { afterAll, beforeAll, expect, test } from 'vitest';
import Stripe from 'stripe';
import { createHmac, randomUUID } from 'node:crypto';
import { startTestServer } from '../helpers/server';
import { balanceOf, ledgerSum } from '../helpers/fixtures';
import { signUp } from '../../server/services/accounts';
import type { RunningServer } from '../../server/index';

// Regressions from the attack on the running server (issue "Hardening", 1.1, 1.7, 1.8).
const LS_SECRET = 'ls_forgery_secret';
const STRIPE_SECRET = 'whsec_forgery';
const VARIANTS = { basic: '101', standard: '102', premium: '103' };
let server: RunningServer;
const db = () => server.handle.db;

beforeAll(async () => {
  server = await startTestServer({
    LEMONSQUEEZY_WEBHOOK_SECRET: LS_SECRET,
    LEMONSQUEEZY_VARIANT_BASIC: VARIANTS.basic,
    LEMONSQUEEZY_VARIANT_STANDARD: VARIANTS.standard,
    LEMONSQUEEZY_VARIANT_PREMIUM: VARIANTS.premium,
    STRIPE_WEBHOOK_SECRET: STRIPE_SECRET,
  });
});
afterAll(async () => {
  await server.close();
});

async function newUser() {
  const email = `satici-${randomUUID().slice(0, 8)}@example.com`;
  const user = await signUp(db(), { email, password: 'gizli-sifre', fullName: 'Satıcı', companyName: null, phone: null });
  return { id: user.id, email };
}

async function sendLs(body: unknown) {
  const payload = JSON.stringify(body);
  const sig = createHmac('sha256', LS_SECRET).update(payload).digest('hex');
  return fetch(`${server.url}/api/webhooks/lemonsqueezy`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': sig },
    body: payload,
  });
}

let orderSeq = 7000;
function order(user: { id: string; email: string }, attrs: Record<string, unknown>, custom: Record<string, unknown> = {}) {
  return {
    meta: { event_name: 'order_created', custom_data: { user_id: user.id, ...custom } },
    data: { id: String(orderSeq++), type: 'orders', attributes: { status: 'paid', currency: 'USD', user_email: user.email, ...attrs } },
  };
}

async function webhookRow(key: string) {
  return db().selectFrom('processed_webhooks').selectAll().where('event_key', '=', key).executeTakeFirstOrThrow();
}

test('a plan named in checkout custom data is ignored: the signed variant decides (basic stays 60 credits)', async () => {
  const u = await newUser();
  const body = order(u, { subtotal: 7900, total: 9480, first_order_item: { variant_id: Number(VARIANTS.basic) } }, { plan: 'premium' });
  const r = await sendLs(body);
  expect(r.status).toBe(200);
  expect(await balanceOf(db(), u.id)).toBe(10 + 60);
  const user = await db().selectFrom('users').select('plan_code').where('id', '=', u.id).executeTakeFirstOrThrow();
  expect(user.plan_code).toBe('basic');
  expect(await ledgerSum(db(), u.id)).toBe(70);
});

test('a variant whose amount is not its price, or an unknown variant, credits nobody and is recorded for the admin', async () => {
  const u = await newUser();
  const cheap = order(u, { subtotal: 1, total: 1, first_order_item: { variant_id: Number(VARIANTS.premium) } }, { plan: 'premium' });
  expect((await sendLs(cheap)).status).toBe(200);
  const unknown = order(u, { subtotal: 39900, total: 39900, first_order_item: { variant_id: 999 } });
  expect((await sendLs(unknown)).status).toBe(200);
  expect(await balanceOf(db(), u.id)).toBe(10);
  for (const body of [cheap, unknown]) {
    const row = await webhookRow(`lemonsqueezy:order_created:${body.data.id}`);
    expect(row.matched).toBe(false);
    expect((row.summary as { problem?: string }).problem).toBe('plan_mismatch');
  }
  // The admin's webhook log says why.
  const { listWebhookLogs } = await import('../../server/services/admin/webhooks');
  const logs = await listWebhookLogs(db());
  const shown = logs.events.find((e) => e.eventKey === `lemonsqueezy:order_created:${cheap.data.id}`);
  expect(shown?.summary?.problem).toBe('plan_mismatch');
});

test('a renewal is priced by its amount, never by custom data', async () => {
  const u = await newUser();
  const renewal = {
    meta: { event_name: 'subscription_payment_success', custom_data: { user_id: u.id, plan: 'premium' } },
    data: {
      id: String(orderSeq++),
      type: 'subscription-invoices',
      attributes: { billing_reason: 'renewal', subtotal: 7900, total: 7900, user_email: u.email },
    },
  };
  expect((await sendLs(renewal)).status).toBe(200);
  expect(await balanceOf(db(), u.id)).toBe(10 + 60);
});

test('a second account paying with the same provider customer is credited, the conflict recorded, never a 500', async () => {
  const a = await newUser();
  const b = await newUser();
  const variant = { first_order_item: { variant_id: Number(VARIANTS.basic) }, subtotal: 7900, total: 7900, customer_id: 4242 };
  expect((await sendLs(order(a, variant))).status).toBe(200);
  const second = order(b, variant);
  const r = await sendLs(second);
  expect(r.status).toBe(200);
  expect(await balanceOf(db(), a.id)).toBe(70);
  expect(await balanceOf(db(), b.id)).toBe(70);
  const row = await webhookRow(`lemonsqueezy:order_created:${second.data.id}`);
  expect(row.user_id).toBe(b.id);
  expect((row.summary as { problem?: string }).problem).toBe('customer_conflict');
  // The customer stays with the account that had it first.
  const holder = await db().selectFrom('billing_profiles').select('user_id').where('customer_id', '=', '4242').execute();
  expect(holder).toEqual([{ user_id: a.id }]);
});

test('a signed Stripe event dated in the future is refused', async () => {
  const u = await newUser();
  const stripe = new Stripe('sk_test_unused');
  const payload = JSON.stringify({
    id: `evt_future_${randomUUID()}`,
    object: 'event',
    type: 'checkout.session.completed',
    api_version: '2024-06-20',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_${randomUUID()}`,
        object: 'checkout.session',
        payment_status: 'paid',
        client_reference_id: u.id,
        amount_total: 7900,
        currency: 'usd',
        metadata: {},
      },
    },
  });
  const send = (timestamp: number) =>
    fetch(`${server.url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET, timestamp }),
      },
      body: payload,
    });
  expect((await send(Math.floor(Date.now() / 1000) + 3600)).status).toBe(400);
  expect(await balanceOf(db(), u.id)).toBe(10);
  expect((await send(Math.floor(Date.now() / 1000))).status).toBe(200);
  expect(await balanceOf(db(), u.id)).toBe(70);
});

test('a purchase after the paid period ended starts from zero: expired credits do not roll into the new period (D8)', async () => {
  const u = await newUser();
  await db()
    .updateTable('users')
    .set({ credits_expire_at: new Date(Date.now() - 60_000) })
    .where('id', '=', u.id)
    .execute();
  const body = order(u, { subtotal: 7900, total: 7900, first_order_item: { variant_id: Number(VARIANTS.basic) } });
  expect((await sendLs(body)).status).toBe(200);
  expect(await balanceOf(db(), u.id)).toBe(60);
  expect(await ledgerSum(db(), u.id)).toBe(60);
  const expiredRows = await db()
    .selectFrom('credit_ledger')
    .select('delta')
    .where('user_id', '=', u.id)
    .where('reason', '=', 'expired')
    .execute();
  expect(expiredRows).toEqual([{ delta: -10 }]);
  const after = await db().selectFrom('users').select('credits_expire_at').where('id', '=', u.id).executeTakeFirstOrThrow();
  expect(new Date(after.credits_expire_at!).getTime()).toBeGreaterThan(Date.now());
});
