import type { Readable } from 'node:stream';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../db';
import type { Storage } from '../providers/storage';
import type { Database } from '../db/types';
import { readJsonOrNull } from '../db/read';
import { ZStoredBuyer, ZStoredCompany } from '../db/json-columns';
import { getInvoiceDetails } from './invoice-details';
import { getSettings } from './settings';
import { ZipWriter, zipStream } from './zip-stream';
import { renderInvoicePdf, type InvoiceData } from '../invoices/pdf';
import { messagesFor } from '../../shared/messages';
import { getPreferences } from './preferences';

/** Istanbul's calendar year of a moment: an invoice's year is the one its seller and buyer live in. */
const YEAR = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Istanbul', year: 'numeric' });

/** `VTR2026000000001`: the prefix, the year and a 9-digit sequence, as e-Arşiv invoice numbers are written. */
export function formatInvoiceNumber(prefix: string, year: number, n: number): string {
  return `${prefix}${year}${String(n).padStart(9, '0')}`;
}

/**
 * The next number of `prefix` in the year of `at`. The counter row is updated inside the
 * caller's transaction and stays locked until it ends: a concurrent purchase waits for it and
 * takes the next number, and a purchase that rolls back gives its number back, so the numbers
 * have neither gaps nor duplicates.
 */
export async function allocateInvoiceNumber(trx: Transaction<Database>, prefix: string, at = new Date()): Promise<string> {
  const year = Number(YEAR.format(at));
  const row = await trx
    .insertInto('invoice_sequences')
    .values({ prefix, year, last_number: 1 })
    .onConflict((oc) => oc.columns(['prefix', 'year']).doUpdateSet({ last_number: sql<number>`invoice_sequences.last_number + 1` }))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return formatInvoiceNumber(prefix, year, row.last_number);
}

/**
 * Issues the invoice of a purchase just credited (same transaction): its number, the KDV rate,
 * the operator's company details and the buyer's invoice details as they are now, and the
 * provider's payment reference. Later edits of any of them never change an issued invoice.
 * The number is taken last, so the counter is held for as short a time as possible.
 */
export async function issueInvoice(trx: Transaction<Database>, transactionId: string, userId: string, paymentRef: string): Promise<string> {
  const s = await getSettings(trx);
  const buyer = await getInvoiceDetails(trx, userId);
  const number = await allocateInvoiceNumber(trx, s.invoicePrefix);
  await trx
    .updateTable('credit_transactions')
    .set({
      invoice_number: number,
      kdv_rate: s.kdvRate,
      seller_details: JSON.stringify(s.company),
      buyer_details: buyer ? JSON.stringify(buyer) : null,
      payment_ref: paymentRef,
    })
    .where('id', '=', transactionId)
    .execute();
  return number;
}

/**
 * One credited purchase of its owner as its invoice prints it, for the seller's saved language;
 * null for anything else. A
 * purchase invoiced before these details were kept (no seller details or rate on its row) is
 * shown with the current settings and the buyer's current details.
 */
export async function loadInvoice(db: Db, userId: string, txId: string): Promise<InvoiceData | null> {
  const t = await db
    .selectFrom('credit_transactions as t')
    .innerJoin('profiles as p', 'p.id', 't.user_id')
    .select([
      't.id',
      't.invoice_number',
      't.amount',
      't.description',
      't.plan_code',
      't.amount_paid_cents',
      't.currency',
      't.provider',
      't.created_at',
      't.buyer_details',
      't.seller_details',
      't.kdv_rate',
      't.payment_ref',
      'p.full_name',
      'p.email',
    ])
    .where('t.id', '=', txId)
    .where('t.user_id', '=', userId)
    .where('t.type', '=', 'purchase')
    .where('t.amount_paid_cents', 'is not', null)
    .where('t.invoice_number', 'is not', null)
    .executeTakeFirst();
  if (!t) return null;
  const s = await getSettings(db);
  return {
    id: t.id,
    number: t.invoice_number!,
    paidAt: new Date(t.created_at),
    planCode: t.plan_code,
    description: t.description,
    credits: t.amount,
    totalCents: t.amount_paid_cents!,
    currency: (t.currency ?? s.currency).toUpperCase(),
    kdvRate: t.kdv_rate ?? s.kdvRate,
    provider: t.provider,
    paymentRef: t.payment_ref ?? t.id,
    seller: {
      ...(readJsonOrNull(ZStoredCompany, t.seller_details, 'credit_transactions.seller_details') ?? s.company),
      siteName: s.siteName,
    },
    buyer: readJsonOrNull(ZStoredBuyer, t.buyer_details, 'credit_transactions.buyer_details') ?? (await getInvoiceDetails(db, userId)),
    customer: { name: t.full_name, email: t.email },
    language: (await getPreferences(db, userId)).language,
  };
}

/** The owner's invoiced purchases, oldest first. */
export async function invoiceIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('credit_transactions')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', '=', 'purchase')
    .where('amount_paid_cents', 'is not', null)
    .where('invoice_number', 'is not', null)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * One purchase's invoice of its owner as a PDF file; null for anything else. Its file name follows
 * the seller's chosen language ("Fatura-…pdf" / "Invoice-…pdf"), its legal text is Turkish (issue 38 item 2).
 */
export async function renderInvoice(db: Db, userId: string, txId: string): Promise<{ name: string; pdf: Buffer } | null> {
  const data = await loadInvoice(db, userId, txId);
  return data ? { name: messagesFor(data.language).invoice.fileName(data.number), pdf: await renderInvoicePdf(data) } : null;
}

/** Draws an invoice's PDF (server/invoices/pdf.ts; a parameter so a test can count the drawings). */
export type InvoiceDrawer = (data: InvoiceData) => Promise<Buffer>;

/**
 * One purchase's invoice of its owner as its stored PDF (`invoices/<userId>/<id>.pdf`); null for
 * anything else. An invoice is a legal document that must not change: its PDF is drawn once (the
 * first time it is asked for, for invoices issued before PDFs were kept) and stored; every later
 * download is that file, whatever the settings say by then (issue 33 item 9).
 */
export async function storedInvoice(
  deps: { db: Db; storage: Storage },
  userId: string,
  txId: string,
  draw: InvoiceDrawer = renderInvoicePdf,
): Promise<{ name: string; pdf: Buffer } | null> {
  const data = await loadInvoice(deps.db, userId, txId);
  if (!data) return null;
  const name = messagesFor(data.language).invoice.fileName(data.number);
  const key = `invoices/${userId}/${txId}.pdf`;
  const stored = await deps.storage.get(key);
  if (stored) return { name, pdf: stored.bytes };
  const pdf = await draw(data);
  await deps.storage.put(key, pdf, 'application/pdf');
  return { name, pdf };
}

/**
 * Every invoice of the owner (oldest purchase first) as one zip, streamed as it is read: each
 * stored invoice is added when its turn comes, so only one is held at a time. A failure half-way
 * ends the stream with the error.
 */
export function invoicesZip(deps: { db: Db; storage: Storage }, userId: string): Readable {
  return zipStream((zip) => addInvoices(zip, deps, userId));
}

/** Adds every invoice of the seller to `zip` as its stored PDF under `folder`, one at a time. */
export async function addInvoices(zip: ZipWriter, deps: { db: Db; storage: Storage }, userId: string, folder = ''): Promise<void> {
  for (const id of await invoiceIds(deps.db, userId)) {
    if (zip.output.destroyed) return; // the reader left
    const inv = await storedInvoice(deps, userId, id);
    // PDF streams are compressed already.
    if (inv) await zip.add(`${folder}${inv.name}`, inv.pdf);
  }
}
