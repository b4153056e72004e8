import type { Db } from '../db';
import { AppError } from '../errors';
import { M } from '../../shared/messages';
import { hashPassword } from '../auth/passwords';
import { hitRateLimit } from '../auth/rate-limit';
import { enqueueEmail, wakeEmailSenders } from '../email/outbox';
import { emailContext } from './email-context';
import { LINK_PATHS } from '../email/links';
import { passwordChangedEmail, passwordResetEmail } from '../email/templates/account';
import { consumeToken, findValidToken, mailTokenLink } from './account-tokens';
import { atLeast } from '../auth/timing';
import type { AppDeps } from '../deps';
import { announceEndedSessions } from '../events/announce';
import { accountContact, accountContactByEmail } from './account-rows';

export const RESET_LIMITS = {
  perEmail: { limit: 3, windowMs: 60 * 60 * 1000 },
  perIp: { limit: 10, windowMs: 60 * 60 * 1000 },
} as const;

/** Every answer to a reset request takes at least this long, found or not (see below). */
export const RESET_ANSWER_FLOOR_MS = 350;

/** A signed-up, active, not-deleted account by address (the caller never learns which it was). */
async function activeUserByEmail(db: Db, email: string) {
  return accountContactByEmail(db, email).where('users.is_disabled', '=', false).where('users.deleted_at', 'is', null).executeTakeFirst();
}

/**
 * "Şifremi unuttum": counts the request per address and per client (whether or not the address
 * exists, so the limit reveals nothing), then, for a real account only, replaces any earlier
 * reset link with a new one (1 h, stored hashed) and queues the e-mail. The answer is the same and
 * takes the same time (a fixed floor well above the work) for known and unknown addresses.
 */
export async function requestPasswordReset({ db, env }: Pick<AppDeps, 'db' | 'env'>, input: { email: string; ip: string }): Promise<void> {
  await atLeast(RESET_ANSWER_FLOOR_MS, async () => {
    const ipOk = (await hitRateLimit(db, `reset:ip:${input.ip}`, RESET_LIMITS.perIp.limit, RESET_LIMITS.perIp.windowMs)).allowed;
    const emailOk =
      ipOk && (await hitRateLimit(db, `reset:email:${input.email}`, RESET_LIMITS.perEmail.limit, RESET_LIMITS.perEmail.windowMs)).allowed;
    if (!ipOk || !emailOk) throw new AppError('RATE_LIMITED', M.common.tooManyAttempts);
    const user = await activeUserByEmail(db, input.email);
    if (!user) return;
    const { site, base } = await emailContext(db, env, user.id);
    await mailTokenLink(db, {
      userId: user.id,
      to: user.email,
      purpose: 'password_reset',
      url: (token) => base + LINK_PATHS.reset(token),
      message: (url) => passwordResetEmail(site, user.full_name, url),
    });
  });
}

/** Whether a reset link still works (read-only; the page shows "expired" before asking for a password). */
export async function resetTokenValid(db: Db, token: string): Promise<boolean> {
  const t = await findValidToken(db, token, ['password_reset']);
  if (!t) return false;
  const user = await db.selectFrom('users').select(['email', 'deleted_at']).where('id', '=', t.userId).executeTakeFirst();
  return !!user && !user.deleted_at && user.email === t.email;
}

/**
 * Sets the new password with a valid reset link: the link is used up (single use, under a
 * conditional update), any other reset links go, EVERY session of the user ends, the address
 * counts as verified (the link proved the inbox), and a confirmation e-mail is queued.
 * The ended sessions are announced after commit, so their sockets close.
 */
export async function resetPassword(deps: Pick<AppDeps, 'db' | 'env' | 'bus'>, input: { token: string; password: string }): Promise<void> {
  const { db, env } = deps;
  const invalid = () => new AppError('VALIDATION', M.accounts.resetInvalid);
  const valid = await findValidToken(db, input.token, ['password_reset']);
  if (!valid) throw invalid();
  const hash = await hashPassword(input.password);
  const { site } = await emailContext(db, env, valid.userId);
  const ended = await db.transaction().execute(async (trx) => {
    const t = await consumeToken(trx, input.token, ['password_reset']);
    if (!t) throw invalid();
    const user = await accountContact(trx, t.userId).forUpdate().executeTakeFirst();
    // Bound to the address it was sent to: after an address change the old link is void.
    if (!user || user.deleted_at || user.email !== t.email) throw invalid();
    const now = new Date();
    await trx
      .updateTable('users')
      .set({ password_hash: hash, updated_at: now, email_verified_at: user.email_verified_at ?? now })
      .where('id', '=', user.id)
      .execute();
    await trx
      .deleteFrom('account_tokens')
      .where('user_id', '=', user.id)
      .where('purpose', '=', 'password_reset')
      .where('used_at', 'is', null)
      .execute();
    const sessions = await trx.deleteFrom('sessions').where('user_id', '=', user.id).returning('id').execute();
    await enqueueEmail(trx, {
      to: user.email,
      kind: 'password_changed',
      userId: user.id,
      message: passwordChangedEmail(site, user.full_name),
    });
    return sessions.map((s) => s.id);
  });
  wakeEmailSenders();
  announceEndedSessions(deps.bus, ended);
}
