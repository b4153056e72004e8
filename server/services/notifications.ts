import type { Db } from '../db';
import { lowCreditsThreshold, UNLIMITED_BALANCE } from '../../shared/constants';
import { findPlan } from '../../shared/plans';
import { enqueueEmail } from '../email/outbox';
import { emailContext } from './email-context';
import { LINK_PATHS } from '../email/links';
import { generationCompletedEmail, generationFailedEmail, lowCreditsEmail, paymentReceivedEmail } from '../email/templates/notifications';
import { findValidToken, issueToken } from './account-tokens';
import { getPreferences, savePreferences } from './preferences';
import { renderInvoice, storedInvoice } from './invoices';
import type { Storage } from '../providers/storage';
import { formatCents } from '../../shared/money';
import { M } from '../../shared/messages';
import { getSettings } from './settings';
import { accountContact } from './account-rows';

/** Only runs that took longer than this get a "ready" e-mail (e.g. video); short ones are watched live. */
export const SLOW_RUN_MS = 60_000;

type Recipient = { id: string; email: string; name: string };

/**
 * Notifications go out only when the system setting `email_notifications` AND the user's own
 * e-mail preference are on, and never to a deleted account. Returns the recipient, or null.
 */
async function recipient(db: Db, userId: string): Promise<{ to: Recipient; ctx: Awaited<ReturnType<typeof emailContext>> } | null> {
  const ctx = await emailContext(db, undefined, userId);
  if (!ctx.notificationsOn) return null;
  const user = await accountContact(db, userId).executeTakeFirst();
  if (!user || user.deleted_at) return null;
  if (!(await getPreferences(db, userId)).notifications.email) return null;
  return { to: { id: user.id, email: user.email, name: user.full_name }, ctx };
}

/** A one-click unsubscribe link for this message (reusable, 90 days, stored hashed). */
async function unsubscribeLink(db: Db, base: string, to: Recipient): Promise<string> {
  return base + LINK_PATHS.unsubscribe(await issueToken(db, { userId: to.id, purpose: 'unsubscribe', email: to.email }));
}

/**
 * After a run ended (call inside the transaction that ended it): "completed" only for runs over a
 * minute, "failed and refunded" always. One message per run and outcome (dedupe key).
 */
export async function queueGenerationFinished(db: Db, generationId: string): Promise<void> {
  const g = await db
    .selectFrom('generations')
    .select(['id', 'user_id', 'type', 'status', 'credits_used', 'error_message', 'created_at', 'completed_at', 'updated_at'])
    .where('id', '=', generationId)
    .executeTakeFirst();
  if (!g || (g.status !== 'completed' && g.status !== 'failed')) return;
  if (g.status === 'completed') {
    const took = new Date(g.completed_at ?? g.updated_at).getTime() - new Date(g.created_at).getTime();
    if (took <= SLOW_RUN_MS) return;
  }
  const r = await recipient(db, g.user_id);
  if (!r) return;
  const { site, base } = r.ctx;
  const unsub = await unsubscribeLink(db, base, r.to);
  const url = base + LINK_PATHS.history();
  const message =
    g.status === 'completed'
      ? generationCompletedEmail(site, r.to.name, g.type, url, unsub)
      : generationFailedEmail(site, r.to.name, g.credits_used, g.error_message ?? '', url, unsub);
  await enqueueEmail(db, {
    to: r.to.email,
    kind: g.status === 'completed' ? 'generation_completed' : 'generation_failed',
    userId: g.user_id,
    message,
    dedupeKey: `generation_${g.status}:${g.id}`,
  });
}

/**
 * When a take crosses below a share of the period's credits (the trial's, or the package's): at most
 * one e-mail per period, keyed by the period's end (a renewal starts a new one).
 */
export async function queueLowCredits(db: Db, input: { userId: string; before: number; after: number }): Promise<void> {
  if (input.before === UNLIMITED_BALANCE) return;
  const user = await db.selectFrom('users').select(['plan_code', 'credits_expire_at']).where('id', '=', input.userId).executeTakeFirst();
  if (!user) return;
  const plan = user.plan_code && user.plan_code !== 'trial' ? findPlan(user.plan_code) : null;
  const periodCredits = plan ? plan.credits : (await getSettings(db)).defaultTrialCredits;
  const threshold = lowCreditsThreshold(periodCredits);
  if (input.before < threshold || input.after >= threshold) return;
  const period = user.credits_expire_at ? new Date(user.credits_expire_at).toISOString() : 'open';
  const r = await recipient(db, input.userId);
  if (!r) return;
  const { site, base } = r.ctx;
  await enqueueEmail(db, {
    to: r.to.email,
    kind: 'low_credits',
    userId: input.userId,
    message: lowCreditsEmail(site, r.to.name, input.after, base + LINK_PATHS.pricing(), await unsubscribeLink(db, base, r.to)),
    dedupeKey: `low_credits:${input.userId}:${period}`,
  });
}

/**
 * After a payment was credited: the invoice of that payment attached as a PDF. With the storage, the
 * PDF is drawn and stored now, at issue, so every later download and this attachment are one file
 * (issue 33 item 9); without it (tests that settle a payment alone) it is drawn for the e-mail only.
 */
export async function queuePaymentReceived(
  db: Db,
  input: { userId: string; planCode: string; credits: number; paymentRef: string },
  storage?: Storage,
): Promise<void> {
  const r = await recipient(db, input.userId);
  if (!r) return;
  const tx = await db
    .selectFrom('credit_transactions')
    .select(['id', 'invoice_number', 'amount_paid_cents', 'currency', 'kdv_rate'])
    .where('user_id', '=', input.userId)
    .where('type', '=', 'purchase')
    .where('payment_ref', '=', input.paymentRef)
    .executeTakeFirst();
  const invoice = !tx
    ? null
    : storage
      ? await storedInvoice({ db, storage }, input.userId, tx.id)
      : await renderInvoice(db, input.userId, tx.id);
  const { site, base } = r.ctx;
  await enqueueEmail(db, {
    to: r.to.email,
    kind: 'payment_received',
    userId: input.userId,
    message: paymentReceivedEmail(
      site,
      r.to.name,
      input.planCode,
      input.credits,
      invoice && tx?.invoice_number
        ? {
            amount: `${formatCents(tx.amount_paid_cents ?? 0, tx.currency)}${tx.kdv_rate ? ` · ${M.plans.kdvIncluded}` : ''}`,
            number: tx.invoice_number,
          }
        : null,
      await unsubscribeLink(db, base, r.to),
    ),
    attachments: invoice
      ? [{ filename: invoice.name, content: invoice.pdf.toString('base64'), encoding: 'base64', contentType: 'application/pdf' }]
      : [],
    dedupeKey: `payment_received:${input.paymentRef}`,
  });
}

/** The one-click link: turns the user's e-mail notifications off (idempotent). */
export async function unsubscribe(db: Db, token: string): Promise<boolean> {
  const t = await findValidToken(db, token, ['unsubscribe']);
  if (!t) return false;
  const prefs = await getPreferences(db, t.userId);
  await savePreferences(db, t.userId, { section: 'notifications', notifications: { ...prefs.notifications, email: false } });
  return true;
}
