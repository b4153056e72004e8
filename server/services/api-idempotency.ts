import type { Db } from '../db';
import { isUniqueViolation } from '../errors';

/** How long a key and its answer count (issue 34 item 3). */
export const IDEMPOTENCY_MS = 24 * 60 * 60 * 1000;

type Key = { userId: string; key: string };

/**
 * Claims a seller's Idempotency-Key for a request (by its hash). True when this request is the
 * first with the key (in the last 24 hours); otherwise the stored row says what the first was.
 */
export async function claimIdempotencyKey(db: Db, k: Key, requestHash: string, now = new Date()): Promise<boolean> {
  await db
    .deleteFrom('api_idempotency_keys')
    .where('user_id', '=', k.userId)
    .where('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_MS))
    .execute();
  const claimed = await db
    .insertInto('api_idempotency_keys')
    .values({ user_id: k.userId, key: k.key, request_hash: requestHash })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst()
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) return undefined;
      throw err;
    });
  return !!claimed;
}

/** The first request with a key: its hash, and its answer once it succeeded (null while it runs). */
export async function firstWithKey(db: Db, k: Key) {
  return db
    .selectFrom('api_idempotency_keys')
    .select(['request_hash', 'status_code', 'body'])
    .where('user_id', '=', k.userId)
    .where('key', '=', k.key)
    .executeTakeFirst();
}

/** Stores the first request's success under its key. */
export async function rememberAnswer(db: Db, k: Key, status: number, body: string): Promise<void> {
  await db
    .updateTable('api_idempotency_keys')
    .set({ status_code: status, body })
    .where('user_id', '=', k.userId)
    .where('key', '=', k.key)
    .execute();
}

/** Gives a key up (its first request was refused or failed: the corrected one may use it). */
export async function releaseIdempotencyKey(db: Db, k: Key): Promise<void> {
  await db.deleteFrom('api_idempotency_keys').where('user_id', '=', k.userId).where('key', '=', k.key).execute();
}
