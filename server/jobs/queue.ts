import { sql } from 'kysely';
import type { Db } from '../db';
import type { Generation } from '../db/types';
import type { StoredOutput } from '../../shared/schemas/generations';
import { addCredits } from '../services/ledger';
import { queueGenerationFinished } from '../services/notifications';
import { queueWebhookEvent } from '../services/api-webhooks';
import { M } from '../../shared/messages';
import { JOBS_PER_SELLER } from '../env';
import { credits, runsFinished, runsRefunded } from '../lib/metrics';
import { log } from '../lib/log';

export const MAX_ATTEMPTS = 3;

/**
 * Serialises claims across processes, so the per-seller count a claim reads is not stale. A pair of
 * keys: that space does not overlap the single-key locks taken elsewhere (payments).
 */
const CLAIM_LOCK = [22, 1] as const;

/**
 * Claims the next runnable job (queued and due, or processing with an expired lease: its worker
 * died), taking sellers in turn: among sellers under `perSeller` jobs processing, the one with the
 * fewest, then the one whose latest claim is oldest (a seller never served first), and of that
 * seller's jobs the oldest. So one seller's batch of 20 does not hold every worker, and another
 * seller's single run is next when a worker frees up.
 *
 * The claim holds a transaction-scoped advisory lock, so two workers (in any process) never both
 * read "one fewer than the cap"; the claims are short, the lock is held for one update. That order,
 * cap and lock are why this is not `claimLeased` (db/lease.ts), which serves the first-in-first-out
 * queues (e-mail, data exports, webhooks) on the database's clock.
 */
export async function claimJob(
  db: Db,
  workerId: string,
  leaseMs: number,
  now = new Date(),
  perSeller = JOBS_PER_SELLER,
): Promise<Generation | null> {
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const busy = sql<number>`(select count(*) from generations p where p.user_id = g.user_id and p.status = 'processing' and p.lease_expires_at >= ${now})`;
  const lastClaim = sql`(select max(c.claimed_at) from generations c where c.user_id = g.user_id)`;
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${CLAIM_LOCK[0]}, ${CLAIM_LOCK[1]})`.execute(trx);
    const row = await trx
      .updateTable('generations')
      .set({
        status: 'processing',
        lease_owner: workerId,
        lease_expires_at: leaseUntil,
        claimed_at: now,
        attempts: sql`attempts + 1`,
        updated_at: now,
      })
      .where(
        'id',
        '=',
        trx
          .selectFrom('generations as g')
          .select('g.id')
          .where((eb) =>
            eb.or([
              // run_after may come from the database's clock (the column default, microseconds) or
              // from ours (backoff, milliseconds): due when either clock says so.
              eb.and([eb('g.status', '=', 'queued'), eb('g.run_after', '<=', sql<Date>`greatest(now(), ${now}::timestamptz)`)]),
              eb.and([eb('g.status', '=', 'processing'), eb('g.lease_expires_at', '<', now)]),
            ]),
          )
          .where(sql<boolean>`${busy} < ${perSeller}`)
          .orderBy(busy)
          .orderBy(sql`${lastClaim} asc nulls first`)
          .orderBy('g.created_at')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  });
}

/** Extends the lease; false means another worker has taken the job over. */
export async function renewLease(db: Db, id: string, workerId: string, leaseMs: number): Promise<boolean> {
  const r = await db
    .updateTable('generations')
    .set({ lease_expires_at: new Date(Date.now() + leaseMs) })
    .where('id', '=', id)
    .where('lease_owner', '=', workerId)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Persisted BEFORE waiting, so a successor resumes instead of sending the request again. Also kept
 * when the job was handed back (worker stopping) while the submit was under way and nobody has
 * claimed it since: the request is live at the provider, so the next worker must await it.
 */
export async function saveProviderRequest(db: Db, id: string, workerId: string, provider: string, requestId: string): Promise<boolean> {
  const r = await db
    .updateTable('generations')
    .set({ provider, provider_request_id: requestId, updated_at: new Date() })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('lease_owner', '=', workerId),
        eb.and([eb('status', '=', 'queued'), eb('lease_owner', 'is', null), eb('provider_request_id', 'is', null)]),
      ]),
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Forgets a provider request that can no longer succeed, so the next attempt submits afresh. */
/** Records the provider's uploaded inputs for the run, while this worker holds it. */
export async function saveProviderInputs(db: Db, id: string, workerId: string, inputs: Record<string, string>): Promise<void> {
  await db
    .updateTable('generations')
    .set({ provider_inputs: JSON.stringify(inputs) })
    .where('id', '=', id)
    .where('lease_owner', '=', workerId)
    .execute();
}

export async function clearProviderRequest(db: Db, id: string): Promise<void> {
  await db.updateTable('generations').set({ provider_request_id: null }).where('id', '=', id).execute();
}

/** Records the cut-out an image job composes from (issue 11 (docs/history.md)). */
export async function recordCutout(db: Db, id: string, cutoutId: string): Promise<void> {
  await db.updateTable('generations').set({ cutout_id: cutoutId }).where('id', '=', id).execute();
}

export async function saveProgress(db: Db, id: string, workerId: string, progress: number): Promise<void> {
  await db
    .updateTable('generations')
    .set({ progress: Math.max(0, Math.min(99, Math.round(progress))), updated_at: new Date() })
    .where('id', '=', id)
    .where('lease_owner', '=', workerId)
    .where('status', '=', 'processing')
    .execute();
}

export async function completeJob(db: Db, id: string, workerId: string, outputs: StoredOutput[]): Promise<boolean> {
  const now = new Date();
  const r = await db
    .updateTable('generations')
    .set({
      status: 'completed',
      outputs: JSON.stringify(outputs),
      progress: 100,
      completed_at: now,
      updated_at: now,
      lease_owner: null,
      lease_expires_at: null,
    })
    .where('id', '=', id)
    .where('lease_owner', '=', workerId)
    .where('status', '=', 'processing')
    .returning(['type', 'provider', 'livemode'])
    .executeTakeFirst();
  const completed = !!r;
  if (r) runsFinished.inc({ outcome: 'completed', type: r.type, provider: r.provider ?? 'none' });
  // E-mail for long runs (issue 13 (docs/history.md)); one per run by its dedupe key, never in the way of the job.
  // Not for a test key's run (issue 34 item 4): the integrator's, reported by webhook only.
  if (r?.livemode) await queueGenerationFinished(db, id).catch((err) => log().error({ err, runId: id }, 'e-mail not queued'));
  // The seller's webhook (API), likewise after the commit and never in the job's way.
  if (completed) await queueWebhookEvent(db, id).catch((err) => log().error({ err, runId: id }, 'webhook not queued'));
  return completed;
}

/** A retryable failure: back to the queue after a backoff, keeping the provider request if it can resume. */
export async function rescheduleJob(db: Db, id: string, workerId: string, delayMs: number, keepRequest: boolean): Promise<void> {
  await db
    .updateTable('generations')
    .set({
      status: 'queued',
      run_after: new Date(Date.now() + delayMs),
      lease_owner: null,
      lease_expires_at: null,
      updated_at: new Date(),
      ...(keepRequest ? {} : { provider_request_id: null }),
    })
    .where('id', '=', id)
    .where('lease_owner', '=', workerId)
    .execute();
}

/**
 * Hands a job in flight back when its worker stops (a deploy): queued again at once, the provider
 * request kept so the next worker resumes it, and the attempt not counted, as nothing failed.
 */
export async function releaseJob(db: Db, id: string, workerId: string): Promise<boolean> {
  const r = await db
    .updateTable('generations')
    .set({
      status: 'queued',
      run_after: new Date(),
      attempts: sql`greatest(attempts - 1, 0)`,
      lease_owner: null,
      lease_expires_at: null,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('lease_owner', '=', workerId)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Final failure: status `failed` with the catalogue text and the refund in the same
 * transaction, at most once. The `refunded_at is null` guard (under the row lock) makes a
 * second, concurrent call a no-op; the ledger's unique (reason, ref) backs it up.
 */
export async function failJob(
  db: Db,
  id: string,
  message: string,
  failureCode: 'needs_consent' | null = null,
): Promise<{ userId: string; balance: number } | null> {
  const refunded = await failAndRefund(db, id, message, failureCode);
  if (refunded) {
    const labels = { type: refunded.run.type, provider: refunded.run.provider ?? 'none' };
    runsFinished.inc({ outcome: failureCode ?? 'failed', ...labels });
    // A run an admin retried free of charge (docs/decisions.md D53) took nothing to return.
    if (refunded.run.credits_used > 0) {
      runsRefunded.inc(labels);
      credits.inc({ direction: 'refunded' }, refunded.run.credits_used);
    }
  }
  // "Failed and refunded" e-mail (issue 13 (docs/history.md)), after the refund committed; one per run by its dedupe key.
  // A test key's run (issue 34 item 4) is the integrator's, reported by webhook only; so is a run
  // that ended asking for consent (D62): nothing failed that the seller should be told about.
  if (refunded?.run.livemode && !failureCode)
    await queueGenerationFinished(db, id).catch((err) => log().error({ err, runId: id }, 'e-mail not queued'));
  if (refunded) await queueWebhookEvent(db, id).catch((err) => log().error({ err, runId: id }, 'webhook not queued'));
  return refunded && { userId: refunded.userId, balance: refunded.balance };
}

/**
 * An API run whose cut-out the worker judged untrusted, accepted without consent to a framed run
 * (issue 34 item 9): `failed` with `failure_code = 'needs_consent'` (the API's `needs_consent`)
 * and its credits refunded in the same transaction, once — the ledger shows the take and its
 * refund, as for any failed run. Reported by webhook (`generation.needs_consent`).
 */
export function endNeedsConsent(db: Db, id: string): Promise<{ userId: string; balance: number } | null> {
  return failJob(db, id, M.api.errors.needsConsent, 'needs_consent');
}

async function failAndRefund(
  db: Db,
  id: string,
  message: string,
  failureCode: 'needs_consent' | null,
): Promise<{ userId: string; balance: number; run: Pick<Generation, 'type' | 'provider' | 'credits_used' | 'livemode'> } | null> {
  return db.transaction().execute(async (trx) => {
    const now = new Date();
    const g = await trx
      .updateTable('generations')
      .set({
        status: 'failed',
        error_message: message,
        failure_code: failureCode,
        refunded_at: now,
        updated_at: now,
        lease_owner: null,
        lease_expires_at: null,
      })
      .where('id', '=', id)
      .where('status', '<>', 'completed')
      .where('refunded_at', 'is', null)
      .returning(['user_id', 'credits_used', 'type', 'provider', 'livemode'])
      .executeTakeFirst();
    if (!g) return null;
    let balance = (await trx.selectFrom('users').select('credits_balance').where('id', '=', g.user_id).executeTakeFirstOrThrow())
      .credits_balance;
    if (g.credits_used > 0) {
      ({ balance } = await addCredits(trx, {
        userId: g.user_id,
        amount: g.credits_used,
        reason: 'generation_refund',
        ref: id,
        type: 'refund',
        description: M.credits.refundDescription,
        generationId: id,
      }));
    }
    return { userId: g.user_id, balance, run: g };
  });
}
