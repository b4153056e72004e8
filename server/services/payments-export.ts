import type { Db } from '../db';
import { readJsonOrNull } from '../db/read';
import { ZStoredBuyer } from '../db/json-columns';
import { M } from '../../shared/messages';
import { findPlan } from '../../shared/plans';
import type { TPaymentsExportRange } from '../../shared/schemas/billing';
import { detailsFromRow } from './invoice-details';
import { getSettings } from './settings';
import { kdvBreakdown } from '../../shared/money';

/** Istanbul has been UTC+3 all year since 2016: a calendar day there starts at 21:00 UTC the day before. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+03:00`);

/** One CSV cell: quoted, quotes doubled, and never read as a spreadsheet formula. */
function cell(v: string | number | null | undefined): string {
  let s = v == null ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

const DATE_TIME = new Intl.DateTimeFormat('tr-TR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Istanbul' });
const AMOUNT = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });

/**
 * A period's payments with the buyers' invoice details, for the accountant's e-Arşiv system
 * (issue 16 (docs/history.md)): one row per credited purchase from `from` to `to` (whole Istanbul days), the
 * details each purchase was invoiced to (else the buyer's current ones). Semicolon-separated
 * with a UTF-8 BOM and decimal commas, as a Turkish spreadsheet opens it.
 */
export async function paymentsCsv(db: Db, range: TPaymentsExportRange): Promise<{ filename: string; csv: string; count: number }> {
  const rows = await purchasesIn(db, range);
  const column = M.adminPayments.columns;
  const header = [
    column.invoiceNumber,
    column.date,
    column.email,
    column.kind,
    column.name,
    column.tckn,
    column.vkn,
    column.taxOffice,
    column.address,
    column.city,
    column.plan,
    column.credits,
    column.matrah,
    column.kdvRate,
    column.kdv,
    column.amount,
    column.currency,
    column.provider,
    column.reference,
  ];
  const lines = [header.map(cell).join(';')];
  const { kdvRate } = await getSettings(db);
  for (const r of rows) lines.push(paymentLine(r, kdvRate));
  return { filename: `odemeler-${range.from}-${range.to}.csv`, csv: `\uFEFF${lines.join('\r\n')}\r\n`, count: rows.length };
}

type PurchaseRow = Awaited<ReturnType<typeof purchasesIn>>[number];

/**
 * One purchase as a CSV line: its invoice number, date, buyer, the details it was invoiced to, plan,
 * matrah, KDV rate and amount, total (a purchase from before rates were kept: today's rate).
 */
function paymentLine(r: PurchaseRow, kdvRate: number): string {
  const d = readJsonOrNull(ZStoredBuyer, r.buyer_details, 'credit_transactions.buyer_details') ?? detailsFromRow(r);
  const individual = d?.kind === 'individual';
  const total = r.amount_paid_cents ?? 0;
  const { matrahCents, kdvCents } = kdvBreakdown(total, r.kdv_rate ?? kdvRate);
  return [
    r.invoice_number ?? '',
    DATE_TIME.format(new Date(r.created_at)),
    r.user_email,
    d ? (individual ? M.invoiceDetails.individual : M.invoiceDetails.company) : '',
    d ? (d.kind === 'individual' ? d.fullName : d.companyTitle) : '',
    d?.kind === 'individual' ? d.tckn : '',
    d?.kind === 'company' ? d.vkn : '',
    d?.kind === 'company' ? d.taxOffice : '',
    d?.address ?? '',
    d?.city ?? '',
    findPlan(r.plan_code)?.name ?? r.plan_code ?? '',
    r.amount,
    AMOUNT.format(matrahCents / 100),
    r.kdv_rate ?? kdvRate,
    AMOUNT.format(kdvCents / 100),
    AMOUNT.format(total / 100),
    r.currency ?? '',
    (r.provider && M.billing.providerNames[r.provider]) || r.provider || '',
    r.payment_ref ?? r.id,
  ]
    .map(cell)
    .join(';');
}

/** Credited purchases from `range.from` to `range.to` (whole Istanbul days), with the buyer's current invoice details. */
function purchasesIn(db: Db, range: TPaymentsExportRange) {
  const end = new Date(dayStart(range.to).getTime() + 86_400_000);
  return db
    .selectFrom('credit_transactions as t')
    .leftJoin('billing_profiles as b', 'b.user_id', 't.user_id')
    .select([
      't.id',
      't.invoice_number',
      't.kdv_rate',
      't.payment_ref',
      't.created_at',
      't.user_email',
      't.plan_code',
      't.amount',
      't.amount_paid_cents',
      't.currency',
      't.provider',
      't.buyer_details',
      'b.invoice_kind',
      'b.invoice_name',
      'b.tckn',
      'b.company_title',
      'b.tax_office',
      'b.vkn',
      'b.address',
      'b.city',
    ])
    .where('t.type', '=', 'purchase')
    .where('t.amount_paid_cents', 'is not', null)
    .where('t.created_at', '>=', dayStart(range.from))
    .where('t.created_at', '<', end)
    .orderBy('t.created_at', 'asc')
    .orderBy('t.id', 'asc')
    .execute();
}
