import { sql } from 'kysely';
import type { Db } from '../db';
import type { Generation } from '../db/types';
import type { Storage } from '../providers/storage';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { M } from '../../shared/messages';
import { API_REQUEST_LIMITS, SELLER_LIMITS } from '../../shared/constants';
import type { TApiGeneration } from '../../shared/schemas/api';
import { createGeneration, cutoutsOf, toView, type CreateInput } from './generations';
import { getBalance } from './credits';
import { getSettings } from './settings';
import { readOutputs } from '../db/read';
import { takeSellerLimit } from '../auth/rate-limit';
import type { ApiRunView } from './api-view';

/** A generation row account deletion or the API's delete has emptied (`parameters = {}`): no one is shown it. */
const notErased = sql<boolean>`generations.parameters::text <> '{}'`;

/** A run row with its cut-out as the API shows it (the web view, its mode, needs_consent). */
function apiView(g: Generation, cutout: Parameters<typeof toView>[1]): ApiRunView {
  return { ...toView(g, cutout), livemode: g.livemode, needsConsent: g.status === 'failed' && g.failure_code === 'needs_consent' };
}

/**
 * One of the seller's runs as the API shows it. `livemode` (the key's kind): a test key sees only
 * test runs and a live key only live ones (issue 34 item 4) — the other kind is the same 404 as
 * another seller's run. Left out (the webhook's body): any run of the seller.
 */
export async function getApiRun(db: Db, userId: string, id: string, livemode?: boolean): Promise<ApiRunView> {
  let q = db.selectFrom('generations').selectAll().where('id', '=', id).where('user_id', '=', userId).where(notErased);
  if (livemode !== undefined) q = q.where('livemode', '=', livemode);
  const g = await q.executeTakeFirst();
  if (!g) throw new AppError('NOT_FOUND', M.api.errors.notFound);
  return apiView(g, (await cutoutsOf(db, [g]))[0]);
}

/** A run of the seller's and of the key's kind, or a 404 (its outputs, photo and export are read only then). */
export async function requireApiRun(db: Db, userId: string, id: string, livemode: boolean): Promise<void> {
  const own = await db
    .selectFrom('generations')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('livemode', '=', livemode)
    .executeTakeFirst();
  if (!own) throw new AppError('NOT_FOUND', M.api.errors.notFound);
}

/**
 * Refuses fast what would be refused anyway (issue 34 item 9): a live key's run when the balance
 * cannot pay for it is a 402 before the photo is stored or judged. The take itself stays the
 * conditional update in createGeneration's transaction (this read only answers early). A test key's
 * run takes nothing, so it is never refused for the balance.
 */
export async function refuseUnaffordable(db: Db, userId: string, type: 'image' | 'video', livemode: boolean): Promise<void> {
  if (!livemode) return;
  const [balance, settings] = await Promise.all([getBalance(db, userId), getSettings(db)]);
  const cost = type === 'image' ? settings.imageCreditCost : settings.videoCreditCost;
  if (!balance.unlimited && balance.balance < cost) throw new AppError('INSUFFICIENT_CREDITS', M.generation.insufficient);
}

/**
 * An API run (issue 34 item 9): accepted at once, its cut-out made and judged by the worker: with
 * `subject` (kept in the run's parameters) the guided one, the seller's box being their choice;
 * without, the automatic one (D71). The seller's limit on cut-outs counts a `subject` now, as a
 * cut-out request. On the local studio a run without `allowFramed` is accepted
 * with `consent_required`: if the cut-out is not trusted the worker ends it as `needs_consent` and
 * refunds it in the same transaction (jobs/queue.ts `endNeedsConsent`), reported by webhook and GET.
 * The page keeps its own flow (framed-consent.ts: judged before it is charged, 412 to the page).
 */
export async function startApiRun(
  deps: Pick<AppDeps, 'db' | 'bus' | 'storage' | 'aiProvider'>,
  userId: string,
  input: CreateInput & { allowFramed?: boolean },
  caller: { keyId: string; livemode: boolean },
): Promise<{ id: string }> {
  const { allowFramed, ...rest } = input;
  if (rest.type === 'image' && rest.subject) await takeSellerLimit(deps.db, 'cutouts', userId);
  // Only the local studio composes from an untrusted cut-out as a framed photo (fal does not need consent).
  const consentRequired = deps.aiProvider === 'local' && !allowFramed;
  return createGeneration(deps, userId, rest, { apiKeyId: caller.keyId, livemode: caller.livemode, consentRequired });
}

/**
 * The seller's runs for GET /api/v1/generations: newest first, `limit` at a time. The cursor is
 * the id of the last run of the previous page (runs after it in the same order follow), so a page
 * stays stable while new runs arrive. Erased runs are not listed.
 */
export async function listApiGenerations(
  db: Db,
  userId: string,
  q: { limit: number; cursor?: string; status?: TApiGeneration['status']; type?: TApiGeneration['type'] },
  livemode: boolean,
): Promise<{ items: ApiRunView[]; nextCursor: string | null }> {
  let query = db.selectFrom('generations').selectAll().where('user_id', '=', userId).where('livemode', '=', livemode).where(notErased);
  if (q.status === 'needs_consent') query = query.where('status', '=', 'failed').where('failure_code', '=', 'needs_consent');
  else if (q.status === 'failed') query = query.where('status', '=', 'failed').where('failure_code', 'is', null);
  else if (q.status) query = query.where('status', '=', q.status);
  if (q.type) query = query.where('type', '=', q.type);
  if (q.cursor) {
    query = query.where(
      sql<boolean>`(generations.created_at, generations.id) < (select c.created_at, c.id from generations c where c.id = ${q.cursor} and c.user_id = ${userId})`,
    );
  }
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit + 1)
    .execute();
  const page = rows.slice(0, q.limit);
  const cutouts = await cutoutsOf(db, page);
  return { items: page.map((g, i) => apiView(g, cutouts[i])), nextCursor: rows.length > q.limit ? page.at(-1)!.id : null };
}

/**
 * DELETE /api/v1/generations/{id}: a finished run of the seller's own is erased as account
 * deletion erases runs (the row stays for the credit records, without its prompt and outputs) and
 * its output files and thumbnails are removed from storage. An unfinished run is a 409 naming its status.
 */
export async function deleteApiGeneration(
  deps: { db: Db; storage: Storage },
  userId: string,
  id: string,
  livemode: boolean,
): Promise<void> {
  const g = await deps.db
    .selectFrom('generations')
    .select(['id', 'status', 'outputs'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('livemode', '=', livemode)
    .where(notErased)
    .executeTakeFirst();
  if (!g) throw new AppError('NOT_FOUND', M.api.errors.notFound);
  if (g.status === 'queued' || g.status === 'processing') throw new AppError('CONFLICT', M.api.errors.notFinished(g.status));
  const erased = await deps.db
    .updateTable('generations')
    .set({ parameters: '{}', outputs: '[]', error_message: null, provider_request_id: null, updated_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('status', 'in', ['completed', 'failed'])
    .executeTakeFirst();
  if (!erased.numUpdatedRows) throw new AppError('NOT_FOUND', M.api.errors.notFound);
  for (const o of readOutputs(g.outputs)) for (const key of [o.key, o.thumbKey]) await deps.storage.delete(key);
}

/** The credits a run took (the X-Credits-Charged header). */
export async function creditsCharged(db: Db, id: string): Promise<number> {
  return (await db.selectFrom('generations').select('credits_used').where('id', '=', id).executeTakeFirstOrThrow()).credits_used;
}

/** A seller's own run that has not finished yet: a 409 naming its status (an export or delete of it waits). */
export async function refuseUnfinished(db: Db, userId: string, id: string): Promise<void> {
  const own = await db.selectFrom('generations').select('status').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (own && (own.status === 'queued' || own.status === 'processing')) throw new AppError('CONFLICT', M.api.errors.notFinished(own.status));
}

/** GET /api/v1/account: the balance, the plan and its period end, the costs, and where the seller's limits stand. */
export async function apiAccount(db: Db, userId: string, livemode: boolean, now = new Date()) {
  const [balance, settings, limits] = await Promise.all([
    getBalance(db, userId, { now }),
    getSettings(db),
    db.selectFrom('rate_limits').select(['key', 'count', 'reset_at']).where('key', 'like', `%:user:${userId}`).execute(),
  ]);
  const used = new Map(limits.filter((l) => new Date(l.reset_at) > now).map((l) => [l.key.split(':')[0]!, l]));
  const limit = (kind: 'requests' | 'uploads' | 'exports' | 'cutouts') => {
    const { limit: max, windowMs } = kind === 'requests' ? API_REQUEST_LIMITS.seller : SELLER_LIMITS[kind];
    const row = used.get(kind);
    return {
      limit: max,
      windowSeconds: windowMs / 1000,
      remaining: Math.max(0, max - (row?.count ?? 0)),
      resetAt: row ? new Date(row.reset_at).toISOString() : null,
    };
  };
  return {
    livemode,
    balance: balance.unlimited ? null : balance.balance,
    unlimited: balance.unlimited,
    plan: balance.planCode,
    periodEnd: balance.expiresAt,
    costs: { image: settings.imageCreditCost, video: settings.videoCreditCost, cutout: 0, export: 0 },
    limits: { requests: limit('requests'), uploads: limit('uploads'), cutouts: limit('cutouts'), exports: limit('exports') },
  };
}
