import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type HttpClient } from '../helpers/server';
import { adminClient, customerClient } from '../admin/helpers';
import { pdfText } from '../helpers/pdf';
import { renderInvoice, storedInvoice } from '../../server/services/invoices';
import { renderInvoicePdf, type InvoiceData } from '../../server/invoices/pdf';
import type { RunningServer } from '../../server/index';

/**
 * Issue 33 item 9: an invoice's PDF was drawn on every download, from the settings of the day (a
 * new site name changed an issued invoice). Now it is drawn once and stored; every download
 * serves the stored file, and the drawer is not called again.
 */
let server: RunningServer;
let seller: { client: HttpClient; userId: string };
let admin: HttpClient;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
  seller = await customerClient(server, 'fatura@example.com');
  admin = await adminClient(server);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

let seq = 0;
async function purchase(): Promise<string> {
  const row = await server.deps.db
    .insertInto('credit_transactions')
    .values({
      user_id: seller.userId,
      user_email: 'fatura@example.com',
      type: 'purchase',
      amount: 100,
      description: 'Temel paket',
      plan_code: 'basic',
      amount_paid_cents: 299000,
      currency: 'TRY',
      provider: 'iyzico',
      invoice_number: `VTR2026${String(++seq).padStart(9, '0')}`,
      kdv_rate: 20,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function download(id: string): Promise<{ status: number; bytes: Buffer }> {
  const res = await seller.client.raw(`/api/invoices/${id}`);
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

test('an issued invoice is served unchanged after the site name changes', async () => {
  const id = await purchase();
  const first = await download(id);
  expect(first.status).toBe(200);
  expect(pdfText(first.bytes)).toContain('Vitrin');

  const before = (await admin.query('admin.settings.list')).data.values;
  const saved = await admin.mutate('admin.settings.save', { ...before, siteName: 'Yepyeni Mağaza' });
  expect(saved.status).toBe(200);
  // Drawn today, the invoice would carry the new name…
  expect(pdfText((await renderInvoice(server.deps.db, seller.userId, id))!.pdf)).toContain('Yepyeni Mağaza');
  // …but the issued one is the stored file, byte for byte.
  const second = await download(id);
  expect(second.status).toBe(200);
  expect(second.bytes.equals(first.bytes)).toBe(true);
  expect(pdfText(second.bytes)).not.toContain('Yepyeni Mağaza');
  await admin.mutate('admin.settings.save', before);
});

test('the PDF is drawn once: the second download does not call the drawer', async () => {
  const id = await purchase();
  const drawn: string[] = [];
  const draw = (data: InvoiceData) => {
    drawn.push(data.id);
    return renderInvoicePdf(data);
  };
  const a = await storedInvoice(server.deps, seller.userId, id, draw);
  const b = await storedInvoice(server.deps, seller.userId, id, draw);
  expect(drawn).toEqual([id]);
  expect(b!.pdf.equals(a!.pdf)).toBe(true);
  expect(b!.name).toBe(a!.name);
  // Another seller's invoice id is nothing, and nothing is drawn for it.
  const other = await customerClient(server, 'baska-fatura@example.com');
  expect(await storedInvoice(server.deps, other.userId, id, draw)).toBeNull();
  expect(drawn).toEqual([id]);
});
