import type { Transaction } from 'kysely';
import type { Db } from '../db';
import type { Database } from '../db/types';
import type { CreditColumns } from '../auth/sessions';
import { M } from '../../shared/messages';
import { lowCreditsThreshold, UNLIMITED_BALANCE } from '../../shared/constants';
import { findPlan } from '../../shared/plans';
import { getCachedSettings } from './settings';

export type Balance = {
  balance: number;
  unlimited: boolean;
  planCode: string | null;
  expiresAt: string | null;
  expired: boolean;
  /** The balance is low below this (a share of the period's or the trial's credits; issue 38 item 4). */
  lowBelow: number;
};

/** The credits of the seller's current period: the package's, else the trial's (the install's setting). */
async function periodCredits(db: Db, planCode: string | null): Promise<number> {
  const plan = planCode && planCode !== 'trial' ? findPlan(planCode) : null;
  return plan ? plan.credits : (await getCachedSettings(db)).defaultTrialCredits;
}

/**
 * docs/decisions.md D8: once `credits_expire_at` has passed, the balance goes to 0 and expiry and plan are
 * cleared, with transaction + ledger rows, in one transaction. The conditional update makes a
 * concurrent second call a no-op; the ledger ref (user + old expiry) makes it unique too.
 */
export async function applyExpiry(db: Db, userId: string, now = new Date()): Promise<boolean> {
  return db.transaction().execute((trx) => expireIfDue(trx, userId, now));
}

/** The same inside a caller's transaction (a purchase applies a lapsed period before adding). */
export async function expireIfDue(trx: Transaction<Database>, userId: string, now = new Date()): Promise<boolean> {
  // Row lock first: a concurrent reader waits, then sees the expiry already applied.
  const row = await trx
    .selectFrom('users')
    .select(['email', 'credits_balance', 'credits_expire_at'])
    .where('id', '=', userId)
    .where('credits_expire_at', '<=', now)
    .where('credits_balance', '<>', UNLIMITED_BALANCE)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return false;
  const lost = row.credits_balance;
  await trx
    .updateTable('users')
    .set({ credits_balance: 0, credits_expire_at: null, plan_code: null, updated_at: now })
    .where('id', '=', userId)
    .execute();
  if (lost > 0) {
    await trx
      .insertInto('credit_transactions')
      .values({ user_id: userId, user_email: row.email, type: 'expire', amount: -lost, description: M.credits.expiredDescription })
      .execute();
  }
  const ref = `${userId}:${new Date(row.credits_expire_at!).toISOString()}`;
  await trx.insertInto('credit_ledger').values({ user_id: userId, delta: -lost, reason: 'expired', ref }).execute();
  return true;
}

/**
 * A plain read: no transaction, no lock. Only when the period has ended and nobody has applied
 * the expiry yet (the sweep runs every 10 minutes) does this read apply it, once (docs/decisions.md D8).
 * `known`: the columns as the caller's session lookup just read them (no second query).
 */
export async function getBalance(db: Db, userId: string, opts: { known?: CreditColumns; now?: Date } = {}): Promise<Balance> {
  const now = opts.now ?? new Date();
  const read = () =>
    db.selectFrom('users').select(['credits_balance', 'plan_code', 'credits_expire_at']).where('id', '=', userId).executeTakeFirstOrThrow();
  let u = opts.known ?? (await read());
  let expired = false;
  const due = u.credits_expire_at !== null && new Date(u.credits_expire_at) <= now && u.credits_balance !== UNLIMITED_BALANCE;
  if (due) {
    expired = await applyExpiry(db, userId, now);
    u = await read();
  }
  return {
    balance: u.credits_balance,
    unlimited: u.credits_balance === UNLIMITED_BALANCE,
    planCode: u.plan_code,
    expiresAt: u.credits_expire_at ? new Date(u.credits_expire_at).toISOString() : null,
    expired,
    lowBelow: lowCreditsThreshold(await periodCredits(db, u.plan_code)),
  };
}
