import { afterAll, beforeAll, expect, test } from 'vitest';
import { freshDatabase } from '../helpers/db';
import { checkoutPaid, userWithUpload } from '../helpers/fixtures';
import { LocalEventBus } from '../../server/events/bus';
import { applyPaymentEvent } from '../../server/services/payments';
import { allocateInvoiceNumber, formatInvoiceNumber } from '../../server/services/invoices';
import { saveInvoiceDetails } from '../../server/services/invoice-details';
import { setSetting } from '../../server/services/settings';
import type { DbHandle } from '../../server/db';

let h: DbHandle;
beforeAll(async () => {
  h = await freshDatabase({ poolSize: 20 });
});
afterAll(async () => {
  await h.close();
});

const YEAR = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Istanbul', year: 'numeric' }).format(new Date()));

const payment = (userId: string, n: number) => checkoutPaid(userId, `cs_num_${n}`);

test('numbers read prefix, year and a 9-digit sequence', () => {
  expect(formatInvoiceNumber('VTR', 2026, 1)).toBe('VTR2026000000001');
  expect(formatInvoiceNumber('ABC', 2027, 123456789)).toBe('ABC2027123456789');
});

test('30 concurrent purchases (with 6 purchases rolled back among them) get 1…30: no gap, no duplicate', async () => {
  const bus = new LocalEventBus();
  const users = await Promise.all(Array.from({ length: 30 }, () => userWithUpload(h.db)));
  for (const { user } of users) {
    await saveInvoiceDetails(h.db, user.id, {
      kind: 'individual',
      fullName: 'Şule Öztürk',
      tckn: '10000000146',
      address: 'Çiçek Sokak No: 3 Üsküdar',
      city: 'İstanbul',
    });
  }
  // A purchase that fails after its number was taken gives the number back.
  const rolledBack = Array.from({ length: 6 }, () =>
    h.db
      .transaction()
      .execute(async (trx) => {
        await allocateInvoiceNumber(trx, 'VTR');
        throw new Error('payment failed after numbering');
      })
      .catch((err: Error) => err.message),
  );
  const credited = users.map(({ user }, i) => applyPaymentEvent({ db: h.db, bus }, payment(user.id, i)));
  const outcomes = await Promise.all([...credited, ...rolledBack]);
  expect(outcomes.filter((o) => o === 'credited')).toHaveLength(30);
  expect(outcomes.filter((o) => o === 'payment failed after numbering')).toHaveLength(6);

  const rows = await h.db
    .selectFrom('credit_transactions')
    .select(['invoice_number', 'user_id', 'kdv_rate', 'payment_ref', 'buyer_details'])
    .where('type', '=', 'purchase')
    .where('amount_paid_cents', 'is not', null)
    .execute();
  expect(rows).toHaveLength(30);
  const numbers = rows.map((r) => r.invoice_number!).sort();
  expect(numbers).toEqual(Array.from({ length: 30 }, (_, i) => formatInvoiceNumber('VTR', YEAR, i + 1)));
  for (const r of rows) {
    expect(r.kdv_rate).toBe(20);
    expect(r.payment_ref).toMatch(/^stripe:session:cs_num_\d+$/);
    expect(r.buyer_details).toMatchObject({ fullName: 'Şule Öztürk', tckn: '10000000146' });
  }

  // A replayed event issues no second invoice.
  expect(await applyPaymentEvent({ db: h.db, bus }, payment(users[0]!.user.id, 0))).toBe('duplicate');
  expect((await h.db.selectFrom('invoice_sequences').selectAll().execute()).map((r) => r.last_number)).toEqual([30]);
});

test('a new prefix (an admin setting) and a new year each start at 1', async () => {
  await setSetting(h.db, 'invoice_prefix', 'ABC');
  const { user } = await userWithUpload(h.db);
  expect(await applyPaymentEvent({ db: h.db, bus: new LocalEventBus() }, payment(user.id, 100))).toBe('credited');
  const row = await h.db
    .selectFrom('credit_transactions')
    .select('invoice_number')
    .where('payment_ref', '=', 'stripe:session:cs_num_100')
    .executeTakeFirstOrThrow();
  expect(row.invoice_number).toBe(formatInvoiceNumber('ABC', YEAR, 1));
  // Half past midnight on 1 January in Istanbul is still 31 December in UTC: Istanbul's calendar decides.
  const nextYear = await h.db
    .transaction()
    .execute((trx) => allocateInvoiceNumber(trx, 'ABC', new Date(`${YEAR + 1}-01-01T00:30:00+03:00`)));
  expect(nextYear).toBe(formatInvoiceNumber('ABC', YEAR + 1, 1));
});
