import type { Selectable } from 'kysely';
import type { AppDeps } from '../deps';
import type { CheckoutSessionsTable } from '../db/types';
import type { IyzicoPayments } from '../providers/payments/iyzico';
import { applyPaymentEvent } from './payments';
import { completeCheckout } from './checkout';
import { log } from '../lib/log';

export type IyzicoReturnOutcome = { paid: boolean; sessionId: string | null };

/**
 * The buyer is back from iyzico's checkout form with its token. The token alone proves nothing:
 * the session it belongs to (ours) names the user, and the subscription and its first paid
 * order are read from iyzico's API. The subscription is stored for that user and the checkout's
 * plan (renewals are matched by it), and the payment then goes through
 * the same ledger path as every webhook (keyed by the order, so the later notification for it
 * credits nothing again). `paid` only when this or an earlier request credited the purchase to
 * this user; an order iyzico has not confirmed yet records nothing, so a later return still counts.
 * When iyzico cannot be asked (down, an unexpected answer), the return is pending as well: the
 * billing page waits for the notification to credit it.
 */
export async function completeIyzicoReturn(
  deps: Pick<AppDeps, 'db' | 'bus'> & Partial<Pick<AppDeps, 'storage'>>,
  iyzico: IyzicoPayments,
  token: string,
): Promise<IyzicoReturnOutcome> {
  const { db } = deps;
  const session = await db
    .selectFrom('checkout_sessions')
    .selectAll()
    .where('provider', '=', 'iyzico')
    .where('provider_token', '=', token)
    .executeTakeFirst();
  if (!session) return { paid: false, sessionId: null };
  try {
    return await confirmReturn(deps, iyzico, token, session);
  } catch (err) {
    log().error({ err }, 'iyzico return could not be confirmed');
    return { paid: false, sessionId: session.id };
  }
}

async function confirmReturn(
  deps: Pick<AppDeps, 'db' | 'bus'> & Partial<Pick<AppDeps, 'storage'>>,
  iyzico: IyzicoPayments,
  token: string,
  session: Selectable<CheckoutSessionsTable>,
): Promise<IyzicoReturnOutcome> {
  const { db } = deps;
  const pending = { paid: false, sessionId: session.id };
  const checkout = await iyzico.retrieveCheckout(token);
  await db
    .insertInto('payment_subscriptions')
    .values({
      provider: 'iyzico',
      subscription_ref: checkout.referenceCode,
      user_id: session.user_id,
      checkout_session_id: session.id,
      plan_code: session.plan_code,
    })
    .onConflict((oc) => oc.columns(['provider', 'subscription_ref']).doNothing())
    .execute();
  const subscription = await iyzico.retrieveSubscription(checkout.referenceCode);
  const event = iyzico.paymentEvent({
    eventKey: `iyzico:checkoutform:${token}`,
    eventType: 'checkoutform.return',
    subscription,
    orderReferenceCode: null,
  });
  if (event.kind !== 'payment') return pending;
  await applyPaymentEvent(deps, event);
  const credited = await db
    .selectFrom('credit_ledger')
    .select('id')
    .where('reason', '=', 'purchase')
    .where('ref', '=', event.paymentRef)
    .where('user_id', '=', session.user_id)
    .executeTakeFirst();
  if (!credited) return pending;
  await completeCheckout(db, session.id);
  return { paid: true, sessionId: session.id };
}
