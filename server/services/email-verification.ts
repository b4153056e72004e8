import type { Db } from '../db';
import { AppError, isUniqueViolation } from '../errors';
import { M } from '../../shared/messages';
import { hitRateLimit } from '../auth/rate-limit';
import { verifyPassword } from '../auth/passwords';
import { emailContext, recipientLanguage } from './email-context';
import { enqueueEmail, wakeEmailSenders } from '../email/outbox';
import { LINK_PATHS } from '../email/links';
import { emailChangeEmail, emailChangedEmail, verifyEmailEmail } from '../email/templates/account';
import { getSettings } from './settings';
import { consumeToken, mailTokenLink } from './account-tokens';
import { atLeast } from '../auth/timing';
import type { AppDeps } from '../deps';
import type { TVerifyOutcome } from '../../shared/schemas/accounts';
import { accountContact } from './account-rows';

export const VERIFY_LIMITS = {
  perEmail: { limit: 3, windowMs: 60 * 60 * 1000 },
  perIp: { limit: 10, windowMs: 60 * 60 * 1000 },
  changePerUser: { limit: 5, windowMs: 60 * 60 * 1000 },
} as const;

const ANSWER_FLOOR_MS = 350;

/** Queues a verification link (24 h, single use, hashed) for the user's current address. */
export async function sendVerification({ db, env }: Pick<AppDeps, 'db' | 'env'>, userId: string): Promise<boolean> {
  const user = await accountContact(db, userId).executeTakeFirst();
  if (!user || user.email_verified_at || user.deleted_at) return false;
  const { site, base } = await emailContext(db, env, user.id);
  await mailTokenLink(db, {
    userId: user.id,
    to: user.email,
    purpose: 'email_verify',
    url: (token) => base + LINK_PATHS.verify(token),
    message: (url) => verifyEmailEmail(site, user.full_name, url),
  });
  return true;
}

/**
 * "Doğrulama e-postasını yeniden gönder" (also from the sign-in gate, before any session exists):
 * rate-limited per address and per client, the same answer and time whether or not there is an
 * unverified account with that address.
 */
export async function resendVerification(deps: Pick<AppDeps, 'db' | 'env'>, input: { email: string; ip: string }): Promise<void> {
  const { db } = deps;
  await atLeast(ANSWER_FLOOR_MS, async () => {
    const ipOk = (await hitRateLimit(db, `verify:ip:${input.ip}`, VERIFY_LIMITS.perIp.limit, VERIFY_LIMITS.perIp.windowMs)).allowed;
    const emailOk =
      ipOk &&
      (await hitRateLimit(db, `verify:email:${input.email}`, VERIFY_LIMITS.perEmail.limit, VERIFY_LIMITS.perEmail.windowMs)).allowed;
    if (!ipOk || !emailOk) throw new AppError('RATE_LIMITED', M.common.tooManyAttempts);
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', input.email)
      .where('is_disabled', '=', false)
      .executeTakeFirst();
    if (user) await sendVerification(deps, user.id);
  });
}

/** The sign-in gate (setting `require_email_verification`, default off). */
export async function assertMaySignIn(db: Db, user: { email_verified_at: Date | string | null }): Promise<void> {
  if (user.email_verified_at) return;
  if ((await getSettings(db)).requireEmailVerification) throw new AppError('EMAIL_NOT_VERIFIED', M.auth.emailNotConfirmed);
}

export type VerifyOutcome = TVerifyOutcome;

/**
 * Uses a verification or address-change link once. A verification counts only for the address it
 * was sent to; an address change takes effect only now, after the new inbox proved itself.
 */
export async function verifyEmailToken(db: Db, token: string): Promise<VerifyOutcome> {
  const invalid = () => new AppError('VALIDATION', M.accounts.verifyInvalid);
  const { site } = await emailContext(db);
  try {
    const outcome = await db.transaction().execute(async (trx) => {
      const t = await consumeToken(trx, token, ['email_verify', 'email_change']);
      if (!t) throw invalid();
      const user = await trx
        .selectFrom('users')
        .select(['id', 'email', 'deleted_at'])
        .where('id', '=', t.userId)
        .forUpdate()
        .executeTakeFirst();
      if (!user || user.deleted_at) throw invalid();
      const now = new Date();
      if (t.purpose === 'email_verify') {
        if (user.email !== t.email) throw invalid();
        await trx.updateTable('users').set({ email_verified_at: now, updated_at: now }).where('id', '=', user.id).execute();
        return { kind: 'verified' as const, email: t.email };
      }
      await trx.updateTable('users').set({ email: t.email, email_verified_at: now, updated_at: now }).where('id', '=', user.id).execute();
      const profile = await trx
        .updateTable('profiles')
        .set({ email: t.email, updated_at: now })
        .where('id', '=', user.id)
        .returning('full_name')
        .executeTakeFirst();
      // The old inbox hears of it, in the same transaction as the change: a hijack does not go unnoticed.
      await enqueueEmail(trx, {
        to: user.email,
        kind: 'email_changed',
        userId: user.id,
        message: emailChangedEmail({ ...site, language: await recipientLanguage(trx, user.id) }, profile?.full_name ?? '', t.email),
      });
      // Links sent to the old address stop working.
      await trx
        .deleteFrom('account_tokens')
        .where('user_id', '=', user.id)
        .where('used_at', 'is', null)
        .where('purpose', 'in', ['password_reset', 'email_verify'])
        .execute();
      return { kind: 'changed' as const, email: t.email };
    });
    if (outcome.kind === 'changed') wakeEmailSenders();
    return outcome;
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN', M.auth.alreadyRegistered);
    throw err;
  }
}

/**
 * Profile: a new address is verified before it takes effect. Asks for the current password;
 * the link goes to the NEW address and is bound to it.
 */
export async function requestEmailChange(
  { db, env }: Pick<AppDeps, 'db' | 'env'>,
  userId: string,
  input: { newEmail: string; password: string },
): Promise<void> {
  if (
    !(await hitRateLimit(db, `email-change:user:${userId}`, VERIFY_LIMITS.changePerUser.limit, VERIFY_LIMITS.changePerUser.windowMs))
      .allowed
  ) {
    throw new AppError('RATE_LIMITED', M.common.tooManyAttempts);
  }
  const user = await accountContact(db, userId).select('users.password_hash').executeTakeFirst();
  if (!user || !(await verifyPassword(user.password_hash, input.password))) {
    throw new AppError('VALIDATION', M.profile.wrongCurrentPassword, { password: M.profile.wrongCurrentPassword });
  }
  if (user.email === input.newEmail) throw new AppError('VALIDATION', M.accounts.sameEmail, { newEmail: M.accounts.sameEmail });
  const taken = await db.selectFrom('users').select('id').where('email', '=', input.newEmail).executeTakeFirst();
  if (taken) throw new AppError('EMAIL_TAKEN', M.auth.alreadyRegistered, { newEmail: M.auth.alreadyRegistered });
  const { site, base } = await emailContext(db, env, userId);
  await mailTokenLink(db, {
    userId,
    to: input.newEmail,
    purpose: 'email_change',
    url: (token) => base + LINK_PATHS.verify(token),
    message: (url) => emailChangeEmail(site, user.full_name, url),
  });
}
