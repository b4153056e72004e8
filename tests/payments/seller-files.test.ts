import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import JSZip from 'jszip';
import { startTestServer } from '../helpers/server';
import { sellerWithRun, waitForExport } from '../helpers/seller-with-run';
import { adminClient, customerClient } from '../admin/helpers';
import { startCheckout } from '../../server/services/checkout';
import { setSetting } from '../../server/services/settings';
import { paymentsFromEnv } from '../../server/providers/payments';
import { readEnv } from '../../server/env';
import { messagesFor } from '../../shared/messages';
import { pdfText } from '../helpers/pdf';
import type { RunningServer } from '../../server/index';

// Issue 38 items 1, 2 and 12 from the seller's side: the files a seller downloads follow the language
// they chose (not the browser's), the invoice's legal text is Turkish whatever it is, the invoice
// carries the operator's company details as they were when it was issued, and in production no paid
// checkout starts while those details are empty (the admin is told at start-up and on the dashboard).

const TR = messagesFor('tr');
const EN = messagesFor('en');

let server: RunningServer;
const startLog: string[] = [];
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1', SIGNUP_LIMIT_PER_IP: '1000' }, { log: (l) => startLog.push(l) });
});
afterAll(async () => {
  await server.close();
});

const COMPANY = {
  company_title: 'Vitrin Yazılım A.Ş.',
  company_tax_office: 'Kadıköy',
  company_vkn: '1234567890',
  company_address: 'Moda Cad. 1, Kadıköy / İstanbul',
  company_email: 'fatura@vitrin.example',
  company_phone: '+90 216 000 00 00',
} as const;

async function setCompany(values: Partial<Record<keyof typeof COMPANY, string>>) {
  for (const [k, v] of Object.entries(values)) await setSetting(server.deps.db, k as keyof typeof COMPANY, v);
}

/** A seller with one finished image run (small photos, so an export enlarges them and adds its note) and one purchase. */
async function seller(email: string) {
  const made = await sellerWithRun(server, email, {
    width: 300,
    height: 240,
    prompt: 'ahşap masa',
    roles: true,
    payment: { amountCents: 299000, currency: 'TRY', card: null },
  });
  const tx = (await made.client.query('credits.transactions', { page: 1, pageSize: 20 })).data;
  const purchase = tx.items.find((t: { type: string }) => t.type === 'purchase') as { id: string; invoiceNumber: string };
  return { ...made, purchase };
}

async function zipNames(res: Response): Promise<string[]> {
  expect(res.status).toBe(200);
  return Object.keys((await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()))).files);
}

describe('downloads follow the seller, not the browser (item 2)', () => {
  test('a Turkish seller with an English browser: Fatura-….pdf in Turkish, OKU-BENI.txt, a Turkish data export', async () => {
    const { client, runId, purchase } = await seller('tr-satici@example.com');
    const admin = await adminClient(server);
    expect((await admin.mutate('admin.credits.set', { email: 'tr-satici@example.com', balance: 100, reason: 'Telafi' })).status).toBe(200);
    client.headers['accept-language'] = 'en-US,en;q=0.9';

    const res = await client.raw(`/api/invoices/${purchase.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`Fatura-${purchase.invoiceNumber}.pdf`);
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    expect(text).toContain('FATURA');
    expect(text).toContain('Toplam (KDV dahil): ₺2.990,00');
    expect(text).not.toMatch(/INVOICE|Total \(incl/);
    expect(await zipNames(await client.raw('/api/invoices/all.zip'))).toEqual([`Fatura-${purchase.invoiceNumber}.pdf`]);
    expect(await zipNames(await client.raw(`/api/generations/${runId}/export/square`))).toContain(TR.exports.noteFileName);

    expect((await client.mutate('auth.requestExport')).status).toBe(200);
    const ready = await waitForExport(client);
    const zip = await JSZip.loadAsync(Buffer.from(await (await client.raw(`/api/exports/${ready.id}`)).arrayBuffer()));
    expect(Object.keys(zip.files).filter((n) => n.startsWith('invoices/'))).toEqual([`invoices/Fatura-${purchase.invoiceNumber}.pdf`]);
    const txs = JSON.parse(await zip.file('credit-transactions.json')!.async('string')) as Array<Record<string, unknown>>;
    // Item 12: the admin's change is its own type, named in the seller's language with the admin's reason.
    expect(txs.find((t) => t.type === 'admin_adjustment')).toMatchObject({ typeLabel: 'Yönetici düzeltmesi', label: 'Telafi', amount: 30 });
    expect(txs.find((t) => t.type === 'bonus')).toMatchObject({ label: TR.credits.trialGrant });
  }, 120_000); // the data export is built by the background worker

  test('an English seller with a Turkish browser: Invoice-….pdf, Turkish legal text with English beside it, READ-ME.txt', async () => {
    const { client, runId, purchase } = await seller('en-seller@example.com');
    const saved = await client.mutate('auth.savePreferences', {
      section: 'preferences',
      language: 'en',
      timezone: 'Europe/Istanbul',
      theme: 'light',
    });
    expect(saved.status).toBe(200);
    client.headers['accept-language'] = 'tr-TR,tr;q=0.9';

    const res = await client.raw(`/api/invoices/${purchase.id}`);
    expect(res.headers.get('content-disposition')).toContain(`Invoice-${purchase.invoiceNumber}.pdf`);
    const text = pdfText(Buffer.from(await res.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toContain(`${TR.invoice.title} / ${EN.invoice.title}`);
    expect(text).toContain(`${TR.invoice.total} / ${EN.invoice.total}: ₺2.990,00`);
    expect(text).toContain(`${TR.invoice.paymentDate} / ${EN.invoice.paymentDate}`);
    expect(text).toContain(TR.invoice.itemLine('Temel', '60')); // the legal line in Turkish
    expect(await zipNames(await client.raw('/api/invoices/all.zip'))).toEqual([`Invoice-${purchase.invoiceNumber}.pdf`]);
    const names = await zipNames(await client.raw(`/api/generations/${runId}/export/square`));
    expect(names).toContain(EN.exports.noteFileName);
    expect(names).not.toContain(TR.exports.noteFileName);
  });
});

describe("the operator's company on invoices (item 1)", () => {
  test('the seller block carries title, tax office, VKN, address, e-mail and phone, as they were when issued', async () => {
    await setCompany(COMPANY);
    const { client, purchase } = await seller('sirket-blok@example.com');
    await setCompany({ company_title: 'Yeni Ünvan Ltd.', company_phone: '+90 212 111 11 11' });
    try {
      const text = pdfText(Buffer.from(await (await client.raw(`/api/invoices/${purchase.id}`)).arrayBuffer()));
      expect(text).toContain('Vitrin Yazılım A.Ş.');
      expect(text).toContain('Vergi dairesi: Kadıköy');
      expect(text).toContain('Vergi Kimlik No: 1234567890');
      expect(text).toContain('Adres: Moda Cad. 1, Kadıköy / İstanbul');
      expect(text).toContain('E-posta: fatura@vitrin.example');
      expect(text).toContain('Telefon: +90 216 000 00 00');
      expect(text).not.toMatch(/Yeni Ünvan|212 111/);
    } finally {
      await setCompany(Object.fromEntries(Object.keys(COMPANY).map((k) => [k, ''])));
    }
  });

  test('in production no paid checkout starts while the details are empty; the admin hears it at start-up and on the dashboard', async () => {
    const { db } = server.deps;
    const { userId } = await customerClient(server, 'uretim@example.com');
    // readEnv takes the environment's strings, as the process has them.
    const asStrings = Object.fromEntries(
      Object.entries(server.deps.env)
        .filter(([, v]) => v !== undefined && v !== null)
        .map(([k, v]) => [k, String(v)]),
    );
    const env = readEnv({ ...asStrings, NODE_ENV: 'production', STRIPE_LINK_BASIC: 'https://buy.stripe.com/test_basic' });
    const deps = { db, env, payments: paymentsFromEnv(env), localCaller: false };
    expect(deps.payments.checkout).toBe('stripe');

    expect(await startCheckout(deps, userId, 'basic')).toEqual({ url: null, message: TR.payments.issuerDetailsMissing });
    // Outside production (the local test checkout prints its test banner) nothing is refused for it.
    const dev = { ...deps, env: { ...env, NODE_ENV: undefined } };
    expect((await startCheckout(dev, userId, 'basic')).message).not.toBe(TR.payments.issuerDetailsMissing);

    const fields = Object.values(TR.adminDashboard.issuerFields).join(', ');
    expect(startLog.some((l) => l.includes(TR.adminDashboard.issuerMissing(fields)))).toBe(true);
    const admin = await adminClient(server);
    const board = (await admin.query('admin.dashboard')).data;
    expect(board.issuer).toEqual({ missing: ['title', 'taxOffice', 'vkn', 'address', 'email', 'phone'], blocking: false });

    await setCompany(COMPANY);
    try {
      const open = await startCheckout(deps, userId, 'basic');
      expect(open.message).not.toBe(TR.payments.issuerDetailsMissing);
      expect((await admin.query('admin.dashboard')).data.issuer.missing).toEqual([]);
    } finally {
      await setCompany(Object.fromEntries(Object.keys(COMPANY).map((k) => [k, ''])));
    }
  });
});
