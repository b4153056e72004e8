import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { HttpClient, startTestServer, validSignUp } from '../helpers/server';
import { ledgerSum } from '../helpers/fixtures';
import { saveDetails } from '../helpers/purchase';
import { adminClient, adminIdOf } from '../admin/helpers';
import { executeDeletion, requestDeletion } from '../../server/services/account-deletion';
import { FakeIyzico } from './fake-iyzico';
import { setSetting } from '../../server/services/settings';
import type { RunningServer } from '../../server/index';

/** Issue 21 (docs/history.md) (iyzico): renewals matched by subscription, start prices, honest returns, shifted signatures. */

type Ack = { outcome: string };

const KEYS = { apiKey: 'sandbox-api-key', secretKey: 'sandbox-secret-key', merchantId: '123456' };
const fake = new FakeIyzico({
  ...KEYS,
  plans: {
    'pp-basic': { price: 2990.0, currencyCode: 'TRY' },
    'pp-standard': { price: 6790.0, currencyCode: 'TRY' },
  },
});
const origin = 'https://vitrin.example.com';

let server: RunningServer;
beforeAll(async () => {
  await fake.start();
  server = await startTestServer({
    IYZICO_API_KEY: KEYS.apiKey,
    IYZICO_SECRET_KEY: KEYS.secretKey,
    IYZICO_MERCHANT_ID: KEYS.merchantId,
    IYZICO_BASE_URL: fake.url,
    IYZICO_PLAN_BASIC: 'pp-basic',
    IYZICO_PLAN_STANDARD: 'pp-standard',
    PUBLIC_URL: origin,
  });
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

const db = () => server.handle.db;
const balance = async (id: string) =>
  (await db().selectFrom('users').select('credits_balance').where('id', '=', id).executeTakeFirstOrThrow()).credits_balance;

async function seller(email: string) {
  const c = new HttpClient(server.url, origin);
  const id = (await c.mutate('auth.signUp', validSignUp(email))).data.user!.id as string;
  await saveDetails(c);
  return { c, id };
}

async function startCheckout(c: HttpClient) {
  const r = (await c.mutate('credits.checkout', { plan: 'basic' })).data;
  expect(r.url).toMatch(/^\/api\/payments\/iyzico\/[0-9a-f-]{36}$/);
  return { token: [...fake.inits.values()].at(-1)!.token, session: r.url!.split('/').at(-1)! };
}

const returnFromIyzico = async (token: string) =>
  (
    await fetch(`${server.url}/api/payments/iyzico/return`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://sandbox-cpp.iyzipay.com' },
      body: new URLSearchParams({ token }).toString(),
    })
  ).headers.get('location');

const notify = async (n: { body: string; signature: string }) => {
  const r = await fetch(`${server.url}/api/webhooks/iyzico`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-iyz-signature-v3': n.signature },
    body: n.body,
  });
  return { status: r.status, outcome: r.status === 200 ? ((await r.json()) as Ack).outcome : null };
};

/** A subscribed seller: checkout, first order paid, returned (70 credits). */
async function subscribed(email: string) {
  const s = await seller(email);
  const { token } = await startCheckout(s.c);
  const sub = fake.pay(token);
  expect(await returnFromIyzico(token)).toBe('/app/billing?payment=paid');
  expect(await balance(s.id)).toBe(70);
  return { ...s, sub };
}

test('a renewal is credited to the account whose checkout started the subscription, not the customer iyzico reuses', async () => {
  const a = await subscribed('reused@example.com');
  // A moves to another address; C signs up with the old one and subscribes: iyzico keeps one
  // customer per e-mail, so C's subscription carries A's customer reference.
  await db().updateTable('users').set({ email: 'moved@example.com' }).where('id', '=', a.id).execute();
  const c = await subscribed('reused@example.com');
  expect(c.sub.customerReferenceCode).toBe(a.sub.customerReferenceCode);

  const order = fake.renew(c.sub.referenceCode);
  expect(await notify(fake.notification(c.sub.referenceCode, order.referenceCode))).toEqual({ status: 200, outcome: 'credited' });
  expect(await balance(c.id)).toBe(130);
  expect(await balance(a.id)).toBe(70);
  expect(await ledgerSum(db(), a.id)).toBe(70);

  // A's own renewal still reaches A.
  const own = fake.renew(a.sub.referenceCode);
  expect((await notify(fake.notification(a.sub.referenceCode, own.referenceCode))).outcome).toBe('credited');
  expect(await balance(a.id)).toBe(130);
  expect(await balance(c.id)).toBe(130);

  // A subscription whose checkout never came back to us credits nobody, whoever its customer is.
  const stray = fake.pay((await startCheckout(c.c)).token);
  expect((await notify(fake.notification(stray.referenceCode, stray.orders[0]!.referenceCode))).outcome).toBe('unmatched');
  expect(await balance(c.id)).toBe(130);
  expect(await balance(a.id)).toBe(130);
});

test('a subscription started before subscriptions were stored is adopted from the return that credited its first order', async () => {
  const s = await subscribed('before-upgrade@example.com');
  await db().deleteFrom('payment_subscriptions').where('subscription_ref', '=', s.sub.referenceCode).execute();
  const order = fake.renew(s.sub.referenceCode);
  expect((await notify(fake.notification(s.sub.referenceCode, order.referenceCode))).outcome).toBe('credited');
  expect(await balance(s.id)).toBe(130);
  const stored = await db()
    .selectFrom('payment_subscriptions')
    .select(['user_id', 'plan_code', 'price_cents', 'currency'])
    .where('subscription_ref', '=', s.sub.referenceCode)
    .executeTakeFirstOrThrow();
  expect(stored).toEqual({ user_id: s.id, plan_code: 'basic', price_cents: 299000, currency: 'TRY' });
});

test('a deleted account is credited no renewal, neither by its stored subscription nor by adoption', async () => {
  const s = await subscribed('leaving@example.com');
  const request = await requestDeletion(db(), s.id, null);
  await executeDeletion(server.deps, await adminIdOf(server), request.id);
  const order = fake.renew(s.sub.referenceCode);
  expect((await notify(fake.notification(s.sub.referenceCode, order.referenceCode))).outcome).toBe('unmatched');
  expect(await balance(s.id)).toBe(0);
  expect(await ledgerSum(db(), s.id)).toBe(0);
});

test('a renewal is checked against the price its subscription started at, not the TL price set later', async () => {
  const s = await subscribed('price-change@example.com');
  await setSetting(db(), 'price_try_basic', '3490');
  try {
    const order = fake.renew(s.sub.referenceCode);
    expect((await notify(fake.notification(s.sub.referenceCode, order.referenceCode))).outcome).toBe('credited');
    expect(await balance(s.id)).toBe(130);
    // A renewal at another price than the start price is not credited.
    const dearer = fake.renew(s.sub.referenceCode, { price: 3490 });
    expect((await notify(fake.notification(s.sub.referenceCode, dearer.referenceCode))).outcome).toBe('unmatched');
    expect(await balance(s.id)).toBe(130);
  } finally {
    await setSetting(db(), 'price_try_basic', '2990');
  }
});

test('an unmatched payment is retried by an admin after the cause is fixed: credited once, audited', async () => {
  const s = await seller('retry@example.com');
  const { token, session } = await startCheckout(s.c);
  const sub = fake.pay(token);
  // The admin's TL price is wrong when the first order arrives: not credited, and not "paid".
  await setSetting(db(), 'price_try_basic', '3490');
  try {
    expect(await returnFromIyzico(token)).toMatch(/^\/app\/billing\?payment=pending/);
    expect(await returnFromIyzico(token)).toMatch(/^\/app\/billing\?payment=pending/);
    expect(await balance(s.id)).toBe(10);
  } finally {
    await setSetting(db(), 'price_try_basic', '2990');
  }
  const admin = await adminClient(server);
  const row = (await admin.query('admin.webhooks.list')).data.events.find((e) => e.eventKey === `iyzico:checkoutform:${token}`)!;
  expect(row).toMatchObject({ matched: false, retryable: true, summary: { problem: 'plan_mismatch' } });

  // Only an admin may retry.
  expect((await s.c.mutate('admin.webhooks.retry', { id: row.id })).status).not.toBe(200);
  expect(await balance(s.id)).toBe(10);

  const answers = await Promise.all([1, 2, 3].map(() => admin.mutate('admin.webhooks.retry', { id: row.id })));
  expect(answers.map((a) => a.data.outcome).sort()).toEqual(['credited', 'not_retryable', 'not_retryable']);
  expect(await balance(s.id)).toBe(70);
  expect(await ledgerSum(db(), s.id)).toBe(70);
  const after = (await admin.query('admin.webhooks.list')).data.events.find((e) => e.id === row.id)!;
  expect(after).toMatchObject({ matched: true, retryable: false, userId: s.id });
  const audit = await db()
    .selectFrom('admin_logs')
    .selectAll()
    .where('action', '=', 'webhook.retry')
    .where('target_id', '=', row.id)
    .execute();
  expect(audit.length).toBe(1);
  expect(audit[0]!.new_values).toMatchObject({ outcome: 'credited' });

  // The buyer's page now sees the purchase; the first order's notification and a renewal follow normally.
  expect((await s.c.query('payments.checkoutStatus', { id: session })).data).toEqual({ paid: true });
  expect((await notify(fake.notification(sub.referenceCode, sub.orders[0]!.referenceCode))).outcome).toBe('already_credited');
  const order = fake.renew(sub.referenceCode);
  expect((await notify(fake.notification(sub.referenceCode, order.referenceCode))).outcome).toBe('credited');
  expect(await balance(s.id)).toBe(130);
});

test('a return before iyzico confirms the order says "pending"; a later return or the notification credits it', async () => {
  const s = await seller('waiting@example.com');
  const { token, session } = await startCheckout(s.c);
  const sub = fake.pay(token, { orderStatus: 'WAITING' });
  const early = await returnFromIyzico(token);
  expect(early).toMatch(/^\/app\/billing\?payment=pending/);
  expect(await balance(s.id)).toBe(10);

  sub.orders[0]!.orderStatus = 'SUCCESS';
  expect(await returnFromIyzico(token)).toBe('/app/billing?payment=paid');
  expect(await balance(s.id)).toBe(70);
  // The waiting page is told which checkout to follow, and sees it paid.
  expect(early).toBe(`/app/billing?payment=pending&checkout=${session}`);
  expect((await s.c.query('payments.checkoutStatus', { id: session })).data).toEqual({ paid: true });

  // Confirmed by the notification instead: the waiting page learns it from the session.
  const t = await seller('waiting-2@example.com');
  const second = await startCheckout(t.c);
  const sub2 = fake.pay(second.token, { orderStatus: 'WAITING' });
  expect(await returnFromIyzico(second.token)).toBe(`/app/billing?payment=pending&checkout=${second.session}`);
  expect((await t.c.query('payments.checkoutStatus', { id: second.session })).data).toEqual({ paid: false });
  sub2.orders[0]!.orderStatus = 'SUCCESS';
  expect((await notify(fake.notification(sub2.referenceCode, sub2.orders[0]!.referenceCode))).outcome).toBe('credited');
  expect(await balance(t.id)).toBe(70);
  expect((await t.c.query('payments.checkoutStatus', { id: second.session })).data).toEqual({ paid: true });
  expect(await returnFromIyzico(second.token)).toBe('/app/billing?payment=paid');
  // Someone else's session is not found.
  expect((await s.c.query('payments.checkoutStatus', { id: second.session })).status).toBe(404);
});

test('a validly signed notification with a character moved between its reference codes is ignored, not a 500', async () => {
  const s = await subscribed('shifted@example.com');
  const order = fake.renew(s.sub.referenceCode);
  const sign = (f: { type: string; sub: string; order: string; customer: string }) => {
    const body = JSON.stringify({
      orderReferenceCode: f.order,
      customerReferenceCode: f.customer,
      subscriptionReferenceCode: f.sub,
      iyziReferenceCode: 'r',
      iyziEventType: f.type,
      iyziEventTime: Date.now(),
    });
    const signature = createHmac('sha256', KEYS.secretKey)
      .update(KEYS.merchantId + KEYS.secretKey + f.type + f.sub + f.order + f.customer)
      .digest('hex');
    return { body, signature };
  };
  const type = 'subscription.order.success';
  const customer = s.sub.customerReferenceCode;
  const subRef = s.sub.referenceCode;
  const orderRef = order.referenceCode;
  const shifted = [
    { type, sub: subRef + orderRef[0], order: orderRef.slice(1), customer },
    { type, sub: subRef.slice(0, -1), order: subRef.at(-1)! + orderRef, customer },
    { type, sub: subRef, order: orderRef + customer[0], customer: customer.slice(1) },
  ];
  for (const f of shifted) {
    expect(f.type + f.sub + f.order + f.customer).toBe(type + subRef + orderRef + customer);
    expect(await notify(sign(f))).toEqual({ status: 200, outcome: 'ignored' });
  }
  expect(await balance(s.id)).toBe(70);
  // The genuine notification still credits the renewal.
  expect((await notify(sign({ type, sub: subRef, order: orderRef, customer }))).outcome).toBe('credited');
  expect(await balance(s.id)).toBe(130);
});
