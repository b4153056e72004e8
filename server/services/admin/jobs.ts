import type { Db } from '../../db';
import type { AppDeps } from '../../deps';
import type { AppEvent } from '../../events/bus';
import { AppError } from '../../errors';
import { M } from '../../../shared/messages';
import type { TAdminJobs } from '../../../shared/schemas/admin-jobs';
import { writeAudit } from './audit';
import { iso } from './search';
import { wakeGenerationWorkers } from '../generations';

/** How many rows each list of the "İşler" view shows (newest first). */
const JOBS_LIST_LIMIT = 20;
const PROCESSING_LIMIT = 50;
const DAY_MS = 86_400_000;

type Seller = { id: string; email: string | null };
const sellerOf = (id: string, email: string | null, deletedAt: Date | string | null): Seller => ({ id, email: deletedAt ? null : email });

/** A stored jsonb `parameters` emptied by account deletion (`{}`), read without parsing the rest. */
function erasedParams(raw: unknown): boolean {
  const value: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
  return !!value && typeof value === 'object' && Object.keys(value).length === 0;
}

/** The receiver's host only: a webhook URL's path or query may hold the seller's own secret. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '?';
  }
}

const n = (v: unknown) => Number(v ?? 0);

/** The e-mail outbox and the webhook deliveries: the same three states counted, leaving out the done rows. */
async function outboxCounts(db: Db, table: 'email_outbox' | 'api_webhook_deliveries', done: 'sent' | 'delivered') {
  const row = await db
    .selectFrom(table)
    .select((eb) => [
      eb.fn.countAll().filterWhere('status', '=', 'queued').as('queued'),
      eb.fn.countAll().filterWhere('status', '=', 'sending').as('sending'),
      eb.fn.countAll().filterWhere('status', '=', 'failed').as('failed'),
    ])
    .where('status', '<>', done)
    .executeTakeFirstOrThrow();
  return { queued: n(row.queued), sending: n(row.sending), failed: n(row.failed) };
}

/** The counts per state (runs: queued and processing now, completed and failed in the last day). */
async function counts(db: Db, now: Date): Promise<TAdminJobs['counts']> {
  const since = new Date(now.getTime() - DAY_MS);
  const [runs, emails, webhooks] = await Promise.all([
    db
      .selectFrom('generations')
      .select((eb) => [
        eb.fn.countAll().filterWhere('status', '=', 'queued').as('queued'),
        eb.fn.countAll().filterWhere('status', '=', 'processing').as('processing'),
        eb.fn
          .countAll()
          .filterWhere((w) => w.and([w('status', '=', 'completed'), w('updated_at', '>=', since)]))
          .as('completed'),
        eb.fn
          .countAll()
          // An API run that ended asking for the seller's consent (D62) is no fault to look into.
          .filterWhere((w) => w.and([w('status', '=', 'failed'), w('failure_code', 'is', null), w('updated_at', '>=', since)]))
          .as('failed'),
      ])
      .where((eb) => eb.or([eb('status', 'in', ['queued', 'processing']), eb('updated_at', '>=', since)]))
      .executeTakeFirstOrThrow(),
    outboxCounts(db, 'email_outbox', 'sent'),
    outboxCounts(db, 'api_webhook_deliveries', 'delivered'),
  ]);
  return {
    runs: { queued: n(runs.queued), processing: n(runs.processing), completed24h: n(runs.completed), failed24h: n(runs.failed) },
    emails,
    webhooks,
  };
}

/** What both run lists show of a run and its seller (generations as g, users as u). */
const RUN_AND_SELLER = ['g.id', 'g.user_id', 'u.email', 'u.deleted_at', 'g.type', 'g.provider'] as const;

/**
 * The "İşler" view (issue 35 item 5): counts per state, the runs processing now, the last failed
 * runs with their reason and refund, and the webhook deliveries and e-mails that are failing
 * (given up, or waiting for another try after an error). `aiProvider` names the provider of a run
 * that has not recorded one (the local studio records none).
 */
export async function adminJobs(db: Db, aiProvider: string, now = new Date()): Promise<TAdminJobs> {
  const [countsNow, processing, failed, webhooks, emails] = await Promise.all([
    counts(db, now),
    db
      .selectFrom('generations as g')
      .leftJoin('users as u', 'u.id', 'g.user_id')
      .select([...RUN_AND_SELLER, 'g.claimed_at', 'g.attempts', 'g.progress', 'g.lease_expires_at'])
      .where('g.status', '=', 'processing')
      .orderBy('g.claimed_at')
      .orderBy('g.id')
      .limit(PROCESSING_LIMIT)
      .execute(),
    db
      .selectFrom('generations as g')
      .leftJoin('users as u', 'u.id', 'g.user_id')
      .leftJoin('uploads as up', 'up.id', 'g.upload_id')
      .select([
        ...RUN_AND_SELLER,
        'g.updated_at',
        'g.attempts',
        'g.error_message',
        'g.refunded_at',
        'g.credits_used',
        'g.parameters',
        'up.id as upload_found',
      ])
      .where('g.status', '=', 'failed')
      .where('g.failure_code', 'is', null)
      .orderBy('g.updated_at', 'desc')
      .orderBy('g.id', 'desc')
      .limit(JOBS_LIST_LIMIT)
      .execute(),
    db
      .selectFrom('api_webhook_deliveries as d')
      .leftJoin('users as u', 'u.id', 'd.user_id')
      .select([
        'd.id',
        'd.user_id',
        'u.email',
        'u.deleted_at',
        'd.event_type',
        'd.url',
        'd.status',
        'd.attempts',
        'd.last_error',
        'd.run_after',
      ])
      .where((eb) =>
        eb.or([eb('d.status', '=', 'failed'), eb.and([eb('d.status', 'in', ['queued', 'sending']), eb('d.last_error', 'is not', null)])]),
      )
      .orderBy('d.created_at', 'desc')
      .orderBy('d.id', 'desc')
      .limit(JOBS_LIST_LIMIT)
      .execute(),
    db
      .selectFrom('email_outbox')
      .select(['id', 'to_address', 'kind', 'status', 'attempts', 'last_error', 'run_after'])
      .where((eb) =>
        eb.or([eb('status', '=', 'failed'), eb.and([eb('status', 'in', ['queued', 'sending']), eb('last_error', 'is not', null)])]),
      )
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(JOBS_LIST_LIMIT)
      .execute(),
  ]);
  return {
    counts: countsNow,
    processing: processing.map((r) => ({
      id: r.id,
      seller: sellerOf(r.user_id, r.email, r.deleted_at),
      type: r.type,
      provider: r.provider ?? aiProvider,
      startedAt: iso(r.claimed_at),
      attempt: r.attempts,
      progress: r.progress,
      leaseExpired: !!r.lease_expires_at && new Date(r.lease_expires_at).getTime() < now.getTime(),
    })),
    failed: failed.map((r) => {
      const erased = erasedParams(r.parameters);
      return {
        id: r.id,
        seller: sellerOf(r.user_id, r.email, r.deleted_at),
        type: r.type,
        provider: r.provider ?? aiProvider,
        failedAt: iso(r.updated_at)!,
        attempts: r.attempts,
        reason: r.error_message,
        refunded: !!r.refunded_at && r.credits_used > 0,
        creditsRefunded: r.refunded_at ? r.credits_used : 0,
        notRetryable: erased ? ('erased' as const) : r.upload_found ? null : ('photo_missing' as const),
      };
    }),
    webhooks: webhooks.map((r) => ({
      id: r.id,
      seller: sellerOf(r.user_id, r.email, r.deleted_at),
      eventType: r.event_type,
      host: hostOf(r.url),
      status: r.status as 'queued' | 'sending' | 'failed',
      attempts: r.attempts,
      lastError: r.last_error,
      nextAttemptAt: r.status === 'failed' ? null : iso(r.run_after),
    })),
    emails: emails.map((r) => ({
      id: r.id,
      to: r.to_address,
      kind: r.kind,
      status: r.status as 'queued' | 'sending' | 'failed',
      attempts: r.attempts,
      lastError: r.last_error,
      nextAttemptAt: r.status === 'failed' ? null : iso(r.run_after),
    })),
    at: now.toISOString(),
  };
}

/**
 * An admin retries a failed run (docs/decisions.md D53): it is queued again FREE of charge,
 * so nothing is ever charged twice. In one transaction, under the row's lock: the row must still be
 * `failed` (a second click, or two admins at once, find it queued and change nothing: `not_failed`);
 * its attempts, error and provider request are reset; a run whose credits were refunded keeps
 * nothing to refund (`credits_used` 0), a run never refunded keeps its charge (so a later failure
 * refunds it once); `refunded_at` is cleared so the worker's usual failure path applies again; and
 * the admin audit log gets one `generation.retry` row. No ledger row: no credit moves.
 */
export async function retryFailedRun(deps: Pick<AppDeps, 'db' | 'bus'>, adminId: string, id: string): Promise<'retried' | 'not_failed'> {
  const userId = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('generations')
      .select(['id', 'user_id', 'status', 'upload_id', 'parameters', 'error_message', 'attempts', 'credits_used', 'refunded_at'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', M.common.notFound);
    if (row.status !== 'failed') return null;
    if (erasedParams(row.parameters)) throw new AppError('CONFLICT', M.adminJobs.notRetryable.erased);
    const upload = row.upload_id
      ? await trx.selectFrom('uploads').select('id').where('id', '=', row.upload_id).executeTakeFirst()
      : undefined;
    if (!upload) throw new AppError('CONFLICT', M.adminJobs.notRetryable.photo_missing);
    const creditsUsed = row.refunded_at ? 0 : row.credits_used;
    const now = new Date();
    const updated = await trx
      .updateTable('generations')
      .set({
        status: 'queued',
        attempts: 0,
        progress: 0,
        error_message: null,
        credits_used: creditsUsed,
        refunded_at: null,
        run_after: now,
        provider_request_id: null,
        provider_inputs: null,
        lease_owner: null,
        lease_expires_at: null,
        completed_at: null,
        outputs: '[]',
        updated_at: now,
      })
      .where('id', '=', id)
      .where('status', '=', 'failed')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return null;
    await writeAudit(trx, {
      adminId,
      action: 'generation.retry',
      targetType: 'generation',
      targetId: id,
      oldValues: {
        status: 'failed',
        error: row.error_message,
        attempts: row.attempts,
        creditsUsed: row.credits_used,
        refunded: !!row.refunded_at,
      },
      newValues: { status: 'queued', creditsUsed },
    });
    return row.user_id;
  });
  if (!userId) return 'not_failed';
  deps.bus.publish({ type: 'generation.updated', userId, generationId: id, status: 'queued', progress: 0 });
  wakeGenerationWorkers();
  return 'retried';
}

/**
 * The live tick of the view: a run changed state. Progress within a run (`processing` above 0 %)
 * is left out, so a busy queue does not make every open page read the view several times a second.
 */
export function jobsTickOf(event: AppEvent): { at: string; status: 'queued' | 'processing' | 'completed' | 'failed' } | null {
  if (event.type !== 'generation.updated') return null;
  if (event.status === 'processing' && event.progress > 0) return null;
  return { at: new Date().toISOString(), status: event.status };
}
