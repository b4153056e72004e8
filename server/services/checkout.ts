import type { Db } from '../db';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { M } from '../../shared/messages';
import { findPlan, isPaidPlan, type PaidPlanCode, type PlanCode } from '../../shared/plans';
import { IyzicoApiError } from '../providers/payments/iyzico';
import { getInvoiceDetails } from './invoice-details';
import { getPriceList, tryPriceCents } from './prices';
import { getSettings, invoicesBlocked } from './settings';
import { log } from '../lib/log';
import { getPublicUser } from './accounts';

export type CheckoutResult = { url: string | null; redirect?: string; message?: string };

/** How long a started test or iyzico checkout may be completed (iyzico's form token lives 30 min). */
const SESSION_MINUTES = 30;

/** Where the buyer comes back to and iyzico posts to: PUBLIC_URL, else this machine. */
export function publicBase(env: AppDeps['env']): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}

/**
 * Where a package button leads (docs/product.md §4, docs/decisions.md D25, issue 16 (docs/history.md)): the trial to /app; a paid package
 * first to the invoice details form when none are saved, then to the configured provider's
 * checkout (a prefilled Stripe / Lemon Squeezy link, iyzico's form on our page, or the local
 * test checkout), or an explanation when no provider is configured.
 */
export async function startCheckout(
  deps: Pick<AppDeps, 'db' | 'env' | 'payments'> & { localCaller: boolean },
  userId: string,
  plan: PlanCode,
): Promise<CheckoutResult> {
  if (!isPaidPlan(plan)) return { url: null, redirect: '/app' };
  const { db, payments } = deps;
  const user = await getPublicUser(db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', M.common.unauthorized);
  const provider = payments.checkout;
  if (!provider) return { url: null, message: M.credits.noPaymentProvider };
  // Issue 38 item 1: no paid invoice without its issuer's details (production; the admin is told too).
  if (provider !== 'test' && invoicesBlocked(deps.env, (await getSettings(db)).company)) {
    return { url: null, message: M.payments.issuerDetailsMissing };
  }
  const details = await getInvoiceDetails(db, userId);
  if (!details) return { url: null, redirect: `/app/billing?plan=${plan}`, message: M.payments.detailsFirst };

  if (provider === 'stripe' || provider === 'lemonsqueezy') {
    const url = payments[provider].checkoutUrl(plan, user);
    return url ? { url } : { url: null, message: M.credits.noPaymentProvider };
  }

  if (provider === 'test') {
    // Free credits for whoever can reach it: only a caller on this machine gets a session.
    if (!deps.localCaller) return { url: null, message: M.payments.testLocalOnly };
    // The install's own price, in its own currency: what every page showed the buyer.
    const list = await getPriceList(db, provider);
    const session = await insertSession(db, { userId, provider: 'test', plan, amountCents: list.prices[plan], currency: list.currency });
    return { url: `/app/test-checkout/${session}` };
  }

  const iyzico = payments.iyzico;
  if (!iyzico.pricingPlanFor(plan)) return { url: null, message: M.payments.iyzicoNotConfigured(findPlan(plan)!.name) };
  const session = await insertSession(db, {
    userId,
    provider: 'iyzico',
    plan,
    amountCents: await tryPriceCents(db, plan),
    currency: 'TRY',
  });
  try {
    const form = await iyzico.initializeCheckout({
      conversationId: session,
      plan,
      callbackUrl: `${publicBase(deps.env)}/api/payments/iyzico/return`,
      email: user.email,
      phone: user.phone,
      details,
    });
    await db
      .updateTable('checkout_sessions')
      .set({ provider_token: form.token, form_content: form.formContent })
      .where('id', '=', session)
      .execute();
  } catch (err) {
    if (!(err instanceof IyzicoApiError)) throw err;
    log().error({ code: err.code ?? null, reason: err.message }, 'iyzico checkout form refused');
    return { url: null, message: M.payments.iyzicoFailed };
  }
  return { url: `/api/payments/iyzico/${session}` };
}

async function insertSession(
  db: Db,
  s: { userId: string; provider: 'test' | 'iyzico'; plan: PaidPlanCode; amountCents: number; currency: string },
): Promise<string> {
  const row = await db
    .insertInto('checkout_sessions')
    .values({
      user_id: s.userId,
      provider: s.provider,
      plan_code: s.plan,
      amount_cents: s.amountCents,
      currency: s.currency,
      expires_at: new Date(Date.now() + SESSION_MINUTES * 60_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One open checkout session of its owner (null for anyone else, or when expired). */
export async function findSession(db: Db, opts: { id: string; userId?: string; provider: 'test' | 'iyzico' }) {
  let q = db.selectFrom('checkout_sessions').selectAll().where('id', '=', opts.id).where('provider', '=', opts.provider);
  if (opts.userId) q = q.where('user_id', '=', opts.userId);
  const s = await q.executeTakeFirst();
  return s ?? null;
}

/** Marks a checkout session paid (the first time only): the pages that wait for it stop waiting. */
export async function completeCheckout(db: Db, id: string): Promise<void> {
  await db
    .updateTable('checkout_sessions')
    .set({ completed_at: new Date() })
    .where('id', '=', id)
    .where('completed_at', 'is', null)
    .execute();
}
