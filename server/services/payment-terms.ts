import { sql } from 'kysely';
import type { Db } from '../db';
import type { PaymentEvent } from '../providers/payments';
import { PAID_PLAN_CODES } from '../../shared/plans';
import { tryPriceCents } from './prices';

/**
 * A verified event compared with what we stored, before it is credited. The providers only verify
 * and parse; the terms a payment must meet live here:
 * - the local test checkout: the plan, amount and currency its session was started with (the
 *   install's price in the install's currency then), whatever the admin has changed since;
 * - iyzico: the account is the one stored for the subscription when its checkout returned (never
 *   a customer reference or e-mail); a running subscription must cost what its first credited order
 *   cost (a later change of the TL price does not stop renewals), its first order the admin's TL price.
 * A payment that does not meet them keeps no plan (`plan_mismatch`): recorded, credited to nobody.
 */
export async function withStoredTerms(db: Db, event: PaymentEvent): Promise<PaymentEvent> {
  if (event.kind !== 'payment') return event;
  const mismatch = { ...event, plan: null, problem: 'plan_mismatch' as const };
  if (event.provider === 'test' && event.checkoutSessionId) {
    if (!event.userRef || !event.plan) return mismatch;
    const session = await db
      .selectFrom('checkout_sessions')
      .select(['plan_code', 'amount_cents', 'currency'])
      .where('id', '=', event.checkoutSessionId)
      .where('user_id', '=', event.userRef)
      .where('provider', '=', 'test')
      .executeTakeFirst();
    const matches =
      !!session && session.plan_code === event.plan && session.amount_cents === event.amountCents && session.currency === event.currency;
    return matches ? event : mismatch;
  }
  if (event.provider === 'iyzico' && event.subscriptionRef) {
    const ref = event.subscriptionRef;
    const stored = (await storedSubscription(db, ref)) ?? (await adoptSubscription(db, ref, event.firstOrderRef ?? null));
    const withUser = { ...event, userRef: stored?.user_id ?? null };
    if (!event.plan) return { ...withUser, plan: null, problem: 'plan_mismatch' };
    let ok: boolean;
    if (stored?.price_cents != null) {
      // A running subscription: the price it started at, whatever the admin's TL price is now.
      ok = event.plan === stored.plan_code && event.currency === stored.currency && event.amountCents === stored.price_cents;
    } else {
      // Its first payment (or a subscription that is not ours, which credits nobody): the admin's TL price.
      const expected = await tryPriceCents(db, event.plan);
      ok = (!stored || event.plan === stored.plan_code) && event.currency === 'TRY' && expected === event.amountCents;
    }
    return ok ? withUser : { ...withUser, plan: null, problem: 'plan_mismatch' };
  }
  return event;
}

/** The account, plan and price an iyzico subscription was stored with when its checkout returned. */
async function storedSubscription(db: Db, subscriptionRef: string) {
  const row = await db
    .selectFrom('payment_subscriptions')
    .select(['user_id', 'plan_code', 'price_cents', 'currency', 'checkout_session_id'])
    .where('provider', '=', 'iyzico')
    .where('subscription_ref', '=', subscriptionRef)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * A subscription started before subscriptions were stored: its first paid order was credited
 * through the return, whose checkout session named the account, so that account, plan and price
 * are stored now. Nothing else (customer reference, e-mail) adopts a subscription.
 */
async function adoptSubscription(db: Db, subscriptionRef: string, firstOrderRef: string | null) {
  if (!firstOrderRef) return null;
  const row = await db
    .selectFrom('processed_webhooks')
    .innerJoin('users', 'users.id', 'processed_webhooks.user_id')
    .select(['processed_webhooks.user_id', 'processed_webhooks.summary'])
    .where('users.deleted_at', 'is', null)
    .where('processed_webhooks.provider', '=', 'iyzico')
    .where('processed_webhooks.event_type', '=', 'checkoutform.return')
    .where('processed_webhooks.matched', '=', true)
    .where(sql<string>`processed_webhooks.summary ->> 'paymentRef'`, '=', `iyzico:order:${firstOrderRef}`)
    .executeTakeFirst();
  const summary = (row?.summary ?? {}) as { plan?: string | null; amountCents?: number | null; currency?: string | null };
  const plan = PAID_PLAN_CODES.find((p) => p === summary.plan);
  if (!row?.user_id || !plan || !summary.amountCents || !summary.currency) return null;
  await db
    .insertInto('payment_subscriptions')
    .values({
      provider: 'iyzico',
      subscription_ref: subscriptionRef,
      user_id: row.user_id,
      plan_code: plan,
      price_cents: summary.amountCents,
      currency: summary.currency,
    })
    .onConflict((oc) => oc.columns(['provider', 'subscription_ref']).doNothing())
    .execute();
  return storedSubscription(db, subscriptionRef);
}
