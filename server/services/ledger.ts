import { sql, type Transaction } from 'kysely';
import type { Database, CreditTxType } from '../db/types';
import { AppError } from '../errors';
import { M } from '../../shared/messages';
import { UNLIMITED_BALANCE } from '../../shared/constants';

type Trx = Transaction<Database>;

/**
 * The credit ledger's moves (docs/decisions.md D6): take, add and set a balance by an amount. Each runs inside the
 * caller's transaction and writes its credit_transactions + credit_ledger rows there, so money
 * and ledger commit together. The ledger's unique (reason, ref) makes a replay of the same
 * operation fail the transaction. A balance also moves, with its own ledger row, at sign-up (the
 * trial credits, services/accounts.ts), at expiry (services/credits.ts) and when a deleted
 * account's balance is closed (services/account-deletion.ts).
 */
type Movement = {
  userId: string;
  amount: number;
  reason: string;
  ref: string;
  type: CreditTxType;
  description: string;
  generationId?: string | null;
  planCode?: string | null;
  amountPaidCents?: number | null;
  currency?: string | null;
  provider?: string | null;
};

/** Writes the transaction and ledger rows; returns the transaction's id. */
async function record(trx: Trx, m: Movement, email: string, delta: number, signedAmount: number): Promise<string> {
  const tx = await trx
    .insertInto('credit_transactions')
    .values({
      user_id: m.userId,
      user_email: email,
      type: m.type,
      amount: signedAmount,
      description: m.description,
      generation_id: m.generationId ?? null,
      plan_code: m.planCode ?? null,
      amount_paid_cents: m.amountPaidCents ?? null,
      currency: m.currency ?? null,
      provider: m.provider ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('credit_ledger').values({ user_id: m.userId, delta, reason: m.reason, ref: m.ref }).execute();
  return tx.id;
}

/**
 * Takes `amount` with a conditional update (`balance >= amount`), so concurrent takes can
 * never overdraw. Unlimited balances (docs/decisions.md D7) record the usage without lowering the balance.
 */
export async function takeCredits(trx: Trx, m: Movement, insufficientMessage?: (balance: number) => string): Promise<number> {
  const row = await trx
    .updateTable('users')
    .set({
      credits_balance: sql`case when credits_balance = ${UNLIMITED_BALANCE} then credits_balance else credits_balance - ${m.amount} end`,
      updated_at: new Date(),
    })
    .where('id', '=', m.userId)
    .where((eb) => eb.or([eb('credits_balance', '>=', m.amount), eb('credits_balance', '=', UNLIMITED_BALANCE)]))
    .returning(['email', 'credits_balance'])
    .executeTakeFirst();
  if (!row) {
    const current = await trx.selectFrom('users').select('credits_balance').where('id', '=', m.userId).executeTakeFirst();
    if (!current) throw new AppError('NOT_FOUND', M.credits.userMissing);
    const msg = insufficientMessage?.(current.credits_balance) ?? M.credits.insufficient(current.credits_balance, m.amount);
    throw new AppError('INSUFFICIENT_CREDITS', msg);
  }
  const unlimited = row.credits_balance === UNLIMITED_BALANCE;
  await record(trx, m, row.email, unlimited ? 0 : -m.amount, -m.amount);
  return row.credits_balance;
}

/** The account's e-mail and balance, its row locked until the transaction ends. */
async function lockedBalance(trx: Trx, userId: string): Promise<{ email: string; credits_balance: number }> {
  const current = await trx
    .selectFrom('users')
    .select(['email', 'credits_balance'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!current) throw new AppError('NOT_FOUND', M.credits.userMissing);
  return current;
}

/**
 * Adds credits (purchase, refund, bonus). Unlimited balances stay unlimited. Returns the new
 * balance and the transaction row (a purchase's invoice is issued on it).
 */
export async function addCredits(trx: Trx, m: Movement): Promise<{ balance: number; transactionId: string }> {
  const current = await lockedBalance(trx, m.userId);
  const old = current.credits_balance;
  // Capped below the unlimited marker so a big purchase never turns into "unlimited" by accident.
  const next = old === UNLIMITED_BALANCE ? old : Math.min(old + m.amount, UNLIMITED_BALANCE - 1);
  await trx.updateTable('users').set({ credits_balance: next, updated_at: new Date() }).where('id', '=', m.userId).execute();
  const transactionId = await record(trx, m, current.email, next - old, m.amount);
  return { balance: next, transactionId };
}

/**
 * Sets an exact balance (admin); the movement recorded is the difference (docs/product.md §9),
 * typed `admin_adjustment` either way (issue 38: neither a purchase nor a usage).
 */
export async function setBalance(
  trx: Trx,
  m: Omit<Movement, 'amount' | 'type' | 'reason'> & { balance: number; reasonUp: string; reasonDown: string },
): Promise<{ oldBalance: number; newBalance: number }> {
  const current = await lockedBalance(trx, m.userId);
  const diff = m.balance - current.credits_balance;
  await trx.updateTable('users').set({ credits_balance: m.balance, updated_at: new Date() }).where('id', '=', m.userId).execute();
  if (diff !== 0) {
    const mv: Movement = { ...m, amount: diff, type: 'admin_adjustment', reason: diff > 0 ? m.reasonUp : m.reasonDown };
    await record(trx, mv, current.email, diff, diff);
  }
  return { oldBalance: current.credits_balance, newBalance: m.balance };
}
