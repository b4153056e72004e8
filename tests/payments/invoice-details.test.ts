import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { validSignUp } from '../helpers/server';
import { callerWorld, type CallerClient, type CallerWorld } from '../helpers/caller';
import { isValidTckn, isValidVkn } from '../../shared/tax-ids';
import { ZInvoiceDetails } from '../../shared/schemas/billing';
import { M } from '../../shared/messages';
import { pdfText } from '../helpers/pdf';
import { applyPaymentEvent } from '../../server/services/payments';
import { storedInvoice } from '../../server/services/invoices';
import { checkoutPaid } from '../helpers/fixtures';

const D = M.invoiceDetails;

/** A valid TCKN from its first nine digits (the rule run forwards). */
function tcknFrom(nine: number[]): string {
  const odd = nine[0]! + nine[2]! + nine[4]! + nine[6]! + nine[8]!;
  const even = nine[1]! + nine[3]! + nine[5]! + nine[7]!;
  const d10 = (((odd * 7 - even) % 10) + 10) % 10;
  const d11 = (nine.reduce((a, b) => a + b, 0) + d10) % 10;
  return [...nine, d10, d11].join('');
}

describe('check digits', () => {
  test('known numbers', () => {
    expect(isValidTckn('10000000146')).toBe(true);
    expect(isValidTckn('10000000147')).toBe(false); // last digit
    expect(isValidTckn('10000000156')).toBe(false); // 10th digit
    expect(isValidTckn('00000000146')).toBe(false); // leading zero
    expect(isValidTckn('1000000014')).toBe(false); // length
    expect(isValidVkn('1234567890')).toBe(true);
    expect(isValidVkn('1234567891')).toBe(false);
    expect(isValidVkn('12345678901')).toBe(false);
  });

  test('every TCKN built by the rule passes, and changing any one digit fails', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 8, maxLength: 8 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (first, rest, pos, bump) => {
          const t = tcknFrom([first, ...rest]);
          expect(isValidTckn(t)).toBe(true);
          const d = [...t].map(Number);
          d[pos] = (d[pos]! + bump) % 10;
          if (d[0] !== 0) expect(isValidTckn(d.join(''))).toBe(false);
        },
      ),
    );
  });

  test('a single changed digit of a VKN is caught', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        (nine, pos, bump) => {
          const valid = Array.from({ length: 10 }, (_, c) => nine.join('') + c).filter(isValidVkn);
          expect(valid).toHaveLength(1);
          const d = [...valid[0]!].map(Number);
          d[pos] = (d[pos]! + bump) % 10;
          expect(isValidVkn(d.join(''))).toBe(false);
        },
      ),
    );
  });

  test('the form schema answers in Turkish', () => {
    const msgs = (v: unknown) => (ZInvoiceDetails.safeParse(v).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(msgs({ kind: 'individual', fullName: 'A', tckn: '123', address: 'kısa', city: '' })).toEqual([
      `fullName: ${D.fullNameMin}`,
      `tckn: ${D.tcknLength}`,
      `address: ${D.addressMin}`,
      `city: ${D.cityMin}`,
    ]);
    expect(
      msgs({ kind: 'individual', fullName: 'Ayşe Yılmaz', tckn: '10000000147', address: 'Bağdat Caddesi No: 1', city: 'İstanbul' }),
    ).toEqual([`tckn: ${D.tcknInvalid}`]);
    expect(
      msgs({
        kind: 'company',
        companyTitle: 'X Ltd',
        taxOffice: 'Kadıköy',
        vkn: '1234567891',
        address: 'Bağdat Caddesi No: 1',
        city: 'İstanbul',
      }),
    ).toEqual([`vkn: ${D.vknInvalid}`]);
    expect(
      msgs({
        kind: 'company',
        companyTitle: 'X Ltd',
        taxOffice: 'Kadıköy',
        vkn: '12345',
        address: 'Bağdat Caddesi No: 1',
        city: 'İstanbul',
      }),
    ).toEqual([`vkn: ${D.vknLength}`]);
    // Spaces typed inside the number are dropped.
    expect(
      ZInvoiceDetails.parse({
        kind: 'individual',
        fullName: 'Ayşe Yılmaz',
        tckn: '100 000 001 46',
        address: 'Bağdat Caddesi No: 1',
        city: 'İstanbul',
      }),
    ).toMatchObject({ tckn: '10000000146' });
  });
});

// The procedures with no HTTP server (tests/helpers/caller.ts); an invoice is read as its download
// route serves it (storedInvoice), the route itself is tested in money-pages.test.ts.
describe('on the billing profile, on invoices and in the accountant export', () => {
  let world: CallerWorld;
  let ayse: CallerClient;
  let ayseId: string;
  beforeAll(async () => {
    world = await callerWorld();
    ayse = world.client();
    ayseId = (await ayse.mutate('auth.signUp', validSignUp('ayse-fatura@example.com'))).data.user!.id;
  });
  afterAll(async () => {
    await world.close();
  });

  test('saved, read back, refused when invalid, one kind at a time', async () => {
    expect((await ayse.query('payments.invoiceDetails')).data).toBeNull();
    const bad = await ayse.mutate('payments.saveInvoiceDetails', {
      kind: 'individual',
      fullName: 'Ayşe Yılmaz',
      tckn: '12345678901',
      address: 'Bağdat Caddesi No: 1',
      city: 'İstanbul',
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.error)).toContain(D.tcknInvalid);

    const company = {
      kind: 'company' as const,
      companyTitle: 'Ahşap Atölyesi Ltd. Şti.',
      taxOffice: 'Kadıköy',
      vkn: '1234567890',
      address: 'Moda Caddesi No: 5 Kadıköy',
      city: 'İstanbul',
    };
    expect((await ayse.mutate('payments.saveInvoiceDetails', company)).data).toEqual(company);
    expect((await ayse.query('payments.invoiceDetails')).data).toEqual(company);

    const person = {
      kind: 'individual' as const,
      fullName: 'Ayşe Yılmaz',
      tckn: '10000000146',
      address: 'Bağdat Caddesi No: 1 Kadıköy',
      city: 'İstanbul',
    };
    await ayse.mutate('payments.saveInvoiceDetails', person);
    expect((await ayse.query('payments.invoiceDetails')).data).toEqual(person);
    const row = await world.deps.db.selectFrom('billing_profiles').selectAll().where('user_id', '=', ayseId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ provider: null, vkn: null, company_title: null, tax_office: null, tckn: '10000000146' });
    // Only invoice details: no payment method is shown.
    expect((await ayse.query('credits.billing')).data.paymentMethod).toBeNull();
    // Signed out: refused.
    expect((await world.client().query('payments.invoiceDetails')).status).toBe(401);
  });

  test('an invoice keeps the details it was issued to; the export lists the period with them', async () => {
    const pay = (ref: string) => applyPaymentEvent({ db: world.deps.db, bus: world.deps.bus }, checkoutPaid(ayseId, ref));
    expect(await pay('inv1')).toBe('credited');
    // Details edited after the purchase: a later invoice shows the new ones, the first keeps the old.
    await ayse.mutate('payments.saveInvoiceDetails', {
      kind: 'company',
      companyTitle: '=HYPERLINK("x") Ltd',
      taxOffice: 'Beşiktaş',
      vkn: '1234567890',
      address: 'Barbaros Bulvarı No: 9',
      city: 'İstanbul',
    });
    expect(await pay('inv2')).toBe('credited');

    const items = (await ayse.query('credits.transactions', {})).data.items.filter((t) => t.type === 'purchase');
    const [second, first] = items as [(typeof items)[number], (typeof items)[number]];
    const text = async (id: string) => pdfText((await storedInvoice(world.deps, ayseId, id))!.pdf);
    expect(await text(first.id)).toContain('10000000146');
    expect(await text(first.id)).not.toContain('Beşiktaş');
    expect(await text(second.id)).toContain('1234567890');
    expect(await text(second.id)).toContain('Beşiktaş');

    // The accountant's CSV: admin only.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date());
    expect((await ayse.query('admin.payments.export', { from: today, to: today })).status).toBe(403);
    const admin = world.client();
    expect((await admin.mutate('admin.login', { email: 'admin@test.local', password: 'admin-secret-1' })).status).toBe(200);
    const bad = await admin.query('admin.payments.export', { from: today, to: '2020-01-01' });
    expect(JSON.stringify(bad.error)).toContain(M.adminPayments.rangeInvalid);

    const r = (await admin.query('admin.payments.export', { from: today, to: today })).data;
    expect(r.count).toBe(2);
    expect(r.filename).toBe(`odemeler-${today}-${today}.csv`);
    const lines = r.csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]!.split(';')[0]).toBe(`"${M.adminPayments.columns.invoiceNumber}"`);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"${first.invoiceNumber}"`);
    expect(lines[1]).toContain('"10000000146"');
    // Matrah, KDV rate, KDV and total (KDV included), the currency, the provider and its reference.
    expect(lines[1]).toContain('"2491,67";"20";"498,33";"2990,00";"TRY";"Stripe";"stripe:session:inv1"');
    expect(lines[2]).toContain('"1234567890";"Beşiktaş"');
    // A spreadsheet never runs a formula from a buyer's text.
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"") Ltd"`);
    // Another period: nothing.
    expect((await admin.query('admin.payments.export', { from: '2020-01-01', to: '2020-01-31' })).data.count).toBe(0);
  });
});
