import { sql, type Selectable } from 'kysely';
import { paginate } from '../db/paginate';
import type { Db } from '../db';
import type { CreditTransactionsTable } from '../db/types';
import { creditsUsed } from './dashboard';
import { monthStart } from './months';
import type { TTransactionView } from '../../shared/schemas/billing';

/** The columns a transaction's view is read from. */
export const TRANSACTION_VIEW_COLUMNS = [
  'id',
  'type',
  'amount',
  'description',
  'plan_code',
  'amount_paid_cents',
  'currency',
  'invoice_number',
  'created_at',
] as const;

type TransactionRow = Pick<Selectable<CreditTransactionsTable>, (typeof TRANSACTION_VIEW_COLUMNS)[number]>;

/** A credit transaction as the seller sees it (the billing page's list, the data export). */
export function transactionView(t: TransactionRow): TTransactionView {
  return {
    id: t.id,
    type: t.type,
    amount: t.amount,
    description: t.description,
    planCode: t.plan_code,
    amountPaidCents: t.amount_paid_cents,
    currency: t.currency,
    // Only a paid purchase has an invoice.
    invoiceNumber: t.type === 'purchase' && t.amount_paid_cents != null ? t.invoice_number : null,
    createdAt: new Date(t.created_at).toISOString(),
  };
}

export async function listTransactions(db: Db, userId: string, opts: { page: number; pageSize: number }) {
  const { rows, total } = await paginate(
    db.selectFrom('credit_transactions').where('user_id', '=', userId),
    (q) => q.select(TRANSACTION_VIEW_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc'),
    opts,
  );
  return { items: rows.map(transactionView), total, page: opts.page, pageSize: opts.pageSize };
}

/**
 * Billing tiles, the current package and the card the provider reported. Money is summed in the
 * install's one currency (`currency`); a payment in another (made before the install changed
 * currency) is counted as a transaction but never added to the sums.
 */
export async function billingSummary(db: Db, userId: string, currency: string, now = new Date()) {
  const thisMonth = monthStart(now, 0);
  const last = await db
    .selectFrom('credit_transactions')
    .select(['provider'])
    .where('user_id', '=', userId)
    .where('type', '=', 'purchase')
    .where('amount_paid_cents', 'is not', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const spent = await db
    .selectFrom('credit_transactions')
    .select((eb) => {
      const inCurrency = eb(sql<string>`upper(coalesce(currency, ${currency}))`, '=', currency);
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
