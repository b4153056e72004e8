import { sql, type Transaction } from 'kysely';
import type { Db } from '../db';
import type { Database } from '../db/types';
import { readJson } from '../db/read';
import { ZStoredPayment } from '../db/json-columns';
import type { AppDeps } from '../deps';
import { announceBalance } from '../events/announce';
import type { PaymentEvent } from '../providers/payments';
import { findPlan, type Plan } from '../../shared/plans';
import { M } from '../../shared/messages';
import { PAID_PERIOD_DAYS } from '../../shared/constants';
import { addCredits } from './ledger';
import { expireIfDue } from './credits';
import { queuePaymentReceived } from './notifications';
import { issueInvoice } from './invoices';
import type { WebhookProblem } from '../../shared/schemas/admin';
import { IyzicoApiError } from '../providers/payments/iyzico';
import { writeAudit } from './admin/audit';
import { completeCheckout } from './checkout';
import { withStoredTerms } from './payment-terms';
import { log } from '../lib/log';

export type WebhookOutcome = 'credited' | 'duplicate' | 'already_credited' | 'unmatched' | 'ignored';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Applies one verified webhook in ONE transaction (docs/decisions.md D9, D26):
 * - `processed_webhooks` by event key: a replay (sequential or concurrent) changes nothing;
 * - the payment itself is credited once per `paymentRef` (ledger reason 'purchase'), so the
 *   checkout and first-invoice events of one payment credit once, whichever arrives first;
 * - the user is the checkout's reference if it names a real user, else the provider customer
 *   we saw before, else an exact e-mail match; for a payment of a stored subscription (iyzico)
 *   only the account stored for it; otherwise the event is recorded as unmatched.
 */
export async function applyPaymentEvent(
  deps: Pick<AppDeps, 'db' | 'bus'> & Partial<Pick<AppDeps, 'storage'>>,
  verified: PaymentEvent,
): Promise<WebhookOutcome> {
  const { db } = deps;
  const event = await withStoredTerms(db, verified);
  const result = await db.transaction().execute(async (trx): Promise<Applied> => {
    const recorded = await recordEvent(trx, event);
    if (!recorded) return { outcome: 'duplicate' };
    if (event.kind === 'ignored') return { outcome: 'ignored' };
    return settlePayment(trx, recorded.id, event);
  });
  if (result.outcome === 'credited') await announceCredited(deps, event, result);
  return result.outcome;
}

/**
 * Matches a recorded payment event (row `rowId`) to a user and plan and credits it once. An
 * unmatched event is kept on its row, so an admin can retry it; a matched one needs no copy.
 */
async function settlePayment(trx: Transaction<Database>, rowId: string, event: Payment): Promise<Applied> {
  // Serialise the twin events of one payment (checkout + invoice) on the payment itself.
  await sql`select pg_advisory_xact_lock(hashtext(${event.paymentRef}))`.execute(trx);

  const user = await findUser(trx, event);
  const plan = findPlan(event.plan);
  const problem: WebhookProblem | null = event.problem ?? (!plan ? 'plan_mismatch' : !user ? 'user_unknown' : null);
  const summary = {
    paymentRef: event.paymentRef,
    plan: event.plan,
    amountCents: event.amountCents,
    currency: event.currency,
    email: event.email,
    problem,
  };
  if (!user || !plan) {
    await trx
      .updateTable('processed_webhooks')
      .set({ matched: false, summary: JSON.stringify(summary), payment_event: JSON.stringify(event) })
      .where('id', '=', rowId)
      .execute();
    return { outcome: 'unmatched' };
  }

  // The buyer's row is locked first, before any write that names the user (this row's user_id, the
  // billing profile: each takes a KEY SHARE lock through its foreign key). Two purchases of one seller
  // then queue here instead of each holding a KEY SHARE the other's FOR UPDATE (addCredits) waits on: a deadlock.
  await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().execute();
  const conflict = await saveBillingProfile(trx, user.id, event);
  const matchedSummary = conflict ? { ...summary, problem: 'customer_conflict' satisfies WebhookProblem } : summary;
  await trx
    .updateTable('processed_webhooks')
    .set({ matched: true, user_id: user.id, summary: JSON.stringify(matchedSummary), payment_event: null })
    .where('id', '=', rowId)
    .execute();
  const applied = await creditPayment(trx, user, plan, event);
  if (applied.outcome === 'credited' && event.subscriptionRef) await startSubscription(trx, event);
  return applied;
}

/**
 * The first credited order of a subscription sets the price its renewals are checked against,
 * and completes the checkout that started it (the return page waits for that).
 */
async function startSubscription(trx: Transaction<Database>, event: Payment): Promise<void> {
  const sub = await trx
    .updateTable('payment_subscriptions')
    .set({
      price_cents: sql<number>`coalesce(price_cents, ${event.amountCents})`,
      currency: sql<string>`coalesce(currency, ${event.currency})`,
    })
    .where('provider', '=', 'iyzico')
    .where('subscription_ref', '=', event.subscriptionRef!)
    .returning('checkout_session_id')
    .executeTakeFirst();
  if (sub?.checkout_session_id) await completeCheckout(trx, sub.checkout_session_id);
}

export type RetryOutcome = 'credited' | 'already_credited' | 'unmatched' | 'not_retryable' | 'provider_error';

/**
 * An admin retries an unmatched payment after fixing its cause (e.g. a price setting): the
 * event is matched again as it stands now (iyzico's subscription read again), and credited
 * only if it matches now, at most once per payment. A row matched in the meantime (a second
 * click, a concurrent retry) is left alone. Every attempt is audited.
 */
export async function retryPaymentEvent(
  deps: Pick<AppDeps, 'db' | 'bus' | 'payments'>,
  adminId: string,
  id: string,
): Promise<RetryOutcome> {
  const { db } = deps;
  const row = await db
    .selectFrom('processed_webhooks')
    .select(['matched', 'payment_event', 'event_key'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || row.matched || !row.payment_event) return 'not_retryable';
  const stored = reviveEvent(row.payment_event);
  let event: PaymentEvent = stored;
  if (stored.provider === 'iyzico' && stored.subscriptionRef) {
    try {
      event = await withStoredTerms(db, await deps.payments.iyzico.recheck(stored));
    } catch (err) {
      if (!(err instanceof IyzicoApiError)) throw err;
      log().error({ code: err.code ?? null, reason: err.message }, 'iyzico retry could not read the subscription');
      return 'provider_error';
    }
  }
  const result = await db.transaction().execute(async (trx): Promise<Applied | { outcome: 'not_retryable' }> => {
    const locked = await trx.selectFrom('processed_webhooks').select('matched').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!locked || locked.matched) return { outcome: 'not_retryable' };
    // An order iyzico no longer reports as paid stays unmatched, unchanged.
    const applied: Applied = event.kind === 'payment' ? await settlePayment(trx, id, event) : { outcome: 'unmatched' };
    await writeAudit(trx, {
      adminId,
      action: 'webhook.retry',
      targetType: 'processed_webhook',
      targetId: id,
      newValues: { eventKey: row.event_key, outcome: applied.outcome },
    });
    return applied;
  });
  if (result.outcome === 'credited') await announceCredited(deps, event, result);
  return result.outcome === 'duplicate' || result.outcome === 'ignored' ? 'unmatched' : result.outcome;
}

/** A payment event as stored on its row (JSON: dates as strings). */
function reviveEvent(value: unknown): Payment {
  return readJson(ZStoredPayment, value, 'processed_webhooks.payment_event');
}

type Payment = Extract<PaymentEvent, { kind: 'payment' }>;
type Credited = {
  outcome: 'credited';
  userId: string;
  balance: number;
  plan: string;
  planCode: Plan['id'];
  credits: number;
  email: string;
};
type Applied = { outcome: Exclude<WebhookOutcome, 'credited'> } | Credited;

/** Records the event by its key; null when it was recorded before (a replay). */
async function recordEvent(trx: Transaction<Database>, event: PaymentEvent): Promise<{ id: string } | null> {
  const inserted = await trx
    .insertInto('processed_webhooks')
    .values({ event_key: event.eventKey, provider: event.provider, event_type: event.eventType })
    .onConflict((oc) => oc.column('event_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ?? null;
}

/** Credits the plan once per payment, extends the paid period and issues the payment's invoice. */
async function creditPayment(
  trx: Transaction<Database>,
  user: { id: string; email: string },
  plan: Plan,
  event: Payment,
): Promise<Applied> {
  const already = await trx
    .selectFrom('credit_ledger')
    .select('id')
    .where('reason', '=', 'purchase')
    .where('ref', '=', event.paymentRef)
    .executeTakeFirst();
  if (already) return { outcome: 'already_credited' };

  // A period that ended before this payment ends now (docs/decisions.md D8): its credits do not roll into the new one.
  await expireIfDue(trx, user.id);
  const { balance, transactionId } = await addCredits(trx, {
    userId: user.id,
    amount: plan.credits,
    reason: 'purchase',
    ref: event.paymentRef,
    type: 'purchase',
    description: M.credits.purchaseDescription(plan.name),
    planCode: plan.id,
    amountPaidCents: event.amountCents,
    currency: event.currency,
    provider: event.provider,
  });
  await extendPaidPeriod(trx, user.id, plan.id, event.periodEnd);
  await issueInvoice(trx, transactionId, user.id, event.paymentRef);
  return { outcome: 'credited', userId: user.id, balance, plan: plan.name, planCode: plan.id, credits: plan.credits, email: user.email };
}

/**
 * Period end from the provider, else 30 days; never earlier than a period already paid for,
 * so events arriving out of order end in the same state.
 */
async function extendPaidPeriod(
  trx: Transaction<Database>,
  userId: string,
  planCode: string,
  providerPeriodEnd: Date | null,
): Promise<void> {
  const periodEnd = providerPeriodEnd ?? new Date(Date.now() + PAID_PERIOD_DAYS * 86_400_000);
  await trx
    .updateTable('users')
    .set({
      plan_code: planCode,
      credits_expire_at: sql`greatest(coalesce(credits_expire_at, ${periodEnd}), ${periodEnd})`,
      updated_at: new Date(),
    })
    .where('id', '=', userId)
    .execute();
}

/** After the commit: the new balance and the admin feed, and (for a payment) the "payment received" e-mail. */
async function announceCredited(
  { db, bus, storage }: Pick<AppDeps, 'db' | 'bus'> & Partial<Pick<AppDeps, 'storage'>>,
  event: PaymentEvent,
  result: Credited,
): Promise<void> {
  announceBalance(bus, result.userId, result.balance);
  bus.publish({ type: 'admin.activity', kind: 'purchase', summary: `${result.email} · ${result.plan}`, at: new Date().toISOString() });
  // "Payment received" e-mail with the invoice attached (issue 13 (docs/history.md)); once per payment by its dedupe key.
  if (event.kind === 'payment') {
    await queuePaymentReceived(
      db,
      {
        userId: result.userId,
        planCode: result.planCode,
        credits: result.credits,
        paymentRef: event.paymentRef,
      },
      storage,
    ).catch((err) => log().error({ err }, 'payment e-mail could not be queued'));
  }
}

/**
 * Remembers the provider customer and card for this user. A customer id already held by another
 * account (Lemon Squeezy reuses one customer per e-mail) is not moved: the payment still credits
 * the account the checkout named, and the conflict is reported (true).
 */
async function saveBillingProfile(db: Db, userId: string, event: Payment): Promise<boolean> {
  if (!event.customerId && !event.card) return false;
  let customerId = event.customerId;
  let conflict = false;
  if (customerId) {
    const holder = await db
      .selectFrom('billing_profiles')
      .select('user_id')
      .where('provider', '=', event.provider)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    if (holder && holder.user_id !== userId) {
      conflict = true;
      customerId = null;
    }
  }
  const profile = {
    user_id: userId,
    provider: event.provider,
    customer_id: customerId,
    card_brand: event.card?.brand ?? null,
    card_last4: event.card?.last4 ?? null,
  };
  await db
    .insertInto('billing_profiles')
    .values(profile)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        provider: event.provider,
        customer_id: sql`coalesce(${customerId}, billing_profiles.customer_id)`,
        card_brand: sql`coalesce(${profile.card_brand}, billing_profiles.card_brand)`,
        card_last4: sql`coalesce(${profile.card_last4}, billing_profiles.card_last4)`,
        updated_at: new Date(),
      }),
    )
    .execute();
  return conflict;
}

async function findUser(db: Db, event: Payment): Promise<{ id: string; email: string } | null> {
  if (event.userRef && UUID.test(event.userRef)) {
    const byRef = await db.selectFrom('users').select(['id', 'email']).where('id', '=', event.userRef).executeTakeFirst();
    if (byRef) return byRef;
  }
  // A subscription's payments belong to the account that started it: iyzico reuses one customer
  // per e-mail, so its customer reference or e-mail can name another account.
  if (event.subscriptionRef) return null;
  if (event.customerId) {
    const byCustomer = await db
      .selectFrom('billing_profiles')
      .innerJoin('users', 'users.id', 'billing_profiles.user_id')
      .select(['users.id', 'users.email'])
      .where('billing_profiles.provider', '=', event.provider)
      .where('billing_profiles.customer_id', '=', event.customerId)
      .executeTakeFirst();
    if (byCustomer) return byCustomer;
  }
  if (event.email) {
    const byEmail = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', '=', event.email.trim().toLowerCase())
      .executeTakeFirst();
    if (byEmail) return byEmail;
  }
  return null;
}
