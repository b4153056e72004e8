import { afterAll, beforeAll, expect, test } from 'vitest';
import Stripe from 'stripe';
import { createHmac } from 'node:crypto';
import { HttpClient, startTestServer, validSignUp } from '../helpers/server';
import { ledgerSum } from '../helpers/fixtures';
import type { RunningServer } from '../../server/index';

/** What the payment webhook answers. */
type Ack = { outcome: string };

const STRIPE_SECRET = 'whsec_test_vitrin';
const LS_SECRET = 'ls_test_vitrin';
const stripe = new Stripe('sk_test_unused');

let server: RunningServer;
let userId: string;
const email = 'odeme@example.com';

beforeAll(async () => {
  server = await startTestServer({
    STRIPE_WEBHOOK_SECRET: STRIPE_SECRET,
    LEMONSQUEEZY_WEBHOOK_SECRET: LS_SECRET,
    STRIPE_LINK_BASIC: 'https://buy.stripe.com/test_basic',
    STRIPE_PRICE_PREMIUM: 'price_premium_monthly',
  });
  const c = new HttpClient(server.url);
  const r = await c.mutate('auth.signUp', validSignUp(email));
  userId = r.data.user!.id;
});
afterAll(async () => {
  await server.close();
});

let seq = 0;
function stripeEvent(type: string, object: Record<string, unknown>, id = `evt_${Date.now()}_${seq++}`) {
  return JSON.stringify({ id, object: 'event', type, api_version: '2024-06-20', created: Math.floor(Date.now() / 1000), data: { object } });
}

async function sendStripe(payload: string, opts: { secret?: string; timestamp?: number; tamper?: boolean } = {}) {
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? STRIPE_SECRET, timestamp: opts.timestamp });
  const body = opts.tamper ? payload.replace('"amount_total":7900', '"amount_total":39900') : payload;
  return fetch(`${server.url}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body,
  });
}

async function sendLs(payload: string, secret = LS_SECRET) {
  const sig = createHmac('sha256', secret).update(payload).digest('hex');
  return fetch(`${server.url}/api/webhooks/lemonsqueezy`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': sig },
    body: payload,
  });
}

const db = () => server.handle.db;
async function state(id = userId) {
  const u = await db()
    .selectFrom('users')
    .select(['credits_balance', 'plan_code', 'credits_expire_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const purchases = await db()
    .selectFrom('credit_transactions')
    .select(['amount', 'amount_paid_cents'])
    .where('user_id', '=', id)
    .where('type', '=', 'purchase')
    .execute();
  return { balance: u.credits_balance, plan: u.plan_code, expires: u.credits_expire_at, purchases: purchases.length };
}
async function counts() {
  const w = await db()
    .selectFrom('processed_webhooks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const l = await db()
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { webhooks: Number(w.n), ledger: Number(l.n) };
}

const session = (over: Record<string, unknown> = {}) => ({
  id: `cs_${seq++}`,
  object: 'checkout.session',
  payment_status: 'paid',
  client_reference_id: userId,
  customer: 'cus_vitrin_1',
  customer_details: { email },
  amount_total: 7900,
  currency: 'usd',
  invoice: `in_first_${seq}`,
  metadata: {},
  ...over,
});

test('checkout returns the payment link with the prefilled e-mail and user reference', async () => {
  const c = new HttpClient(server.url);
  await c.mutate('auth.signIn', { email, password: validSignUp().password });
  // Invoice details come first (issue 16 (docs/history.md)), then the provider's link.
  expect((await c.mutate('credits.checkout', { plan: 'basic' })).data).toMatchObject({ url: null, redirect: '/app/billing?plan=basic' });
  await c.mutate('payments.saveInvoiceDetails', {
    kind: 'company',
    companyTitle: 'Ahşap Atölyesi Ltd. Şti.',
    taxOffice: 'Kadıköy',
    vkn: '1234567890',
    address: 'Moda Caddesi No: 5 Kadıköy',
    city: 'İstanbul',
  });
  const r = await c.mutate('credits.checkout', { plan: 'basic' });
  const url = new URL(r.data.url!);
  expect(url.origin + url.pathname).toBe('https://buy.stripe.com/test_basic');
  expect(url.searchParams.get('prefilled_email')).toBe(email);
  expect(url.searchParams.get('client_reference_id')).toBe(userId);
  expect((await c.mutate('credits.checkout', { plan: 'trial' })).data).toEqual({ url: null, redirect: '/app' });
  const none = await c.mutate('credits.checkout', { plan: 'premium' });
  expect(none.data.url).toBeNull();
  expect(none.data.message).toBe('Ödeme sistemi henüz yapılandırılmadı. Lütfen destek ekibiyle iletişime geçin.');
});

test('one signed event delivered 5 times in a row and 5 times at once is credited once, every delivery 2xx (docs/security.md property 6)', async () => {
  const before = await state();
  const payload = stripeEvent('checkout.session.completed', session());
  for (let i = 0; i < 5; i++) expect((await sendStripe(payload)).status).toBe(200);
  const payload2 = stripeEvent('checkout.session.completed', session({ amount_total: 17900 }));
  const all = await Promise.all(Array.from({ length: 5 }, () => sendStripe(payload2)));
  expect(all.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
  const after = await state();
  expect(after.balance).toBe(before.balance + 60 + 180);
  expect(after.purchases).toBe(before.purchases + 2);
  expect(after.plan).toBe('standard');
  expect(await ledgerSum(db(), userId)).toBe(after.balance);
});

test('wrong secret, altered body and a timestamp older than 5 minutes: 400 and nothing written (docs/security.md property 7)', async () => {
  const before = await counts();
  const bal = (await state()).balance;
  const payload = stripeEvent('checkout.session.completed', session());
  expect((await sendStripe(payload, { secret: 'whsec_wrong' })).status).toBe(400);
  expect((await sendStripe(payload, { tamper: true })).status).toBe(400);
  expect((await sendStripe(payload, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 })).status).toBe(400);
  const noSig = await fetch(`${server.url}/api/webhooks/stripe`, {
    method: 'POST',
    body: payload,
    headers: { 'content-type': 'application/json' },
  });
  expect(noSig.status).toBe(400);
  const ls = JSON.stringify({
    meta: { event_name: 'order_created', custom_data: { user_id: userId } },
    data: { id: '999', type: 'orders', attributes: { status: 'paid', total: 7900, user_email: email } },
  });
  expect((await sendLs(ls, 'wrong-secret')).status).toBe(400);
  expect(await counts()).toEqual(before);
  expect((await state()).balance).toBe(bal);
});

test('invoice.paid before checkout.session.completed ends in the same state as the ordered case (docs/security.md property 8)', async () => {
  // Two fresh users: one gets the events in order, the other reversed, with one period for both.
  const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86400;
  const run = async (order: 'ordered' | 'reversed') => {
    const c = new HttpClient(server.url);
    const e = `${order}@example.com`;
    const id = (await c.mutate('auth.signUp', validSignUp(e))).data.user!.id;
    const inv = `in_${order}_${seq++}`;
    const checkout = stripeEvent(
      'checkout.session.completed',
      session({ client_reference_id: id, customer: `cus_${order}`, customer_details: { email: e }, invoice: inv }),
    );
    const invoice = stripeEvent('invoice.paid', {
      id: inv,
      object: 'invoice',
      customer: `cus_${order}`,
      customer_email: e,
      amount_paid: 7900,
      currency: 'usd',
      lines: { data: [{ period: { start: periodEnd - 30 * 86400, end: periodEnd }, metadata: {} }] },
      metadata: {},
    });
    for (const p of order === 'ordered' ? [checkout, invoice] : [invoice, checkout]) expect((await sendStripe(p)).status).toBe(200);
    const s = await state(id);
    return { state: { balance: s.balance, plan: s.plan, purchases: s.purchases }, expires: new Date(s.expires!).getTime() };
  };
  const ordered = await run('ordered');
  const reversed = await run('reversed');
  expect(ordered.state).toEqual(reversed.state);
  // The credits' expiry counts from each run's own moment: the two runs are seconds apart (more under load).
  expect(Math.abs(ordered.expires - reversed.expires)).toBeLessThan(5 * 60_000);
  expect(ordered.state.balance).toBe(10 + 60);
  expect(ordered.state.purchases).toBe(1);
});

test('two different renewal periods credit twice, matched by the provider customer', async () => {
  const before = await state();
  for (const n of [1, 2]) {
    const end = Math.floor(Date.now() / 1000) + (30 * n + 30) * 86400;
    const payload = stripeEvent('invoice.paid', {
      id: `in_renew_${n}_${seq++}`,
      object: 'invoice',
      customer: 'cus_vitrin_1',
      customer_email: 'baska@adres.com',
      amount_paid: 7900,
      currency: 'usd',
      lines: { data: [{ period: { end }, metadata: {} }] },
      metadata: {},
    });
    expect((await sendStripe(payload)).status).toBe(200);
  }
  const after = await state();
  expect(after.balance).toBe(before.balance + 120);
  expect(after.purchases).toBe(before.purchases + 2);
});

test('a paid event for no real user is recorded as unmatched and credits nobody (docs/security.md property 9)', async () => {
  const before = await db().selectFrom('users').select(['id', 'credits_balance']).execute();
  const payload = stripeEvent(
    'checkout.session.completed',
    session({
      client_reference_id: '00000000-0000-4000-8000-000000000000',
      customer: 'cus_unknown',
      customer_details: { email: 'kimse@example.com' },
    }),
  );
  const r = await sendStripe(payload);
  expect(r.status).toBe(200);
  expect(((await r.json()) as Ack).outcome).toBe('unmatched');
  const row = await db()
    .selectFrom('processed_webhooks')
    .selectAll()
    .where('event_key', '=', `stripe:${JSON.parse(payload).id}`)
    .executeTakeFirstOrThrow();
  expect(row.matched).toBe(false);
  expect(row.user_id).toBeNull();
  const after = await db().selectFrom('users').select(['id', 'credits_balance']).execute();
  expect(after).toEqual(before);
});

test('unknown event types are acknowledged and logged, nothing credited', async () => {
  const bal = (await state()).balance;
  const r = await sendStripe(stripeEvent('customer.updated', { id: 'cus_vitrin_1', object: 'customer' }));
  expect(r.status).toBe(200);
  expect(((await r.json()) as Ack).outcome).toBe('ignored');
  expect((await state()).balance).toBe(bal);
});

test('Lemon Squeezy: order_created credits once by user id; renewals credit; replays do not', async () => {
  const c = new HttpClient(server.url);
  const e = 'limon@example.com';
  const id = (await c.mutate('auth.signUp', validSignUp(e))).data.user!.id;
  const order = JSON.stringify({
    meta: { event_name: 'order_created', custom_data: { user_id: id } },
    data: { id: '5001', type: 'orders', attributes: { status: 'paid', total: 17900, currency: 'USD', user_email: e, customer_id: 77 } },
  });
  for (let i = 0; i < 3; i++) expect((await sendLs(order)).status).toBe(200);
  expect((await state(id)).balance).toBe(10 + 180);
  const initial = JSON.stringify({
    meta: { event_name: 'subscription_payment_success', custom_data: { user_id: id } },
    data: {
      id: '9001',
      type: 'subscription-invoices',
      attributes: { billing_reason: 'initial', total: 17900, user_email: e, customer_id: 77 },
    },
  });
  expect((await sendLs(initial)).status).toBe(200);
  expect((await state(id)).balance).toBe(190);
  const renewal = JSON.stringify({
    meta: { event_name: 'subscription_payment_success', custom_data: {} },
    data: {
      id: '9002',
      type: 'subscription-invoices',
      attributes: { billing_reason: 'renewal', total: 17900, user_email: e, customer_id: 77, card_brand: 'visa', card_last_four: '4242' },
    },
  });
  await Promise.all([sendLs(renewal), sendLs(renewal), sendLs(renewal)]);
  expect((await state(id)).balance).toBe(370);
  const profile = await db().selectFrom('billing_profiles').selectAll().where('user_id', '=', id).executeTakeFirstOrThrow();
  expect(profile).toMatchObject({ provider: 'lemonsqueezy', customer_id: '77', card_brand: 'visa', card_last4: '4242' });
});

/**
 * invoice.paid as Stripe's current API (2026-10-28) sends it: no top-level `subscription` or
 * `subscription_details`; the subscription's metadata under `parent.subscription_details`, the
 * line's price id under `pricing.price_details.price`. The amounts here are discounted, so they
 * match no plan's price: only those fields can name the plan.
 */
function currentInvoice(over: { amount: number; subscriptionPlan?: string; price: string; end: number }) {
  const id = `in_current_${seq++}`;
  return stripeEvent(
    'invoice.paid',
    {
      id,
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      customer: 'cus_vitrin_1',
      customer_email: email,
      amount_due: over.amount,
      amount_paid: over.amount,
      amount_remaining: 0,
      currency: 'usd',
      status: 'paid',
      metadata: {},
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: {
          subscription: 'sub_vitrin_1',
          metadata: over.subscriptionPlan ? { plan: over.subscriptionPlan } : {},
        },
      },
      lines: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: `il_${id}`,
            object: 'line_item',
            amount: over.amount,
            currency: 'usd',
            metadata: {},
            period: { start: over.end - 30 * 86400, end: over.end },
            parent: {
              type: 'subscription_item_details',
              subscription_item_details: { subscription: 'sub_vitrin_1', subscription_item: 'si_1', proration: false },
            },
            pricing: { type: 'price_details', price_details: { price: over.price, product: 'prod_vitrin' }, unit_amount_decimal: '17900' },
            quantity: 1,
          },
        ],
      },
    },
    undefined,
  ).replace('"api_version":"2024-06-20"', '"api_version":"2026-10-28.endive"');
}

test('invoice.paid in the current API shape credits the plan its subscription or price names, not one guessed from the amount', async () => {
  const end = Math.floor(Date.now() / 1000) + 200 * 86400;
  const before = await state();
  // The subscription's metadata names the plan (a 20 % coupon: 143.20 USD matches no price).
  expect((await sendStripe(currentInvoice({ amount: 14320, subscriptionPlan: 'standard', price: 'price_unknown', end }))).status).toBe(200);
  const mid = await state();
  expect(mid.balance).toBe(before.balance + 180);
  expect(mid.plan).toBe('standard');
  // No metadata at all: the line's price id is the configured premium price.
  expect((await sendStripe(currentInvoice({ amount: 31920, price: 'price_premium_monthly', end: end + 30 * 86400 }))).status).toBe(200);
  const after = await state();
  expect(after.balance).toBe(mid.balance + 500);
  expect(after.plan).toBe('premium');
  expect(after.purchases).toBe(before.purchases + 2);
});
