import { sql } from 'kysely';
import type { Db } from '../db';
import { AppError, RateLimitedError } from '../errors';
import { M } from '../../shared/messages';
import { EXPORT_DOWNLOADS_PER_RUN, SELLER_LIMITS, type SellerLimitKind } from '../../shared/constants';

/**
 * Fixed-window counter kept in the database, so every server process shares it (docs/security.md property 13).
 * `hit` counts one attempt and says whether it is still within the limit.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now = new Date(),
): Promise<{ allowed: boolean; count: number; resetAt: Date }> {
  const reset = new Date(now.getTime() + windowMs);
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: 1, reset_at: reset })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end`,
        reset_at: sql`case when rate_limits.reset_at <= ${now} then ${reset}::timestamptz else rate_limits.reset_at end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow();
  return { allowed: row.count <= limit, count: row.count, resetAt: new Date(row.reset_at) };
}

/** Checks without counting: used to refuse before the password hash runs. */
export async function isRateLimited(db: Db, key: string, limit: number, now = new Date()): Promise<boolean> {
  const row = await db.selectFrom('rate_limits').select(['count', 'reset_at']).where('key', '=', key).executeTakeFirst();
  return !!row && new Date(row.reset_at) > now && row.count >= limit;
}

/** Gives back one counted attempt (a sign-in that turned out not to be a wrong guess). */
export async function releaseRateLimit(db: Db, key: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ count: sql`greatest(rate_limits.count - 1, 0)` })
    .where('key', '=', key)
    .execute();
}

/**
 * Counts one attempt on each key, in order, BEFORE the password hash runs. The counting upsert is
 * atomic, so concurrent guesses each take their own slot: a burst cannot slip past a
 * check-then-count gap. Stops at the first key over its limit (later keys are not counted, so a
 * blocked address cannot inflate a victim's per-e-mail counter); false means refuse unhashed.
 */
export async function takeAttempt(db: Db, keys: Array<{ key: string; limit: number; windowMs: number }>): Promise<boolean> {
  for (const k of keys) if (!(await hitRateLimit(db, k.key, k.limit, k.windowMs)).allowed) return false;
  return true;
}

type AttemptKey = {
  key: string;
  limit: number;
  windowMs: number;
  /** On success: forget earlier failures too. */ clearOnSuccess?: boolean;
};

/**
 * A password check under attempt limits (sign-in, password change): every attempt is counted
 * before `check` (and its argon2 hash) runs; only a wrong guess (`isWrongGuess`) keeps its count;
 * a success releases its slot and clears the keys marked `clearOnSuccess`.
 */
export async function limitedPasswordCheck<T>(
  db: Db,
  keys: AttemptKey[],
  check: () => Promise<T>,
  isWrongGuess: (err: unknown) => boolean,
): Promise<T> {
  if (!(await takeAttempt(db, keys))) throw new AppError('RATE_LIMITED', M.common.tooManyAttempts);
  let result: T;
  try {
    result = await check();
  } catch (err) {
    if (!isWrongGuess(err)) for (const k of keys) await releaseRateLimit(db, k.key);
    throw err;
  }
  for (const k of keys) await (k.clearOnSuccess ? clearRateLimit(db, k.key) : releaseRateLimit(db, k.key));
  return result;
}

/**
 * One sign-in under its limits (docs/decisions.md D15), for sellers (`signin:` keys) and admins (`admin:` keys):
 * per client address, and per e-mail address, which a success clears.
 */
export function signInWithLimits<T>(
  db: Db,
  scope: 'signin' | 'admin',
  who: { email: string; ip: string },
  check: () => Promise<T>,
): Promise<T> {
  return limitedPasswordCheck(
    db,
    [
      { key: `${scope}:ip:${who.ip}`, ...LIMITS.signInPerIp },
      { key: `${scope}:email:${who.email}`, ...LIMITS.signInPerEmail, clearOnSuccess: true },
    ],
    check,
    (err) => err instanceof AppError && err.appCode === 'INVALID_CREDENTIALS',
  );
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

export const LIMITS = {
  signInPerEmail: { limit: 5, windowMs: 15 * 60 * 1000 },
  signInPerIp: { limit: 20, windowMs: 15 * 60 * 1000 },
  /** The limit itself is the SIGNUP_LIMIT_PER_IP setting (default 10). */
  signUpPerIp: { windowMs: 60 * 60 * 1000 },
  contactPerIp: { limit: 5, windowMs: 60 * 60 * 1000 },
  /** Wrong current passwords on the profile page, per account (each costs an argon2 hash). */
  passwordChangePerUser: { limit: 5, windowMs: 15 * 60 * 1000 },
} as const;

/**
 * Counts one upload, export or cut-out of a seller against its limit (SELLER_LIMITS); over it,
 * throws a 429 whose Turkish text and Retry-After say when the window ends.
 */
export async function takeSellerLimit(db: Db, kind: SellerLimitKind, userId: string, now = new Date()): Promise<void> {
  const { limit, windowMs } = SELLER_LIMITS[kind];
  const hit = await hitRateLimit(db, `${kind}:user:${userId}`, limit, windowMs, now);
  if (hit.allowed) return;
  const seconds = Math.max(1, Math.ceil((hit.resetAt.getTime() - now.getTime()) / 1000));
  throw new RateLimitedError(M.fairShare[kind](Math.ceil(seconds / 60)), seconds);
}

/**
 * Counts one marketplace download of `subject` (a run's id) against the export limit, per run rather
 * than per file (issue 38 item 10): the first download of a run in the window takes one export; the
 * run's other presets, or all of them in one zip, take none, up to `EXPORT_DOWNLOADS_PER_RUN` downloads
 * of it. A run refused by the export limit is forgotten again, so asking for it later is counted then.
 */
export async function takeExportLimit(db: Db, userId: string, subject: string, now = new Date()): Promise<void> {
  const { windowMs } = SELLER_LIMITS.exports;
  const key = `exports:run:${userId}:${subject}`;
  const run = await hitRateLimit(db, key, EXPORT_DOWNLOADS_PER_RUN, windowMs, now);
  if (!run.allowed) {
    const seconds = Math.max(1, Math.ceil((run.resetAt.getTime() - now.getTime()) / 1000));
    throw new RateLimitedError(M.fairShare.exports(Math.ceil(seconds / 60)), seconds);
  }
  if (run.count > 1) return;
  try {
    await takeSellerLimit(db, 'exports', userId, now);
  } catch (err) {
    await clearRateLimit(db, key);
    throw err;
  }
}
