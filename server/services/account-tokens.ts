import type { Db } from '../db';
import type { AccountTokenPurpose } from '../db/types';
import { hashSecret, randomToken } from '../auth/tokens';
import { enqueueEmail, wakeEmailSenders } from '../email/outbox';
import type { RenderedEmail } from '../email/templates/layout';

/** How long each kind of link works. */
export const TOKEN_TTL_MS: Record<AccountTokenPurpose, number> = {
  password_reset: 60 * 60 * 1000,
  email_verify: 24 * 60 * 60 * 1000,
  email_change: 24 * 60 * 60 * 1000,
  unsubscribe: 90 * 24 * 60 * 60 * 1000,
};

/**
 * A fresh random token (120 bits) bound to the user and one address; only its SHA-256 is stored.
 * Single-purpose links (reset, verification, address change) invalidate the user's earlier
 * unused ones of the same purpose, so only the newest e-mail works.
 */
export async function issueToken(
  db: Db,
  input: { userId: string; purpose: AccountTokenPurpose; email: string },
  now = new Date(),
): Promise<string> {
  const token = randomToken();
  if (input.purpose !== 'unsubscribe') {
    await db
      .deleteFrom('account_tokens')
      .where('user_id', '=', input.userId)
      .where('purpose', '=', input.purpose)
      .where('used_at', 'is', null)
      .execute();
  }
  await db
    .insertInto('account_tokens')
    .values({
      user_id: input.userId,
      purpose: input.purpose,
      token_hash: hashSecret(token),
      email: input.email,
      expires_at: new Date(now.getTime() + TOKEN_TTL_MS[input.purpose]),
    })
    .execute();
  return token;
}

export type TokenOwner = { id: string; userId: string; email: string; purpose: AccountTokenPurpose };

/** Housekeeping: tokens that can no longer be used (expired, or used more than a day ago). */
export async function deleteDeadTokens(db: Db, now = new Date()): Promise<void> {
  await db
    .deleteFrom('account_tokens')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('used_at', '<', new Date(now.getTime() - 86_400_000))]))
    .execute();
}

/** Looks a token up without using it (read-only: the reset page asks whether its link still works). */
export async function findValidToken(db: Db, token: string, purposes: AccountTokenPurpose[], now = new Date()): Promise<TokenOwner | null> {
  if (!/^[a-z0-9]{10,64}$/.test(token)) return null;
  const row = await db
    .selectFrom('account_tokens')
    .select(['id', 'user_id', 'email', 'purpose'])
    .where('token_hash', '=', hashSecret(token))
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ? { id: row.id, userId: row.user_id, email: row.email, purpose: row.purpose } : null;
}

/**
 * Uses a token exactly once: a conditional update, so two concurrent uses cannot both succeed.
 * Run it inside the transaction that applies what the token allows.
 */
export async function consumeToken(db: Db, token: string, purposes: AccountTokenPurpose[], now = new Date()): Promise<TokenOwner | null> {
  if (!/^[a-z0-9]{10,64}$/.test(token)) return null;
  const row = await db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hashSecret(token))
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['id', 'user_id', 'email', 'purpose'])
    .executeTakeFirst();
  return row ? { id: row.id, userId: row.user_id, email: row.email, purpose: row.purpose } : null;
}

/**
 * A single-use link e-mailed to `to`: the token and the message that carries it are written in
 * one transaction (a link never exists without its e-mail), then the senders are woken.
 */
export async function mailTokenLink(
  db: Db,
  link: {
    userId: string;
    to: string;
    purpose: 'email_verify' | 'email_change' | 'password_reset';
    url: (token: string) => string;
    message: (url: string) => RenderedEmail;
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const token = await issueToken(trx, { userId: link.userId, purpose: link.purpose, email: link.to });
    await enqueueEmail(trx, { to: link.to, kind: link.purpose, userId: link.userId, message: link.message(link.url(token)) });
  });
  wakeEmailSenders();
}
