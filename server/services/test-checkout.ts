import type { Db } from '../db';
import type { TestCheckout } from '../providers/payments/test-checkout';
import { TEST_SIGNATURE_HEADER } from '../providers/payments/test-checkout';
import { findPlan } from '../../shared/plans';
import { getInvoiceDetails } from './invoice-details';
import { completeCheckout, findSession } from './checkout';

/** What the test checkout page shows: the package, the price, the account and its invoice details. */
export async function testCheckoutView(db: Db, userId: string, id: string) {
  const s = await findSession(db, { id, userId, provider: 'test' });
  if (!s) return null;
  const plan = findPlan(s.plan_code);
  const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
  return {
    id: s.id,
    plan: s.plan_code,
    planName: plan?.name ?? s.plan_code,
    credits: plan?.credits ?? 0,
    amountCents: s.amount_cents,
    currency: s.currency,
    email: user.email,
    details: await getInvoiceDetails(db, userId),
    completed: s.completed_at !== null,
    expired: new Date(s.expires_at).getTime() < Date.now(),
  };
}

export type TestPayOutcome = 'credited' | 'already' | 'invalid' | 'failed';

/**
 * Completes a test checkout the way a real provider would: a signed event is POSTed to this
 * server's own `/api/webhooks/test` (`selfUrl` is the address the request came in on), which
 * verifies it and credits through the same ledger path as every provider.
 */
export async function payTestCheckout(
  db: Db,
  test: TestCheckout,
  opts: { userId: string; sessionId: string; selfUrl: string },
): Promise<TestPayOutcome> {
  if (!test.enabled) return 'invalid';
  const s = await findSession(db, { id: opts.sessionId, userId: opts.userId, provider: 'test' });
  if (!s || new Date(s.expires_at).getTime() < Date.now()) return 'invalid';
  if (s.completed_at) return 'already';
  const user = await db.selectFrom('users').select('email').where('id', '=', opts.userId).executeTakeFirstOrThrow();
  const { body, signature } = test.signedEvent({
    sessionId: s.id,
    userId: s.user_id,
    email: user.email,
    plan: s.plan_code,
    amountCents: s.amount_cents,
    currency: s.currency,
  });
  const res = await fetch(`${opts.selfUrl}/api/webhooks/test`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signature },
    body,
  });
  if (!res.ok) return 'failed';
  const { outcome } = (await res.json()) as { outcome?: string };
  await completeCheckout(db, s.id);
  return outcome === 'credited' ? 'credited' : 'already';
}
