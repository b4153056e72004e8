import { afterAll, beforeAll, expect, test } from 'vitest';
import JSZip from 'jszip';
import { HttpClient, startTestServer, validSignUp } from '../helpers/server';
import { percentChange } from '../../shared/stats';
import { monthStart } from '../../server/services/months';
import { sweepExpiredCredits } from '../../server/jobs/expiry-sweep';
import { LocalEventBus } from '../../server/events/bus';
import { applyPaymentEvent } from '../../server/services/payments';
import type { RunningServer } from '../../server/index';
import { pdfText } from '../helpers/pdf';
import { checkoutPaid } from '../helpers/fixtures';

let server: RunningServer;
let alice: HttpClient;
let aliceId: string;
beforeAll(async () => {
  server = await startTestServer();
  alice = new HttpClient(server.url);
  aliceId = (await alice.mutate('auth.signUp', validSignUp('alice@example.com'))).data.user!.id;
});
afterAll(async () => {
  await server.close();
});

test('percentage change follows D10 at the edges', () => {
  expect(percentChange(0, 0)).toBe('+0%');
  expect(percentChange(5, 0)).toBe('+100%');
  expect(percentChange(0, 4)).toBe('-100%');
  expect(percentChange(3, 2)).toBe('+50%');
  expect(percentChange(2, 3)).toBe('-33%');
  expect(percentChange(4, 4)).toBe('+0%');
});

test('months start at midnight in Istanbul', () => {
  const now = new Date('2026-03-01T00:30:00+03:00'); // already March in Istanbul, still February in UTC
  expect(monthStart(now, 0).toISOString()).toBe('2026-02-28T21:00:00.000Z');
  expect(monthStart(now, 1).toISOString()).toBe('2026-01-31T21:00:00.000Z');
});

test('dashboard counts completed generations this and last month with savings and usage', async () => {
  const db = server.handle.db;
  const up = await db
    .insertInto('uploads')
    .values({ user_id: aliceId, storage_key: 'uploads/x/y.jpg', mime: 'image/jpeg', width: 1, height: 1, size_bytes: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const lastMonth = new Date(monthStart(new Date(), 1).getTime() + 86_400_000);
  const mk = (type: 'image' | 'video', status: 'completed' | 'failed', created_at: Date) => ({
    user_id: aliceId,
    upload_id: up.id,
    type,
    status,
    credits_used: 1,
    parameters: JSON.stringify(type === 'image' ? { prompt: 'p' } : { prompt: 'p', duration: 5, aspectRatio: '16:9' }),
    created_at,
  });
  await db
    .insertInto('generations')
    .values([
      mk('image', 'completed', new Date()),
      mk('image', 'completed', new Date()),
      mk('image', 'failed', new Date()),
      mk('video', 'completed', new Date()),
      mk('image', 'completed', lastMonth),
    ])
    .execute();
  const d = (await alice.query('credits.dashboard')).data;
  expect(d.imagesThisMonth).toBe(8);
  expect(d.imagesLastMonth).toBe(4);
  expect(d.changes.images).toBe('+100%');
  expect(d.totalVideos).toBe(1);
  expect(d.videosLastMonth).toBe(0);
  expect(d.changes.videos).toBe('+100%');
  expect(d.savingsThisMonth).toBe(2 * 4 * 150 + 250);
  expect(d.totalSavings).toBe(3 * 4 * 150 + 250);
  expect(d.recentActivity.length).toBeGreaterThan(0);
  // The trial grant is a real credit movement in the recent activity (docs/decisions.md D22).
  expect(d.recentActivity.some((a) => a.kind === 'credit' && a.amount === 10)).toBe(true);
});

test('billing shows a purchase in lira, its invoice downloads as a numbered PDF, all invoices as a zip of PDFs; others get 404', async () => {
  await applyPaymentEvent(
    { db: server.handle.db, bus: new LocalEventBus() },
    checkoutPaid(aliceId, 'cs_money', { email: 'alice@example.com', customerId: 'cus_m' }),
  );
  const b = (await alice.query('credits.billing')).data;
  expect(b).toMatchObject({ currency: 'TRY', totalSpentCents: 299000, thisMonthSpentCents: 299000, planCode: 'basic' });
  const tx = (await alice.query('credits.transactions', { page: 1, pageSize: 20 })).data;
  const purchase = tx.items.find((t) => t.type === 'purchase');
  const year = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Istanbul', year: 'numeric' }).format(new Date());
  expect(purchase!.invoiceNumber).toBe(`VTR${year}000000001`);
  const res = await alice.raw(`/api/invoices/${purchase!.id}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.headers.get('content-disposition')).toContain(`Fatura-VTR${year}000000001.pdf`);
  const text = pdfText(Buffer.from(await res.arrayBuffer()));
  expect(text).toContain('FATURA');
  expect(text).toContain('Temel paket');
  // 2.990 TL with 20% KDV included: 2.491,67 + 498,33.
  expect(text).toContain('Matrah (KDV hariç): ₺2.491,67');
  expect(text).toContain('KDV (%20): ₺498,33');
  expect(text).toContain('Toplam (KDV dahil): ₺2.990,00');
  expect(text).toContain('stripe:session:cs_money');
  expect(text).not.toContain('$');
  const zipRes = await alice.raw('/api/invoices/all.zip');
  const zip = await JSZip.loadAsync(Buffer.from(await zipRes.arrayBuffer()));
  expect(Object.keys(zip.files)).toEqual([`Fatura-VTR${year}000000001.pdf`]);
  expect(pdfText(await zip.file(`Fatura-VTR${year}000000001.pdf`)!.async('nodebuffer'))).toContain('₺2.990,00');

  const bob = new HttpClient(server.url);
  await bob.mutate('auth.signUp', validSignUp('bob@example.com'));
  expect((await bob.raw(`/api/invoices/${purchase!.id}`)).status).toBe(404);
  expect((await new HttpClient(server.url).raw(`/api/invoices/${purchase!.id}`)).status).toBe(404);
  const usage = tx.items.find((t) => t.type === 'bonus');
  expect((await alice.raw(`/api/invoices/${usage!.id}`)).status).toBe(404);
});

test('the expiry sweep zeroes ended periods with an expired ledger row and leaves the rest', async () => {
  const db = server.handle.db;
  const c = new HttpClient(server.url);
  const id = (await c.mutate('auth.signUp', validSignUp('expire@example.com'))).data.user!.id;
  await db
    .updateTable('users')
    .set({ credits_expire_at: new Date(Date.now() - 60_000) })
    .where('id', '=', id)
    .execute();
  const n = await sweepExpiredCredits({ db, bus: new LocalEventBus() });
  expect(n).toBe(1);
  const u = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  expect(u).toMatchObject({ credits_balance: 0, plan_code: null, credits_expire_at: null });
  expect(await sweepExpiredCredits({ db, bus: new LocalEventBus() })).toBe(0);
  const alice = await db.selectFrom('users').select('credits_balance').where('id', '=', aliceId).executeTakeFirstOrThrow();
  expect(alice.credits_balance).toBeGreaterThan(0);
  const b = (await c.query('credits.balance')).data;
  expect(b.balance).toBe(0);
});
