import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';
import { M } from '../../../shared/messages';
import { setBalance } from '../ledger';
import { applyExpiry } from '../credits';
import { getSettings } from '../settings';
import { writeAudit } from './audit';
import type { AppDeps } from '../../deps';
import { announceBalance } from '../../events/announce';

type Trx = Transaction<Database>;

export type CreditChange = { userId: string; email: string; oldBalance: number; balance: number; changed: boolean };

const numberFormat = new Intl.NumberFormat('tr-TR');

/**
 * `max_credits_per_user` caps what an admin may give (docs/decisions.md D9: purchases are not capped). Lowering a
 * balance is always allowed, even one already above the cap (e.g. after a purchase).
 */
export function checkCap(oldBalance: number, next: number, cap: number): void {
  if (next > oldBalance && next > cap) throw new AppError('VALIDATION', M.adminForms.balanceOverCap(numberFormat.format(cap)));
}

export async function findUserByEmail(db: Db, email: string): Promise<{ id: string; email: string }> {
  const user = await db.selectFrom('users').select(['id', 'email']).where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  if (!user) throw new AppError('NOT_FOUND', M.admin.userNotFound);
  return user;
}

/** Locks the user's row for the rest of the transaction and returns the current balance. */
export async function lockBalance(trx: Trx, userId: string): Promise<number> {
  const row = await trx.selectFrom('users').select('credits_balance').where('id', '=', userId).forUpdate().executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', M.admin.userNotFound);
  return row.credits_balance;
}

/**
 * Moves a (locked) balance to `next` through `setBalance` — a credit_transactions row of type
 * `admin_adjustment` whose description is the admin's stated reason (empty when none; the seller
 * sees "Yönetici düzeltmesi" beside it, issue 38), a ledger row admin_credit / admin_debit with the
 * difference (docs/product.md §9) — and writes the audit row, all in `trx`.
 */
export async function applyAdminBalance(
  trx: Trx,
  args: { adminId: string; userId: string; email: string; oldBalance: number; next: number; reason?: string; action: string },
): Promise<CreditChange> {
  const { adminId, userId, email, oldBalance, next } = args;
  if (next === oldBalance) return { userId, email, oldBalance, balance: next, changed: false };
  const ref = `admin:${randomUUID()}`;
  await setBalance(trx, {
    userId,
    balance: next,
    reasonUp: 'admin_credit',
    reasonDown: 'admin_debit',
    ref,
    description: args.reason?.trim() ?? '',
  });
  await writeAudit(trx, {
    adminId,
    action: args.action,
    targetType: 'user',
    targetId: userId,
    oldValues: { email, balance: oldBalance },
    newValues: { email, balance: next, delta: next - oldBalance, reason: args.reason?.trim() ?? '', ledgerRef: ref },
  });
  return { userId, email, oldBalance, balance: next, changed: true };
}

/** Expiry first (docs/decisions.md D8): a lapsed trial must not swallow credits an admin is about to give. */
async function prepare(db: Db, email: string) {
  const user = await findUserByEmail(db, email);
  await applyExpiry(db, user.id);
  const { maxCreditsPerUser } = await getSettings(db);
  return { user, cap: maxCreditsPerUser };
}

/** `admin.credits.set`: an exact balance, 0 … cap. */
export async function setCreditsByEmail(
  deps: Pick<AppDeps, 'db' | 'bus'>,
  adminId: string,
  email: string,
  balance: number,
  reason?: string,
): Promise<CreditChange> {
  const { db } = deps;
  const { user, cap } = await prepare(db, email);
  const change = await db.transaction().execute(async (trx) => {
    const oldBalance = await lockBalance(trx, user.id);
    checkCap(oldBalance, balance, cap);
    return applyAdminBalance(trx, {
      adminId,
      userId: user.id,
      email: user.email,
      oldBalance,
      next: balance,
      reason,
      action: 'credits.set',
    });
  });
  if (change.changed) announceBalance(deps.bus, change.userId, change.balance);
  return change;
}

/**
 * `admin.credits.adjust`: the +10 / -10 buttons. Down floors at 0; up stops at the cap, and is
 * refused with the cap text when the balance is already at or above it.
 */
export async function adjustCreditsByEmail(
  deps: Pick<AppDeps, 'db' | 'bus'>,
  adminId: string,
  email: string,
  delta: number,
  reason?: string,
): Promise<CreditChange> {
  const { db } = deps;
  const { user, cap } = await prepare(db, email);
  const change = await db.transaction().execute(async (trx) => {
    const oldBalance = await lockBalance(trx, user.id);
    let next = Math.max(0, oldBalance + delta);
    if (delta > 0) {
      if (oldBalance >= cap) checkCap(oldBalance, next, cap);
      next = Math.min(next, cap);
    }
    return applyAdminBalance(trx, {
      adminId,
      userId: user.id,
      email: user.email,
      oldBalance,
      next,
      reason,
      action: 'credits.adjust',
    });
  });
  if (change.changed) announceBalance(deps.bus, change.userId, change.balance);
  return change;
}
