import { sql } from 'kysely';
import type { Db } from '../db';
import { AppError } from '../errors';
import { M } from '../../shared/messages';
import { API_KEY_PREFIX, API_TEST_KEY_PREFIX, MAX_API_KEYS } from '../../shared/schemas/api';
import { hashSecret, randomToken } from '../auth/tokens';
import { writeAudit } from './admin/audit';
import type { TApiKeyListItem } from '../../shared/schemas/api';

/** Characters of a key shown in lists (the fixed prefix and the first 4 random ones): enough to tell keys apart, useless to use. */
const SHOWN_LENGTH = API_KEY_PREFIX.length + 4;
/** A key's kind by its column (`api_keys.livemode`). */
const modeOf = (livemode: boolean) => (livemode ? ('live' as const) : ('test' as const));

export type ApiKeyListItem = TApiKeyListItem;

/**
 * A new key for the seller: 240 random bits after `vk_live_` (or `vk_test_` for a test key, issue
 * 34 item 4), returned once; like a session token, only its SHA-256 is kept. A seller holds at most
 * MAX_API_KEYS active keys of both kinds together.
 */
export async function createApiKey(
  db: Db,
  userId: string,
  name: string,
  mode: 'live' | 'test' = 'live',
): Promise<{ id: string; name: string; key: string; mode: 'live' | 'test' }> {
  const key = `${mode === 'test' ? API_TEST_KEY_PREFIX : API_KEY_PREFIX}${randomToken()}${randomToken()}`;
  return db.transaction().execute(async (trx) => {
    // Two creates at once must not both see room under the cap.
    await sql`select pg_advisory_xact_lock(hashtext(${`api_keys:${userId}`}))`.execute(trx);
    const { n } = await trx
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_API_KEYS) throw new AppError('VALIDATION', M.api.keyLimit(MAX_API_KEYS));
    const row = await trx
      .insertInto('api_keys')
      .values({ user_id: userId, name, prefix: key.slice(0, SHOWN_LENGTH), key_hash: hashSecret(key), livemode: mode === 'live' })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    return { id: row.id, name: row.name, key, mode };
  });
}

/** The seller's active keys, newest first. */
export async function listApiKeys(db: Db, userId: string): Promise<ApiKeyListItem[]> {
  const rows = await db
    .selectFrom('api_keys')
    .select(['id', 'name', 'prefix', 'created_at', 'last_used_at', 'livemode'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    mode: modeOf(r.livemode),
    createdAt: new Date(r.created_at).toISOString(),
    lastUsedAt: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
  }));
}

/** Revokes one of the seller's own keys; another seller's (or an unknown) key is NOT_FOUND. */
export async function revokeApiKey(db: Db, userId: string, id: string): Promise<void> {
  const r = await db
    .updateTable('api_keys')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw new AppError('NOT_FOUND', M.common.notFound);
}

/** Revoked by an admin, with the audit-log row in the same transaction. */
export async function adminRevokeApiKey(db: Db, adminId: string, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('api_keys')
      .set({ revoked_at: new Date(), revoked_by_admin: adminId })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .returning(['user_id', 'name', 'prefix'])
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', M.common.notFound);
    await writeAudit(trx, {
      adminId,
      action: 'api_key.revoke',
      targetType: 'api_key',
      targetId: id,
      oldValues: { userId: row.user_id, name: row.name, prefix: row.prefix },
      newValues: { revoked: true },
    });
  });
}

/** `livemode`: false for a test key — its runs take no credits and only its own kind of runs is visible to it. */
export type ApiCaller = { userId: string; keyId: string; livemode: boolean };

/**
 * The seller behind an `Authorization: Bearer vk_live_…` header, or null (missing, unknown,
 * revoked, or the account disabled or deleted). One statement: the lookup by hash also counts the
 * request and stamps its time.
 */
export async function authenticateApiKey(db: Db, authorization: string | undefined): Promise<ApiCaller | null> {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const key = m?.[1];
  if (!(key?.startsWith(API_KEY_PREFIX) || key?.startsWith(API_TEST_KEY_PREFIX)) || key.length > 200) return null;
  const row = await db
    .updateTable('api_keys')
    .from('users')
    .set({ last_used_at: new Date(), request_count: sql`api_keys.request_count + 1` })
    .whereRef('users.id', '=', 'api_keys.user_id')
    .where('api_keys.key_hash', '=', hashSecret(key))
    .where('api_keys.revoked_at', 'is', null)
    .where('users.is_disabled', '=', false)
    .where('users.deleted_at', 'is', null)
    .returning(['api_keys.id', 'api_keys.user_id', 'api_keys.livemode'])
    .executeTakeFirst();
  return row ? { userId: row.user_id, keyId: row.id, livemode: row.livemode } : null;
}

export type ApiUsage = {
  keys: Array<ApiKeyListItem & { requestCount: number; revokedAt: string | null; runs: number; credits: number }>;
  runs: number;
  credits: number;
  webhookUrl: string | null;
};

/** A seller's API usage for the admin's user page: every key (revoked too) with its requests, runs and credits. */
export async function apiUsage(db: Db, userId: string): Promise<ApiUsage> {
  const keys = await db
    .selectFrom('api_keys')
    .leftJoin('generations', 'generations.api_key_id', 'api_keys.id')
    .select(['api_keys.id', 'api_keys.name', 'api_keys.prefix', 'api_keys.created_at', 'api_keys.last_used_at', 'api_keys.livemode'])
    .select(['api_keys.request_count', 'api_keys.revoked_at'])
    .select((eb) => [
      eb.fn.count<string>('generations.id').as('runs'),
      // A refunded run gave its credits back.
      eb.fn
        .coalesce(eb.fn.sum<string>(sql`case when generations.refunded_at is null then generations.credits_used else 0 end`), sql`0`)
        .as('credits'),
    ])
    .where('api_keys.user_id', '=', userId)
    .groupBy('api_keys.id')
    .orderBy('api_keys.created_at', 'desc')
    .execute();
  const hook = await db.selectFrom('api_webhooks').select('url').where('user_id', '=', userId).executeTakeFirst();
  const list = keys.map((k) => ({
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    mode: modeOf(k.livemode),
    createdAt: new Date(k.created_at).toISOString(),
    lastUsedAt: k.last_used_at ? new Date(k.last_used_at).toISOString() : null,
    revokedAt: k.revoked_at ? new Date(k.revoked_at).toISOString() : null,
    requestCount: Number(k.request_count),
    runs: Number(k.runs),
    credits: Number(k.credits),
  }));
  return {
    keys: list,
    runs: list.reduce((a, k) => a + k.runs, 0),
    credits: list.reduce((a, k) => a + k.credits, 0),
    webhookUrl: hook?.url ?? null,
  };
}
