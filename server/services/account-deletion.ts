import { sql, type Transaction } from 'kysely';
import type { Db } from '../db';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { M } from '../../shared/messages';
import { randomToken } from '../auth/tokens';
import { writeAudit } from './admin/audit';
import { enqueueEmail, wakeEmailSenders } from '../email/outbox';
import { emailContext } from './email-context';
import { accountDeletedEmail, deletionRequestedEmail } from '../email/templates/account';
import type { AppDeps } from '../deps';
import { announceBalance, announceEndedSessions } from '../events/announce';
import { deleteUserFolders } from './account-files';
import { readOutputs } from '../db/read';
import type { TDeletionRequestView } from '../../shared/schemas/admin-outputs';
import { accountContact } from './account-rows';

/** The address an erased account keeps: unique, not deliverable (`.invalid` is reserved, RFC 2606). */
export const erasedEmail = (userId: string) => `silinmis-${userId}@silinmis.invalid`;

export type DeletionRequestView = TDeletionRequestView;

/**
 * docs/decisions.md D32: the seller asks, an admin carries it out. One open request per account (a second ask
 * returns the first); the seller gets a confirmation e-mail. The request row is its record; the
 * admin's decision (carried out or rejected) is written to the audit log.
 */
export async function requestDeletion(db: Db, userId: string, reason: string | null): Promise<{ id: string; createdAt: string }> {
  const existing = await db
    .selectFrom('deletion_requests')
    .select(['id', 'created_at'])
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (existing) return { id: existing.id, createdAt: new Date(existing.created_at).toISOString() };
  const user = await accountContact(db, userId).where('users.deleted_at', 'is', null).executeTakeFirst();
  if (!user) throw new AppError('NOT_FOUND', M.common.notFound);
  const { site } = await emailContext(db, undefined, userId);
  const row = await db.transaction().execute(async (trx) => {
    const r = await trx
      .insertInto('deletion_requests')
      .values({ user_id: userId, email: user.email, reason })
      // A literal, not a parameter: a generic plan cannot match the partial unique index to `status = $n`.
      .onConflict((oc) => oc.column('user_id').where('status', '=', sql.lit('pending')).doNothing())
      .returning(['id', 'created_at'])
      .executeTakeFirst();
    if (!r) return null;
    await enqueueEmail(trx, {
      to: user.email,
      kind: 'deletion_requested',
      userId,
      message: deletionRequestedEmail(site, user.full_name),
      dedupeKey: `deletion_requested:${r.id}`,
    });
    return r;
  });
  wakeEmailSenders();
  if (!row) return requestDeletion(db, userId, reason);
  return { id: row.id, createdAt: new Date(row.created_at).toISOString() };
}

export async function pendingDeletion(db: Db, userId: string): Promise<{ id: string; createdAt: string } | null> {
  const r = await db
    .selectFrom('deletion_requests')
    .select(['id', 'created_at'])
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return r ? { id: r.id, createdAt: new Date(r.created_at).toISOString() } : null;
}

export async function listDeletionRequests(db: Db, status: 'pending' | 'done' | 'all'): Promise<DeletionRequestView[]> {
  let q = db
    .selectFrom('deletion_requests as d')
    .leftJoin('profiles as p', 'p.id', 'd.user_id')
    .select(['d.id', 'd.user_id', 'd.email', 'd.reason', 'd.status', 'd.created_at', 'd.processed_at', 'p.full_name'])
    .orderBy('d.created_at', 'desc')
    .limit(200);
  if (status === 'pending') q = q.where('d.status', '=', 'pending');
  if (status === 'done') q = q.where('d.status', '<>', 'pending');
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    email: r.email,
    fullName: r.status === 'completed' ? null : r.full_name,
    reason: r.reason,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    processedAt: r.processed_at ? new Date(r.processed_at).toISOString() : null,
  }));
}

/** Every storage key that holds a file of this user (uploads, cut-outs, outputs and thumbnails, exports). */
export async function userFileKeys(db: Db, userId: string): Promise<string[]> {
  const [uploads, cutouts, generations, exports] = await Promise.all([
    db.selectFrom('uploads').select('storage_key').where('user_id', '=', userId).execute(),
    db.selectFrom('cutouts').select(['storage_key', 'mask_key']).where('user_id', '=', userId).execute(),
    db.selectFrom('generations').select('outputs').where('user_id', '=', userId).execute(),
    db.selectFrom('data_exports').select('storage_key').where('user_id', '=', userId).where('storage_key', 'is not', null).execute(),
  ]);
  const keys = new Set<string>();
  for (const u of uploads) keys.add(u.storage_key);
  for (const c of cutouts) for (const k of [c.storage_key, c.mask_key]) if (k) keys.add(k);
  for (const g of generations) {
    for (const o of readOutputs(g.outputs)) keys.add(o.key).add(o.thumbKey);
  }
  for (const e of exports) if (e.storage_key) keys.add(e.storage_key);
  return [...keys];
}

/**
 * Carries out a pending request (docs/decisions.md D32). The account is disabled and its sessions ended first, so
 * nothing new arrives; then the files go (deleting is idempotent, so a failure half way can
 * simply be run again); then, in ONE transaction: personal fields erased (address,
 * name, company, phone, password, preferences, billing profile, invoice details, prompts), the
 * account disabled, sessions and tokens ended, uploads and exports removed, generation rows kept
 * without content, and the remaining balance closed with a ledger row so that, for this account
 * as for everyone else, balance == sum(ledger). Ledger and transaction rows stay (anonymised) so
 * the totals still add up. A confirmation goes to the address the account had. Audited.
 * After commit the user's storage folders are swept again, and the ended sessions (their sockets
 * close) and the zero balance are announced.
 */
export async function executeDeletion(
  deps: Pick<AppDeps, 'db' | 'storage' | 'bus'>,
  adminId: string,
  requestId: string,
): Promise<{ userId: string; files: number }> {
  const { db, storage } = deps;
  const req = await db.selectFrom('deletion_requests').selectAll().where('id', '=', requestId).executeTakeFirst();
  if (!req || req.status !== 'pending') throw new AppError('NOT_FOUND', M.common.notFound);
  const userId = req.user_id;
  // A run still in progress would write new files after ours are gone: wait for it to end.
  const runInProgress = async () =>
    !!(await db
      .selectFrom('generations')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', 'in', ['queued', 'processing'])
      .executeTakeFirst());
  if (await runInProgress()) throw new AppError('VALIDATION', M.adminDeletion.runInProgress);
  // Lock the seller out first: a still-live session could otherwise upload while the files go.
  // Disabled, the account can neither sign in again nor add an upload row (see uploads.ts).
  const lockedOut = await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ is_disabled: true, updated_at: new Date() }).where('id', '=', userId).execute();
    return trx.deleteFrom('sessions').where('user_id', '=', userId).returning('id').execute();
  });
  announceEndedSessions(
    deps.bus,
    lockedOut.map((s) => s.id),
  );
  // A run started just before the lock-out: the account stays locked, the admin tries again later.
  if (await runInProgress()) throw new AppError('VALIDATION', M.adminDeletion.runInProgress);
  const keys = await userFileKeys(db, userId);
  for (const key of keys) await storage.delete(key);
  const { site } = await emailContext(db, undefined, userId);

  const result = await db.transaction().execute(async (trx) => {
    const locked = await trx.selectFrom('deletion_requests').select('status').where('id', '=', requestId).forUpdate().executeTakeFirst();
    if (locked?.status !== 'pending') throw new AppError('NOT_FOUND', M.common.notFound);
    const user = await trx
      .selectFrom('users')
      .select(['email', 'credits_balance'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const now = new Date();
    const placeholder = erasedEmail(userId);
    await eraseAccount(trx, { userId, requestId, placeholder }, user, now);
    const sessions = await trx.deleteFrom('sessions').where('user_id', '=', userId).returning('id').execute();
    await trx
      .updateTable('deletion_requests')
      .set({ status: 'completed', processed_by: adminId, processed_at: now, email: placeholder, reason: null })
      .where('id', '=', requestId)
      .execute();
    await writeAudit(trx, {
      adminId,
      action: 'account.delete',
      targetType: 'user',
      targetId: userId,
      newValues: { request: requestId, files: keys.length, sessions: sessions.length, balanceClosed: user.credits_balance },
    });
    // Not tied to the account (user_id null): the erased account keeps no copy of its old address.
    await enqueueEmail(trx, {
      to: user.email,
      kind: 'account_deleted',
      message: accountDeletedEmail(site),
      dedupeKey: `account_deleted:${requestId}`,
    });
    return { userId, endedSessions: sessions.map((s) => s.id), files: keys.length };
  });
  wakeEmailSenders();
  // Once more after the commit, by folder: catches a file whose write ended after its row was gone.
  await deleteUserFolders(storage, userId);
  announceEndedSessions(deps.bus, result.endedSessions);
  announceBalance(deps.bus, result.userId, 0);
  return { userId: result.userId, files: result.files };
}

/**
 * In the caller's transaction: the balance closed with a ledger row, personal fields erased, the
 * account disabled, and the rows that hold its content or its address removed or emptied.
 */
async function eraseAccount(
  trx: Transaction<Database>,
  { userId, requestId, placeholder }: { userId: string; requestId: string; placeholder: string },
  user: { email: string; credits_balance: number },
  now: Date,
): Promise<void> {
  if (user.credits_balance !== 0) {
    await trx
      .insertInto('credit_ledger')
      .values({ user_id: userId, delta: -user.credits_balance, reason: 'account_deleted', ref: requestId })
      .execute();
  }
  await trx
    .updateTable('users')
    .set({
      email: placeholder,
      // Not an argon2 hash: no password can ever match it.
      password_hash: `!silindi!${randomToken()}`,
      credits_balance: 0,
      credits_expire_at: null,
      plan_code: null,
      is_disabled: true,
      email_verified_at: null,
      deleted_at: now,
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute();
  await trx
    .updateTable('profiles')
    .set({ email: placeholder, full_name: M.adminDeletion.deletedUser, company_name: null, phone: null, updated_at: now })
    .where('id', '=', userId)
    .execute();
  await trx
    .updateTable('credit_transactions')
    .set({ user_email: placeholder, buyer_details: null })
    .where('user_id', '=', userId)
    .execute();
  await trx
    .updateTable('generations')
    .set({ parameters: '{}', outputs: '[]', error_message: null, upload_id: null, provider_request_id: null, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
  await trx.updateTable('generations').set({ cutout_id: null }).where('user_id', '=', userId).execute();
  await trx.deleteFrom('batches').where('user_id', '=', userId).execute(); // its photos (file names) go with it
  await trx.deleteFrom('cutouts').where('user_id', '=', userId).execute();
  await trx.deleteFrom('uploads').where('user_id', '=', userId).execute();
  await trx.deleteFrom('data_exports').where('user_id', '=', userId).execute();
  await trx.deleteFrom('user_preferences').where('user_id', '=', userId).execute();
  await trx.deleteFrom('billing_profiles').where('user_id', '=', userId).execute();
  // Renewals of a deleted account credit nobody (shown unmatched to the admin).
  await trx.deleteFrom('payment_subscriptions').where('user_id', '=', userId).execute();
  await trx.deleteFrom('account_tokens').where('user_id', '=', userId).execute();
  await trx.deleteFrom('email_outbox').where('user_id', '=', userId).execute();
  // The seller API: keys stop working (kept, revoked, for the usage record), the webhook and its deliveries go.
  await trx.updateTable('api_keys').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  await trx.deleteFrom('api_webhook_deliveries').where('user_id', '=', userId).execute();
  await trx.deleteFrom('api_webhooks').where('user_id', '=', userId).execute();
  await trx.deleteFrom('api_idempotency_keys').where('user_id', '=', userId).execute();
  await trx.deleteFrom('contact_messages').where('email', '=', user.email).execute();
  await trx
    .deleteFrom('rate_limits')
    .where(sql<boolean>`key like ${'%:' + user.email}`)
    .execute();
}

export async function rejectDeletion(db: Db, adminId: string, requestId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('deletion_requests')
      .set({ status: 'rejected', processed_by: adminId, processed_at: new Date() })
      .where('id', '=', requestId)
      .where('status', '=', 'pending')
      .returning('user_id')
      .executeTakeFirst();
    if (!r) throw new AppError('NOT_FOUND', M.common.notFound);
    await writeAudit(trx, {
      adminId,
      action: 'deletion.reject',
      targetType: 'deletion_request',
      targetId: requestId,
      newValues: { userId: r.user_id },
    });
  });
}
