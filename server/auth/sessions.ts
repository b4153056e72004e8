import type { Db } from '../db';
import type { User } from '../db/types';
import type { EventBus } from '../events/bus';
import { sessionCacheFor } from './session-cache';
import { hashSecret, randomToken, secretMatches } from './tokens';
import { COOKIE_NAME, readCookie } from './cookies';
import { SESSION_REMEMBER_MS, SESSION_SHORT_MS } from '../../shared/constants';

/**
 * Sessions following the Lucia guide: the cookie holds `${id}.${secret}`, the database
 * only SHA-256(secret). Expiry slides: a session used in the second half of its life is
 * extended. Customer and admin sessions share this code but live in separate tables.
 */
export type SessionKind = keyof typeof COOKIE_NAME;

const TABLE = { customer: 'sessions', admin: 'admin_sessions' } as const;
const OWNER = { customer: 'user_id', admin: 'admin_id' } as const;

/** A customer's credit columns as they were when the session was checked (see validateSession). */
export type CreditColumns = Pick<User, 'credits_balance' | 'plan_code' | 'credits_expire_at'>;

export type Session = {
  id: string;
  ownerId: string;
  remember: boolean;
  expiresAt: Date;
  /** Customers only: read by the same query as the session, so a balance read costs no second query. */
  credits?: CreditColumns;
};

export function sessionLifetime(remember: boolean): number {
  return remember ? SESSION_REMEMBER_MS : SESSION_SHORT_MS;
}

export async function createSession(
  db: Db,
  kind: SessionKind,
  ownerId: string,
  remember: boolean,
  now = new Date(),
): Promise<{ token: string; session: Session }> {
  const id = randomToken();
  const secret = randomToken();
  const expiresAt = new Date(now.getTime() + sessionLifetime(remember));
  const row = { id, secret_hash: hashSecret(secret), remember, expires_at: expiresAt, [OWNER[kind]]: ownerId };
  await db
    .insertInto(TABLE[kind])
    .values(row as never)
    .execute();
  return { token: `${id}.${secret}`, session: { id, ownerId, remember, expiresAt } };
}

/** The session row with whether its owner may still sign in (and a customer's credits), in one query. */
async function sessionRow(db: Db, kind: SessionKind, id: string) {
  if (kind === 'customer') {
    const row = await db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.user_id as owner_id',
        'sessions.secret_hash',
        'sessions.remember',
        'sessions.expires_at',
        'users.is_disabled as owner_disabled',
      ])
      .select(['users.credits_balance', 'users.plan_code', 'users.credits_expire_at'])
      .where('sessions.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const { credits_balance, plan_code, credits_expire_at, ...session } = row;
    const credits: CreditColumns = { credits_balance, plan_code, credits_expire_at };
    return { ...session, credits };
  }
  const row = await db
    .selectFrom('admin_sessions')
    .innerJoin('admin_users', 'admin_users.id', 'admin_sessions.admin_id')
    .select(['admin_sessions.admin_id as owner_id', 'admin_sessions.secret_hash', 'admin_sessions.remember', 'admin_sessions.expires_at'])
    .select((eb) => eb.not('admin_users.is_active').as('owner_disabled'))
    .where('admin_sessions.id', '=', id)
    .executeTakeFirst();
  return row && { ...row, credits: undefined };
}

/**
 * Returns the session for a token, or null; extends it when past half-life (sliding expiry).
 * One query per request. A disabled customer (docs/decisions.md D21) or a deactivated admin loses every live
 * session at once; without this, sliding expiry would keep a signed-in account going.
 */
export async function validateSession(
  db: Db,
  kind: SessionKind,
  token: string,
  now = new Date(),
): Promise<{ session: Session; refreshed: boolean } | null> {
  const [id, secret] = token.split('.');
  if (!id || !secret || token.split('.').length !== 2) return null;
  const row = await sessionRow(db, kind, id);
  if (!row || !secretMatches(secret, row.secret_hash)) return null;
  const expiresAt = new Date(row.expires_at);
  if (expiresAt.getTime() <= now.getTime() || row.owner_disabled) {
    await db.deleteFrom(TABLE[kind]).where('id', '=', id).execute();
    return null;
  }
  const lifetime = sessionLifetime(row.remember);
  const session: Session = { id, ownerId: row.owner_id, remember: row.remember, expiresAt, credits: row.credits };
  if (expiresAt.getTime() - now.getTime() < lifetime / 2) {
    session.expiresAt = new Date(now.getTime() + lifetime);
    await db.updateTable(TABLE[kind]).set({ expires_at: session.expiresAt }).where('id', '=', id).execute();
    return { session, refreshed: true };
  }
  return { session, refreshed: false };
}

export async function deleteSession(db: Db, kind: SessionKind, sessionId: string): Promise<void> {
  await db.deleteFrom(TABLE[kind]).where('id', '=', sessionId).execute();
}

/** Ends every session of one account; the ids are returned for `announceEndedSessions` (after the commit). */
export async function deleteOwnerSessions(db: Db, kind: SessionKind, ownerId: string): Promise<string[]> {
  const rows =
    kind === 'admin'
      ? await db.deleteFrom('admin_sessions').where('admin_id', '=', ownerId).returning('id').execute()
      : await db.deleteFrom('sessions').where('user_id', '=', ownerId).returning('id').execute();
  return rows.map((r) => r.id);
}

export async function deleteExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  await db.deleteFrom('admin_sessions').where('expires_at', '<=', now).execute();
}

/** Which of these session ids are still live (not ended, not expired, owner still active). */
export async function liveSessionIds(db: Db, kind: SessionKind, ids: string[], now = new Date()): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows =
    kind === 'customer'
      ? await db
          .selectFrom('sessions')
          .innerJoin('users', 'users.id', 'sessions.user_id')
          .select('sessions.id')
          .where('sessions.id', 'in', ids)
          .where('sessions.expires_at', '>', now)
          .where('users.is_disabled', '=', false)
          .execute()
      : await db
          .selectFrom('admin_sessions')
          .innerJoin('admin_users', 'admin_users.id', 'admin_sessions.admin_id')
          .select('admin_sessions.id')
          .where('admin_sessions.id', 'in', ids)
          .where('admin_sessions.expires_at', '>', now)
          .where('admin_users.is_active', '=', true)
          .execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * `validateSession` through this process's session cache (server/auth/session-cache.ts,
 * docs/decisions.md D59): a customer session validated less than a few seconds ago and not
 * announced as ended since is taken from memory, unless it is due for its sliding renewal. A cached
 * session carries no credits (`credits` is undefined: the balance is read afresh). Admin sessions are
 * always read from the database (an admin is deactivated in the database itself, with no event).
 */
export async function validateSessionCached(
  deps: { db: Db; bus: EventBus },
  kind: SessionKind,
  token: string,
  now = new Date(),
): Promise<{ session: Session; refreshed: boolean } | null> {
  if (kind !== 'customer') return validateSession(deps.db, kind, token, now);
  const [id, secret] = token.split('.');
  if (!id || !secret || token.split('.').length !== 2) return null;
  const cache = sessionCacheFor(deps.bus);
  const found = cache.get(id, now.getTime());
  const hit = found && secretMatches(secret, found.secretHash) ? found : undefined;
  if (hit) {
    const left = hit.expiresAt.getTime() - now.getTime();
    // Past half its life the session is renewed, which only the database lookup does.
    if (left >= sessionLifetime(hit.remember) / 2) {
      return { session: { id, ownerId: hit.ownerId, remember: hit.remember, expiresAt: hit.expiresAt }, refreshed: false };
    }
  }
  const mark = cache.mark();
  const result = await validateSession(deps.db, kind, token, now);
  if (result) {
    const { ownerId, remember, expiresAt } = result.session;
    cache.set(id, { secretHash: hashSecret(secret), ownerId, remember, expiresAt }, mark, now.getTime());
  } else if (hit) cache.drop([id]);
  return result;
}

/**
 * The one way a request (HTTP, tRPC or WebSocket upgrade) is tied to a session: its cookie
 * of that kind, validated (and slid). `token` is returned for renewing the cookie. `cached`
 * (plain HTTP requests) goes through the session cache; the WebSocket upgrade and every call
 * over a socket look the session up afresh.
 */
export async function sessionFromRequest(
  deps: { db: Db; bus: EventBus },
  req: { headers: { cookie?: string } },
  kind: SessionKind,
  opts: { cached?: boolean } = {},
): Promise<{ session: Session; refreshed: boolean; token: string } | 'invalid' | null> {
  const token = readCookie(req.headers.cookie, COOKIE_NAME[kind]);
  if (!token) return null;
  const result = opts.cached ? await validateSessionCached(deps, kind, token) : await validateSession(deps.db, kind, token);
  return result ? { ...result, token } : 'invalid';
}
