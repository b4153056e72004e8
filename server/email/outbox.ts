import { claimLeased } from '../db/lease';
import { sql } from 'kysely';
import type { Db } from '../db';
import type { EmailAttachment } from '../db/types';
import type { RenderedEmail } from './templates/layout';
import { wakeSignal } from '../lib/wake-signal';

export type EmailKind =
  | 'password_reset'
  | 'password_changed'
  | 'email_verify'
  | 'email_change'
  | 'email_changed'
  | 'generation_completed'
  | 'generation_failed'
  | 'low_credits'
  | 'payment_received'
  | 'deletion_requested'
  | 'account_deleted'
  | 'export_ready';

export type NewEmail = {
  to: string;
  kind: EmailKind;
  message: RenderedEmail;
  userId?: string | null;
  attachments?: EmailAttachment[];
  /** At most one message per key, ever (e.g. `generation_completed:{id}`). */
  dedupeKey?: string | null;
};

const emailQueued = wakeSignal();

/** Senders in this process subscribe so a new message leaves without waiting for the poll. */
export const onEmailQueued = emailQueued.subscribe;

/** Call after the transaction that queued a message has committed. */
export const wakeEmailSenders = emailQueued.wake;

/**
 * Queues a message in the outbox. Takes a db or a transaction, so a message belongs to the same
 * commit as the change it reports (a rolled-back reset request sends nothing). Never sends here:
 * a request never waits for SMTP. Returns the row id, or null when the dedupe key was used before.
 */
export async function enqueueEmail(db: Db, e: NewEmail): Promise<string | null> {
  const row = await db
    .insertInto('email_outbox')
    .values({
      to_address: e.to,
      kind: e.kind,
      subject: e.message.subject,
      body: e.message.text,
      html: e.message.html,
      user_id: e.userId ?? null,
      attachments: JSON.stringify(e.attachments ?? []),
      dedupe_key: e.dedupeKey ?? null,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  // Also woken by callers once their transaction commits; this covers a plain insert.
  if (row) setTimeout(wakeEmailSenders, 20).unref?.();
  return row?.id ?? null;
}

/** Oldest due message, or one whose sender died mid-send (expired lease). */
export function claimEmail(db: Db, owner: string, leaseMs: number) {
  return claimLeased(db, 'email_outbox', { owner, leaseMs, active: 'sending', orderBy: 'created_at' });
}

/** Marks a claimed message sent; the stored copy may be redacted (tokens removed) at the same time. */
export async function markEmailSent(
  db: Db,
  id: string,
  owner: string,
  info: { transport: string; messageId: string; body?: string; html?: string | null; toAddress?: string },
): Promise<boolean> {
  const r = await db
    .updateTable('email_outbox')
    .set({
      status: 'sent',
      sent_at: new Date(),
      transport: info.transport,
      message_id: info.messageId,
      last_error: null,
      lease_owner: null,
      lease_expires_at: null,
      ...(info.body !== undefined ? { body: info.body } : {}),
      ...(info.html !== undefined ? { html: info.html } : {}),
      ...(info.toAddress !== undefined ? { to_address: info.toAddress } : {}),
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * A failed try: back to the queue after `delayMs`, or `failed` for good when `final` (then the
 * stored copy may be redacted as for a sent one: nobody will send it any more).
 */
export async function markEmailFailed(
  db: Db,
  id: string,
  owner: string,
  error: string,
  delayMs: number,
  final: boolean,
  redacted?: { body: string; html: string | null },
): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({
      status: final ? 'failed' : 'queued',
      run_after: sql<Date>`now() + ${`${delayMs} milliseconds`}::interval`,
      last_error: error.slice(0, 500),
      lease_owner: null,
      lease_expires_at: null,
      ...(final && redacted ? redacted : {}),
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .execute();
}
