import type { AppDeps } from '../deps';
import type { IyzicoPayments } from '../providers/payments/iyzico';
import { applyPaymentEvent, type WebhookOutcome } from './payments';

/**
 * The buyer is back from iyzico's checkout form with its token. The token alone proves nothing:
 * the session it belongs to (ours) names the user, and the subscription and its first paid
 * order are read from iyzico's API; the payment then goes through the same ledger path as every
 * webhook (keyed by the order, so the later notification for it credits nothing again).
 */
export async function completeIyzicoReturn(
  deps: Pick<AppDeps, 'db' | 'bus'>,
  iyzico: IyzicoPayments,
  token: string,
): Promise<WebhookOutcome | 'unknown'> {
  const { db } = deps;
  const session = await db
    .selectFrom('checkout_sessions')
    .selectAll()
    .where('provider', '=', 'iyzico')
    .where('provider_token', '=', token)
    .executeTakeFirst();
  if (!session) return 'unknown';
  const checkout = await iyzico.retrieveCheckout(token);
  const subscription = await iyzico.retrieveSubscription(checkout.referenceCode);
  const event = await iyzico.paymentEvent({
    eventKey: `iyzico:checkoutform:${token}`,
    eventType: 'checkoutform.return',
    subscription,
    orderReferenceCode: null,
    userRef: session.user_id,
    db,
  });
  const outcome = await applyPaymentEvent(deps, event);
  if (outcome === 'credited' || outcome === 'already_credited') {
    await db.updateTable('checkout_sessions').set({ completed_at: new Date() }).where('id', '=', session.id).execute();
  }
  return outcome;
}
