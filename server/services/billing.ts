import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import { paginate } from '../db/paginate';
import type { Db } from '../db';
import type { CreditTxType } from '../db/types';
import { findPlan } from '../../shared/plans';
import { M } from '../../shared/messages';
import { creditsUsed } from './dashboard';
import { monthStart } from './months';
import { getInvoiceDetails } from './invoice-details';
import { ZipWriter, zipStream } from './zip-stream';
import type { TInvoiceDetailsParsed } from '../../shared/schemas/billing';

export type TransactionView = {
  id: string;
  type: CreditTxType;
  amount: number;
  description: string;
  planCode: string | null;
  amountPaidCents: number | null;
  currency: string | null;
  invoiceNumber: string | null;
  createdAt: string;
};

/** D27: the invoice number is INV- and the first 8 characters of the transaction id. */
export const invoiceNumber = (txId: string) => `INV-${txId.slice(0, 8)}`;

export async function listTransactions(db: Db, userId: string, opts: { page: number; pageSize: number }) {
  const { rows, total } = await paginate(
    db.selectFrom('credit_transactions').where('user_id', '=', userId),
    (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    opts,
  );
  const items: TransactionView[] = rows.map((t) => ({
    id: t.id,
    type: t.type,
    amount: t.amount,
    description: t.description,
    planCode: t.plan_code,
    amountPaidCents: t.amount_paid_cents,
    currency: t.currency,
    invoiceNumber: t.type === 'purchase' && t.amount_paid_cents != null ? invoiceNumber(t.id) : null,
    createdAt: new Date(t.created_at).toISOString(),
  }));
  return { items, total, page: opts.page, pageSize: opts.pageSize };
}

/** Billing tiles (USD), the current package and the card the provider reported. */
export async function billingSummary(db: Db, userId: string, now = new Date()) {
  const thisMonth = monthStart(now, 0);
  // Money is summed in the currency of the latest payment (USD, or TRY through iyzico), never
  // across currencies.
  const last = await db
    .selectFrom('credit_transactions')
    .select(['provider', 'currency'])
    .where('user_id', '=', userId)
    .where('type', '=', 'purchase')
    .where('amount_paid_cents', 'is not', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const currency = (last?.currency ?? 'USD').toUpperCase();
  const spent = await db
    .selectFrom('credit_transactions')
    .select((eb) => {
      const inCurrency = eb(sql<string>`upper(coalesce(currency, 'USD'))`, '=', currency);
      return [
        eb.fn.coalesce(eb.fn.sum<number>('amount_paid_cents').filterWhere(inCurrency), eb.lit(0)).as('total'),
        eb.fn
          .coalesce(eb.fn.sum<number>('amount_paid_cents').filterWhere(eb.and([inCurrency, eb('created_at', '>=', thisMonth)])), eb.lit(0))
          .as('month'),
        eb.fn.countAll<number>().as('count'),
      ];
    })
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const [used, profile, user] = await Promise.all([
    creditsUsed(db, userId),
    db.selectFrom('billing_profiles').select(['provider', 'card_brand', 'card_last4']).where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('users').select(['plan_code', 'credits_expire_at', 'credits_balance']).where('id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  return {
    thisMonthSpentCents: Number(spent.month),
    totalSpentCents: Number(spent.total),
    /** The currency of the two sums above. */
    currency,
    totalTransactions: Number(spent.count),
    creditsUsed: used,
    planCode: user.plan_code,
    renewsAt: user.credits_expire_at ? new Date(user.credits_expire_at).toISOString() : null,
    /** Who took the latest payment ('test' for the local test checkout). */
    lastPaymentProvider: last?.provider ?? null,
    // A profile holding only invoice details (no payment yet) names no payment method.
    paymentMethod: profile?.provider ? { provider: profile.provider, brand: profile.card_brand, last4: profile.card_last4 } : null,
  };
}

/** The invoice details as printed on an invoice (issue 16): the buyer, tax number, address. */
export function buyerLines(d: TInvoiceDetailsParsed | null): string[] {
  const invoiceText = M.invoice;
  if (!d) return [`  ${invoiceText.noDetails}`];
  const who =
    d.kind === 'individual'
      ? [`  ${M.invoiceDetails.fullName}: ${d.fullName}`, `  ${invoiceText.tckn}: ${d.tckn}`]
      : [
          `  ${invoiceText.companyTitle}: ${d.companyTitle}`,
          `  ${invoiceText.taxOffice}: ${d.taxOffice}`,
          `  ${invoiceText.vkn}: ${d.vkn}`,
        ];
  return [...who, `  ${invoiceText.address}: ${d.address} / ${d.city}`];
}

/**
 * One plain-text invoice for one purchase of its owner; null for anything else. It carries the
 * invoice details the purchase was credited with (the current ones for purchases made before
 * any were saved), and says so when it was a test payment.
 */
export async function renderInvoice(db: Db, userId: string, txId: string): Promise<{ name: string; text: string } | null> {
  const t = await db
    .selectFrom('credit_transactions')
    .innerJoin('profiles', 'profiles.id', 'credit_transactions.user_id')
    .select([
      'credit_transactions.id',
      'credit_transactions.amount',
      'credit_transactions.description',
      'credit_transactions.plan_code',
      'credit_transactions.amount_paid_cents',
      'credit_transactions.currency',
      'credit_transactions.provider',
      'credit_transactions.created_at',
      'credit_transactions.buyer_details',
      'profiles.full_name',
      'profiles.email',
      'profiles.company_name',
    ])
    .where('credit_transactions.id', '=', txId)
    .where('credit_transactions.user_id', '=', userId)
    .where('credit_transactions.type', '=', 'purchase')
    .where('credit_transactions.amount_paid_cents', 'is not', null)
    .executeTakeFirst();
  if (!t) return null;
  const invoiceText = M.invoice;
  const number = invoiceNumber(t.id);
  const money = new Intl.NumberFormat('tr-TR', { style: 'currency', currency: t.currency ?? 'USD' }).format(
    (t.amount_paid_cents ?? 0) / 100,
  );
  const date = new Intl.DateTimeFormat('tr-TR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Istanbul' }).format(
    new Date(t.created_at),
  );
  const details = (t.buyer_details as TInvoiceDetailsParsed | null) ?? (await getInvoiceDetails(db, userId));
  const lines = [
    invoiceText.title,
    '='.repeat(40),
    ...(t.provider === 'test' ? [M.payments.testBanner, ''] : []),
    `${invoiceText.number}: ${number}`,
    `${invoiceText.date}: ${date}`,
    '',
    `${invoiceText.customer}: ${t.full_name}`,
    `${invoiceText.email}: ${t.email}`,
    ...(t.company_name ? [`${invoiceText.company}: ${t.company_name}`] : []),
    '',
    `${invoiceText.buyer}:`,
    ...buyerLines(details),
    '',
    `${invoiceText.item}: ${findPlan(t.plan_code)?.name ?? t.description} — ${t.description}`,
    `${invoiceText.credits}: ${t.amount}`,
    `${invoiceText.amount}: ${money}`,
    ...(t.provider ? [`${invoiceText.provider}: ${M.billing.providerNames[t.provider] ?? t.provider}`] : []),
    `${invoiceText.reference}: ${t.id}`,
    '',
    invoiceText.footer,
    '',
  ];
  return { name: `${number}.txt`, text: lines.join('\n') };
}

export async function purchaseIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('credit_transactions')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', '=', 'purchase')
    .where('amount_paid_cents', 'is not', null)
    .orderBy('created_at', 'asc')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Every invoice of the owner (oldest purchase first) as one zip, streamed as it is read: each
 * invoice is rendered when its turn comes, so only one is held at a time. A failure half-way ends
 * the stream with the error.
 */
export function invoicesZip(db: Db, userId: string): Readable {
  return zipStream((zip) => addInvoices(zip, db, userId));
}

/** Adds every invoice of the seller to `zip` as a text file under `folder`, rendered one at a time. */
export async function addInvoices(zip: ZipWriter, db: Db, userId: string, folder = ''): Promise<void> {
  for (const id of await purchaseIds(db, userId)) {
    if (zip.output.destroyed) return; // the reader left
    const inv = await renderInvoice(db, userId, id);
    if (inv) await zip.add(`${folder}${inv.name}`, inv.text, { compress: true });
  }
}
