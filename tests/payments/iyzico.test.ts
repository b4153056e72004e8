import { afterAll, beforeAll, expect, test } from 'vitest';
import { HttpClient, startTestServer, validSignUp } from '../helpers/server';
import { ledgerSum } from '../helpers/fixtures';
import { INDIVIDUAL_DETAILS, saveDetails } from '../helpers/purchase';
import type { InputOf } from '../helpers/api';
import { FakeIyzico } from './fake-iyzico';
import { IyzicoPayments } from '../../server/providers/payments';
import { gsmNumber } from '../../server/providers/payments/iyzico';
import { M } from '../../shared/messages';
import { pdfText } from '../helpers/pdf';
import { setSetting } from '../../server/services/settings';
import type { RunningServer } from '../../server/index';

/** What the payment webhook answers. */
type Ack = { outcome: string };

const KEYS = { apiKey: 'sandbox-api-key', secretKey: 'sandbox-secret-key', merchantId: '123456' };
const fake = new FakeIyzico({
  ...KEYS,
  plans: {
    'pp-basic': { price: 2990.0, currencyCode: 'TRY' },
    'pp-standard': { price: 6790.0, currencyCode: 'TRY' },
    'pp-unknown': { price: 2990.0, currencyCode: 'TRY' },
  },
});
// A three-word name: iyzico gets the first word as name, the rest as surname.
const DETAILS = { ...INDIVIDUAL_DETAILS, fullName: 'Mehmet Can Demir' };

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
    PUBLIC_URL: 'https://vitrin.example.com',
  });
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

const db = () => server.handle.db;
const balance = async (id: string) =>
  await db().selectFrom('users').select(['credits_balance', 'plan_code']).where('id', '=', id).executeTakeFirstOrThrow();
const origin = 'https://vitrin.example.com';

async function seller(email: string) {
  const c = new HttpClient(server.url, origin);
  const id = (await c.mutate('auth.signUp', validSignUp(email))).data.user!.id as string;
  await saveDetails(c, DETAILS);
  return { c, id };
}

/** Starts a checkout for `plan` and returns the form token iyzico issued for it. */
async function startCheckout(c: HttpClient, plan: InputOf<'credits.checkout'>['plan'] = 'basic') {
  const r = (await c.mutate('credits.checkout', { plan })).data;
  expect(r.url).toMatch(/^\/api\/payments\/iyzico\/[0-9a-f-]{36}$/);
  const init = [...fake.inits.values()].at(-1)!;
  return { url: r.url as string, token: init.token, request: init.body };
}

/** iyzico sends the buyer back: a cross-site form post carrying only the token. */
const returnFromIyzico = (token: string) =>
  fetch(`${server.url}/api/payments/iyzico/return`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://sandbox-cpp.iyzipay.com' },
    body: new URLSearchParams({ token }).toString(),
  });

const notify = (n: { body: string; signature: string }) =>
  fetch(`${server.url}/api/webhooks/iyzico`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-iyz-signature-v3': n.signature },
    body: n.body,
  });

test('packages are priced in TL from the admin settings and the test checkout is off', async () => {
  const c = new HttpClient(server.url, origin);
  const o = (await c.query('payments.options')).data;
  expect(o).toEqual({
    provider: 'iyzico',
    currency: 'TRY',
    kdvRate: 20,
    prices: { basic: 299000, standard: 679000, premium: 1499000 },
    testMode: false,
  });
  expect(server.deps.payments.test.enabled).toBe(false);
  // iyzico charges lira only: an admin cannot switch the install to dollars, and a stored dollar
  // setting (from before iyzico was configured) still shows lira.
  const admin = new HttpClient(server.url, origin);
  expect((await admin.mutate('admin.login', { email: 'admin@test.local', password: 'admin-secret-1' })).status).toBe(200);
  const settings = (await admin.query('admin.settings.list')).data.values;
  const refused = await admin.mutate('admin.settings.save', { ...settings, currency: 'USD' });
  expect(refused.error.message).toBe(M.adminSettings.currencyIyzico);
  await setSetting(server.handle.db, 'currency', 'USD');
  try {
    expect((await c.query('payments.options')).data).toMatchObject({ currency: 'TRY', prices: { basic: 299000 } });
  } finally {
    await setSetting(server.handle.db, 'currency', 'TRY');
  }
});

test('first payment: checkout form with the invoice details, return re-read from the API, credited once', async () => {
  const { c, id } = await seller('iyzico-1@example.com');
  const { url, token, request } = await startCheckout(c);
  // The request iyzico got: signed, the plan's pricing plan, the buyer's invoice details.
  expect(fake.requests.at(-1)).toMatchObject({ path: '/v2/subscription/checkoutform/initialize', authOk: true });
  expect(request).toMatchObject({
    pricingPlanReferenceCode: 'pp-basic',
    subscriptionInitialStatus: 'ACTIVE',
    callbackUrl: 'https://vitrin.example.com/api/payments/iyzico/return',
    customer: {
      name: 'Mehmet',
      surname: 'Can Demir',
      identityNumber: '10000000146',
      email: 'iyzico-1@example.com',
      billingAddress: { city: INDIVIDUAL_DETAILS.city, country: 'Turkey' },
    },
  });

  // Our page serves iyzico's form to its owner only.
  const page = await c.raw(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(`token:'${token}'`);
  expect(page.headers.get('content-security-policy')).toContain('https://*.iyzipay.com');
  const other = new HttpClient(server.url, origin);
  await other.mutate('auth.signUp', validSignUp('iyzico-other@example.com'));
  const foreign = await other.raw(url, { redirect: 'manual' });
  expect(foreign.status).toBe(303);

  // Coming back before paying credits nothing; the page waits for the session.
  const early = await returnFromIyzico(token);
  expect(early.headers.get('location')).toBe(`/app/billing?payment=pending&checkout=${url.split('/').at(-1)}`);
  expect((await balance(id)).credits_balance).toBe(10);

  const sub = fake.pay(token);
  const back = await returnFromIyzico(token);
  expect(back.status).toBe(303);
  expect(back.headers.get('location')).toBe('/app/billing?payment=paid');
  expect(await balance(id)).toEqual({ credits_balance: 70, plan_code: 'basic' });
  expect(await ledgerSum(db(), id)).toBe(70);
  // The return was checked against the API: checkout form and subscription were read.
  expect(fake.requests.filter((r) => r.method === 'GET').map((r) => r.path)).toEqual(
    expect.arrayContaining([`/v2/subscription/checkoutform/${token}`, `/v2/subscription/subscriptions/${sub.referenceCode}`]),
  );
  expect(fake.requests.every((r) => r.authOk)).toBe(true);

  // The same return again, and iyzico's notification for that first order: nothing more.
  await returnFromIyzico(token);
  const first = await notify(fake.notification(sub.referenceCode, sub.orders[0]!.referenceCode));
  expect(first.status).toBe(200);
  expect(((await first.json()) as Ack).outcome).toBe('already_credited');
  expect((await balance(id)).credits_balance).toBe(70);

  // The purchase is in TL with an invoice carrying the invoice details.
  const tx = (await c.query('credits.transactions', {})).data.items.find((t) => t.type === 'purchase');
  expect(tx).toMatchObject({ amountPaidCents: 299000, currency: 'TRY', invoiceNumber: expect.stringMatching(/^VTR\d{13}$/) });
  const invoice = pdfText(Buffer.from(await (await c.raw(`/api/invoices/${tx!.id}`)).arrayBuffer()));
  expect(invoice).toContain('₺2.990,00');
  expect(invoice).toContain('10000000146');
  expect(invoice).toContain('iyzico');
  // The billing tiles sum lira as lira.
  expect((await c.query('credits.billing')).data).toMatchObject({ currency: 'TRY', totalSpentCents: 299000, thisMonthSpentCents: 299000 });
  const profile = await db().selectFrom('billing_profiles').selectAll().where('user_id', '=', id).executeTakeFirstOrThrow();
  expect(profile).toMatchObject({ provider: 'iyzico', customer_id: sub.customerReferenceCode, tckn: '10000000146' });
});

test('renewals credit once per order, by the signed notification, even delivered 5 times at once', async () => {
  const { c, id } = await seller('iyzico-2@example.com');
  const { token } = await startCheckout(c);
  const sub = fake.pay(token);
  await returnFromIyzico(token);
  expect((await balance(id)).credits_balance).toBe(70);

  const order = fake.renew(sub.referenceCode);
  const n = fake.notification(sub.referenceCode, order.referenceCode);
  const answers = await Promise.all(Array.from({ length: 5 }, () => notify(n)));
  expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
  expect((await balance(id)).credits_balance).toBe(130);
  for (let i = 0; i < 3; i++) expect((await notify(n)).status).toBe(200);
  expect((await balance(id)).credits_balance).toBe(130);
  expect(await ledgerSum(db(), id)).toBe(130);
  // The renewal's period end (from iyzico's order) is the new expiry.
  const u = await db().selectFrom('users').select('credits_expire_at').where('id', '=', id).executeTakeFirstOrThrow();
  expect(new Date(u.credits_expire_at!).getTime()).toBe(order.endPeriod);
});

test('bad signatures, failed or unknown orders, wrong prices and unknown plans credit nobody', async () => {
  const { c, id } = await seller('iyzico-3@example.com');
  const { token } = await startCheckout(c);
  const sub = fake.pay(token);
  await returnFromIyzico(token);
  const start = await balance(id);
  const hooks = async () =>
    Number(
      (
        await db()
          .selectFrom('processed_webhooks')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  // Wrong secret, altered body, no header: 400 and nothing written.
  const order = fake.renew(sub.referenceCode);
  const before = await hooks();
  const wrong = fake.notification(sub.referenceCode, order.referenceCode, 'subscription.order.success', 'another-secret');
  expect((await notify(wrong)).status).toBe(400);
  const good = fake.notification(sub.referenceCode, order.referenceCode);
  const altered = { ...good, body: good.body.replace(sub.customerReferenceCode, 'someone-else') };
  expect((await notify(altered)).status).toBe(400);
  expect((await fetch(`${server.url}/api/webhooks/iyzico`, { method: 'POST', body: good.body })).status).toBe(400);
  expect(await hooks()).toBe(before);

  // A failure notification, and a success notification for an order iyzico says failed.
  const failed = fake.renew(sub.referenceCode, { orderStatus: 'FAILED' });
  expect(
    ((await (await notify(fake.notification(sub.referenceCode, failed.referenceCode, 'subscription.order.failure'))).json()) as Ack)
      .outcome,
  ).toBe('ignored');
  expect(((await (await notify(fake.notification(sub.referenceCode, failed.referenceCode))).json()) as Ack).outcome).toBe('ignored');
  // A signed notification naming an order that does not exist at iyzico.
  expect(((await (await notify(fake.notification(sub.referenceCode, 'no-such-order'))).json()) as Ack).outcome).toBe('ignored');
  expect(await balance(id)).toEqual(start);

  // A renewal at another price than the subscription started at: recorded for the admin, not credited.
  const dearer = fake.renew(sub.referenceCode, { price: 3990 });
  const r = await notify(fake.notification(sub.referenceCode, dearer.referenceCode));
  expect(((await r.json()) as Ack).outcome).toBe('unmatched');
  const row = await db()
    .selectFrom('processed_webhooks')
    .select(['summary', 'matched'])
    .where('event_key', '=', `iyzico:subscription.order.success:${dearer.referenceCode}`)
    .executeTakeFirstOrThrow();
  expect(row.matched).toBe(false);
  expect(row.summary).toMatchObject({ problem: 'plan_mismatch', amountCents: 399000, currency: 'TRY' });
  expect(await balance(id)).toEqual(start);

  // A subscription on a pricing plan this shop does not sell.
  fake.subscriptions.get(sub.referenceCode)!.pricingPlanReferenceCode = 'pp-unknown';
  const stray = fake.renew(sub.referenceCode);
  expect(((await (await notify(fake.notification(sub.referenceCode, stray.referenceCode))).json()) as Ack).outcome).toBe('unmatched');
  expect(await balance(id)).toEqual(start);

  // A return with a token that is not one of our sessions.
  const unknown = await returnFromIyzico('00000000-0000-0000-0000-000000000000');
  expect(unknown.headers.get('location')).toBe('/app/billing?payment=pending');
  expect(await balance(id)).toEqual(start);
});

test('iyzico refusing the checkout form, or a package without a pricing plan, is explained in Turkish', async () => {
  const { c } = await seller('iyzico-4@example.com');
  fake.failNextInitialize = '100001';
  expect((await c.mutate('credits.checkout', { plan: 'basic' })).data).toEqual({ url: null, message: M.payments.iyzicoFailed });
  expect((await c.mutate('credits.checkout', { plan: 'premium' })).data).toEqual({
    url: null,
    message: M.payments.iyzicoNotConfigured('Premium'),
  });
});

test('the phone goes to iyzico in E.164 (+90…), as iyzico requires; a refusal comes back as HTTP 400 and is explained', async () => {
  // validSignUp's phone is written '+90 555 000 00 00'; iyzico refuses anything but +905550000000.
  const { c } = await seller('iyzico-gsm@example.com');
  const { request } = await startCheckout(c);
  expect((request.customer as { gsmNumber?: string }).gsmNumber).toBe('+905550000000');
  for (const [written, sent] of [
    ['0532 123 45 67', '+905321234567'],
    ['(532) 123-4567', '+905321234567'],
    ['905321234567', '+905321234567'],
    ['123', undefined],
    [null, undefined],
  ] as const)
    expect(gsmNumber(written)).toBe(sent);
  // A refusal (HTTP 400, as iyzico answers) is explained in Turkish.
  fake.failNextInitialize = '100001';
  expect((await c.mutate('credits.checkout', { plan: 'basic' })).data).toEqual({ url: null, message: M.payments.iyzicoFailed });
});

test('a checkout form (HPP) notification is verified by its own V3 formula and only logged', async () => {
  // A published verification example for the HPP format (secret, fields and signature).
  const secretKey = 'sandbox-UuLnD7wZa0a3DmytfIrwHQqAMfqCNJrs';
  const p = new IyzicoPayments({ apiKey: 'k', secretKey, merchantId: '1', baseUrl: fake.url, pricingPlans: {} });
  const body = {
    iyziEventType: 'CHECKOUT_FORM_AUTH',
    iyziPaymentId: 22502046,
    token: '67921f98-792a-400a-a7b0-1a553d7e6297',
    paymentConversationId: 'conversationId',
    status: 'SUCCESS',
    iyziReferenceCode: 'r',
    iyziEventTime: 1,
  };
  const signature = '67712f0a5918839d9032e5560e1678324d045f66e33bef934e013faf504f9c58';
  expect(p.formNotificationSignature(body)).toBe(signature);
  const e = await p.parseWebhook(Buffer.from(JSON.stringify(body)), { 'x-iyz-signature-v3': signature });
  expect(e).toMatchObject({ kind: 'ignored', eventType: 'CHECKOUT_FORM_AUTH' });
  await expect(
    p.parseWebhook(Buffer.from(JSON.stringify({ ...body, status: 'FAILURE' })), { 'x-iyz-signature-v3': signature }),
  ).rejects.toThrow('invalid signature');
});
