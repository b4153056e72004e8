import { sql } from 'kysely';
import type { Db } from '../db';
import type { Storage } from '../providers/storage';
import { AppError } from '../errors';
import { M } from '../../shared/messages';
import { API_REQUEST_LIMITS, SELLER_LIMITS } from '../../shared/constants';
import { cutoutsOf, toView, type GenerationView } from './generations';
import { getBalance } from './credits';
import { getSettings } from './settings';
import { readOutputs } from '../db/read';

/** A generation row account deletion or the API's delete has emptied (`parameters = {}`): no one is shown it. */
const notErased = sql<boolean>`generations.parameters::text <> '{}'`;

/**
 * The seller's runs for GET /api/v1/generations: newest first, `limit` at a time. The cursor is
 * the id of the last run of the previous page (runs after it in the same order follow), so a page
 * stays stable while new runs arrive. Erased runs are not listed.
 */
export async function listApiGenerations(
  db: Db,
  userId: string,
  q: { limit: number; cursor?: string; status?: GenerationView['status']; type?: GenerationView['type'] },
): Promise<{ items: GenerationView[]; nextCursor: string | null }> {
  let query = db.selectFrom('generations').selectAll().where('user_id', '=', userId).where(notErased);
  if (q.status) query = query.where('status', '=', q.status);
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
  return { items: page.map((g, i) => toView(g, cutouts[i])), nextCursor: rows.length > q.limit ? page.at(-1)!.id : null };
}

/**
 * DELETE /api/v1/generations/{id}: a finished run of the seller's own is erased as account
 * deletion erases runs (the row stays for the credit records, without its prompt and outputs) and
 * its output files and thumbnails are removed from storage. An unfinished run is a 409 naming its status.
 */
export async function deleteApiGeneration(deps: { db: Db; storage: Storage }, userId: string, id: string): Promise<void> {
  const g = await deps.db
    .selectFrom('generations')
    .select(['id', 'status', 'outputs'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
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
export async function apiAccount(db: Db, userId: string, now = new Date()) {
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
    balance: balance.unlimited ? null : balance.balance,
    unlimited: balance.unlimited,
    plan: balance.planCode,
    periodEnd: balance.expiresAt,
    costs: { image: settings.imageCreditCost, video: settings.videoCreditCost, cutout: 0, export: 0 },
    limits: { requests: limit('requests'), uploads: limit('uploads'), cutouts: limit('cutouts'), exports: limit('exports') },
  };
}
