import { type Expression, type ExpressionBuilder, type SqlBool, type Transaction } from 'kysely';
import { paginate } from '../../db/paginate';
import type { Db } from '../../db';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';
import { M } from '../../../shared/messages';
import { ACTIVE_USER_DAYS, UNLIMITED_BALANCE } from '../../../shared/constants';
import type { z } from 'zod';
import type { ZAdminUsersList, ZAdminUserUpdate } from '../../../shared/schemas/admin';
import { applyExpiry } from '../credits';
import { deleteOwnerSessions } from '../../auth/sessions';
import { getSettings } from '../settings';
import { diffValues, writeAudit } from './audit';
import { applyAdminBalance, checkCap, lockBalance, type CreditChange } from './credits';
import { containsPattern, daysAgo, iso } from './search';
import type { AppDeps } from '../../deps';
import { announceBalance, announceEndedSessions } from '../../events/announce';
import type { TAdminUserRow } from '../../../shared/schemas/admin-outputs';
import { accountsWithProfiles, profileView } from '../account-rows';

type ListInput = z.output<typeof ZAdminUsersList>;
type UpdateInput = z.output<typeof ZAdminUserUpdate>;
type EB = ExpressionBuilder<Database, 'users' | 'profiles'>;

export type AdminUserRow = TAdminUserRow;

/** docs/product.md §4 "active": the profile changed or the user signed in within ACTIVE_USER_DAYS. */
function recentlyActive(eb: EB, since: Date): Expression<SqlBool> {
  return eb.or([eb('profiles.updated_at', '>=', since), eb('users.last_sign_in_at', '>=', since)]);
}

function filters(input: Pick<ListInput, 'search' | 'status' | 'credit'>, now: Date) {
  const since = daysAgo(now, ACTIVE_USER_DAYS);
  return (eb: EB): Expression<SqlBool> => {
    const parts: Expression<SqlBool>[] = [];
    if (input.search) {
      const p = containsPattern(input.search);
      parts.push(eb.or([eb('users.email', 'ilike', p), eb('profiles.full_name', 'ilike', p), eb('profiles.company_name', 'ilike', p)]));
    }
    if (input.status === 'active') parts.push(eb.and([eb('users.is_disabled', '=', false), recentlyActive(eb, since)]));
    if (input.status === 'passive') parts.push(eb.and([eb('users.is_disabled', '=', false), eb.not(recentlyActive(eb, since))]));
    if (input.status === 'disabled') parts.push(eb('users.is_disabled', '=', true));
    if (input.credit === 'has') parts.push(eb('users.credits_balance', '>', 0));
    if (input.credit === 'none') parts.push(eb('users.credits_balance', '=', 0));
    return eb.and(parts);
  };
}

const COLUMNS = [
  'users.id',
  'users.email',
  'users.credits_balance',
  'users.plan_code',
  'users.credits_expire_at',
  'users.is_disabled',
  'users.last_sign_in_at',
  'users.created_at',
  'users.updated_at',
  'profiles.full_name',
  'profiles.company_name',
  'profiles.phone',
  'profiles.updated_at as profile_updated_at',
] as const;

type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];
function selectRows(db: Db) {
  return accountsWithProfiles(db).select(COLUMNS);
}

function toRow(r: Row, now: Date): AdminUserRow {
  const since = daysAgo(now, ACTIVE_USER_DAYS).getTime();
  const lastSignIn = r.last_sign_in_at ? new Date(r.last_sign_in_at).getTime() : 0;
  return {
    id: r.id,
    email: r.email,
    ...profileView(r),
    balance: r.credits_balance,
    unlimited: r.credits_balance === UNLIMITED_BALANCE,
    planCode: r.plan_code,
    expiresAt: iso(r.credits_expire_at),
    disabled: r.is_disabled,
    active: new Date(r.profile_updated_at).getTime() >= since || lastSignIn >= since,
    lastSignInAt: iso(r.last_sign_in_at),
    profileUpdatedAt: iso(r.profile_updated_at)!,
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
  };
}

/** Server-side search, filters and paging (thousands of users), newest first (docs/product.md §7). */
export async function listUsers(db: Db, input: ListInput, now = new Date()) {
  const where = filters(input, now);
  const [{ rows, total }, settings] = await Promise.all([
    paginate(
      accountsWithProfiles(db).where(where),
      (q) => q.select(COLUMNS).orderBy('users.created_at', 'desc').orderBy('users.id', 'desc'),
      input,
    ),
    getSettings(db),
  ]);
  return {
    items: rows.map((r) => toRow(r, now)),
    total,
    page: input.page,
    pageSize: input.pageSize,
    pageCount: Math.max(1, Math.ceil(total / input.pageSize)),
    maxCreditsPerUser: settings.maxCreditsPerUser,
  };
}

export async function getUser(db: Db, id: string, now = new Date()) {
  const row = await selectRows(db).where('users.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', M.admin.userNotFound);
  const [gens, settings] = await Promise.all([
    db
      .selectFrom('generations')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.countAll<number>().filterWhere('type', '=', 'image').as('images'),
        eb.fn.countAll<number>().filterWhere('type', '=', 'video').as('videos'),
      ])
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow(),
    getSettings(db),
  ]);
  return {
    user: toRow(row, now),
    generations: { total: Number(gens.total), images: Number(gens.images), videos: Number(gens.videos) },
    maxCreditsPerUser: settings.maxCreditsPerUser,
  };
}

export type UserUpdateResult = { user: AdminUserRow; credit: CreditChange | null; endedSessions: string[] };

/**
 * docs/decisions.md D21 `Düzenle`: name, company, phone, balance and the disabled flag, in ONE transaction with an
 * audit row per kind of change. The balance moves only when the admin changed it in the form
 * (`balanceBefore` ≠ `balance`), so a stale form never undoes credits spent meanwhile.
 * Disabling deletes the user's sessions; after commit the new balance and the ended sessions are
 * announced (the customer's pill follows, a disabled account's sockets close).
 */
export async function updateUser(
  deps: Pick<AppDeps, 'db' | 'bus'>,
  adminId: string,
  input: UpdateInput,
  now = new Date(),
): Promise<UserUpdateResult> {
  const { db } = deps;
  const exists = await db.selectFrom('users').select('id').where('id', '=', input.id).executeTakeFirst();
  if (!exists) throw new AppError('NOT_FOUND', M.admin.userNotFound);
  const balanceTouched = input.balanceBefore === undefined || input.balanceBefore !== input.balance;
  if (balanceTouched) await applyExpiry(db, input.id, now);
  const { maxCreditsPerUser } = await getSettings(db);

  const result = await db.transaction().execute(async (trx) => {
    const oldBalance = await lockBalance(trx, input.id);
    const before = await selectRows(trx).where('users.id', '=', input.id).executeTakeFirstOrThrow();

    await updateProfile(trx, adminId, input, before);

    let credit: CreditChange | null = null;
    if (balanceTouched && input.balance !== oldBalance) {
      checkCap(oldBalance, input.balance, maxCreditsPerUser);
      credit = await applyAdminBalance(trx, {
        adminId,
        userId: input.id,
        email: before.email,
        oldBalance,
        next: input.balance,
        reason: input.reason,
        action: 'credits.set',
      });
    }

    const endedSessions = await setDisabled(trx, adminId, input, before, now);
    return { credit, endedSessions };
  });

  if (result.credit?.changed) announceBalance(deps.bus, result.credit.userId, result.credit.balance);
  announceEndedSessions(deps.bus, result.endedSessions);
  const { user } = await getUser(db, input.id, now);
  return { user, ...result };
}

type Before = { email: string; is_disabled: boolean; full_name: string; company_name: string | null; phone: string | null };

/** Profile fields the admin changed, audited with their old and new values. */
async function updateProfile(trx: Transaction<Database>, adminId: string, input: UpdateInput, before: Before): Promise<void> {
  const profileDiff = diffValues(profileView(before), { fullName: input.fullName, companyName: input.companyName, phone: input.phone });
  if (profileDiff) {
    // profiles.updated_at is left alone: it measures the customer's own activity (docs/product.md §4).
    await trx
      .updateTable('profiles')
      .set({ full_name: input.fullName, company_name: input.companyName, phone: input.phone })
      .where('id', '=', input.id)
      .execute();
    await writeAudit(trx, {
      adminId,
      action: 'user.update',
      targetType: 'user',
      targetId: input.id,
      oldValues: { email: before.email, ...profileDiff.oldValues },
      newValues: { email: before.email, ...profileDiff.newValues },
    });
  }
}

/** Disables or enables the account, audited; disabling ends its sessions (their ids returned). */
async function setDisabled(trx: Transaction<Database>, adminId: string, input: UpdateInput, before: Before, now: Date): Promise<string[]> {
  let endedSessions: string[] = [];
  if (input.disabled !== before.is_disabled) {
    await trx.updateTable('users').set({ is_disabled: input.disabled, updated_at: now }).where('id', '=', input.id).execute();
    if (input.disabled) {
      endedSessions = await deleteOwnerSessions(trx, 'customer', input.id);
    }
    await writeAudit(trx, {
      adminId,
      action: input.disabled ? 'user.disable' : 'user.enable',
      targetType: 'user',
      targetId: input.id,
      oldValues: { email: before.email, disabled: before.is_disabled },
      newValues: { email: before.email, disabled: input.disabled, ...(input.disabled ? { endedSessions: endedSessions.length } : {}) },
    });
  }
  return endedSessions;
}
