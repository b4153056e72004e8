import type { Db } from '../db';
import type { User } from '../db/types';
import { AppError, isUniqueViolation } from '../errors';
import { M } from '../../shared/messages';
import { TRIAL_DAYS } from '../../shared/constants';
import { DEFAULT_PREFERENCES } from '../../shared/schemas/preferences';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../auth/passwords';
import { getSettings } from './settings';
import type { AppDeps } from '../deps';
import { announceEndedSessions } from '../events/announce';
import type { TPublicUser } from '../../shared/schemas/auth';
import { accountsWithProfiles, OWNER_COLUMNS, profileView } from './account-rows';

export type PublicUser = TPublicUser;

export async function getPublicUser(db: Db, userId: string): Promise<PublicUser | null> {
  const row = await accountsWithProfiles(db).select(OWNER_COLUMNS).where('users.id', '=', userId).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    ...profileView(row),
    createdAt: new Date(row.created_at).toISOString(),
    emailVerified: !!row.email_verified_at,
  };
}

type SignUpInput = { email: string; password: string; fullName: string; companyName: string | null; phone: string | null };

/**
 * Creates user, profile, preferences and the trial grant in ONE transaction (docs/decisions.md D5, D6):
 * trial credits from settings, plan 'trial', expiry in 7 days, with ledger + transaction rows.
 */
export async function signUp(db: Db, input: SignUpInput, now = new Date()): Promise<User> {
  const settings = await getSettings(db);
  if (!settings.allowRegistrations) throw new AppError('SIGNUPS_DISABLED', M.auth.signupsDisabled);
  const passwordHash = await hashPassword(input.password);
  const trial = settings.defaultTrialCredits;
  try {
    return await db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          email: input.email,
          password_hash: passwordHash,
          credits_balance: trial,
          plan_code: 'trial',
          credits_expire_at: new Date(now.getTime() + TRIAL_DAYS * 86_400_000),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('profiles')
        .values({ id: user.id, email: user.email, full_name: input.fullName, company_name: input.companyName, phone: input.phone })
        .execute();
      await trx
        .insertInto('user_preferences')
        .values({ user_id: user.id, data: JSON.stringify(DEFAULT_PREFERENCES) })
        .execute();
      if (trial > 0) {
        await trx
          .insertInto('credit_transactions')
          .values({
            user_id: user.id,
            user_email: user.email,
            type: 'bonus',
            amount: trial,
            description: M.credits.trialGrant,
            plan_code: 'trial',
          })
          .execute();
        await trx.insertInto('credit_ledger').values({ user_id: user.id, delta: trial, reason: 'trial', ref: user.id }).execute();
      }
      return user;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN', M.auth.alreadyRegistered);
    throw err;
  }
}

/** Verifies credentials; always runs one argon2 verify so unknown e-mails take as long as known ones. */
export async function checkCredentials(db: Db, email: string, password: string): Promise<User> {
  const user = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), password);
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', M.auth.invalidCredentials);
  if (user.is_disabled) throw new AppError('ACCOUNT_DISABLED', M.auth.accountDisabled);
  return user;
}

export async function markSignedIn(db: Db, userId: string): Promise<void> {
  await db.updateTable('users').set({ last_sign_in_at: new Date() }).where('id', '=', userId).execute();
}

export async function updateProfile(
  db: Db,
  userId: string,
  input: { fullName: string; companyName: string | null; phone: string | null },
): Promise<void> {
  await db
    .updateTable('profiles')
    .set({ full_name: input.fullName, company_name: input.companyName, phone: input.phone, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

/**
 * Changes the password after checking the current one, and ends EVERY session of the user
 * (docs/security.md property 11), announced after commit so their sockets close; the caller then opens a fresh
 * session for this browser.
 */
export async function changePassword(deps: Pick<AppDeps, 'db' | 'bus'>, userId: string, current: string, next: string): Promise<void> {
  const { db } = deps;
  const user = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  if (!user || !(await verifyPassword(user.password_hash, current))) {
    throw new AppError('VALIDATION', M.profile.wrongCurrentPassword, { currentPassword: M.profile.wrongCurrentPassword });
  }
  const hash = await hashPassword(next);
  const ended = await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: hash, updated_at: new Date() }).where('id', '=', userId).execute();
    return trx.deleteFrom('sessions').where('user_id', '=', userId).returning('id').execute();
  });
  announceEndedSessions(
    deps.bus,
    ended.map((s) => s.id),
  );
}
