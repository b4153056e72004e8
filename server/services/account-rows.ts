import type { Db } from '../db';

/**
 * An account is a `users` row and its `profiles` row (same id). Every service reads the two
 * together through this one join, and picks one of the column lists below (or adds its own
 * columns to the query).
 */
export function accountsWithProfiles(db: Db) {
  return db.selectFrom('users').innerJoin('profiles', 'profiles.id', 'users.id');
}

/** What an e-mail to the account needs, and what says whether it may get one. */
const CONTACT_COLUMNS = [
  'users.id',
  'users.email',
  'users.email_verified_at',
  'users.deleted_at',
  'users.is_disabled',
  'profiles.full_name',
] as const;

/** One account's contact row (`CONTACT_COLUMNS`), by id; callers add conditions, a lock or columns. */
export function accountContact(db: Db, userId: string) {
  return accountsWithProfiles(db).select(CONTACT_COLUMNS).where('users.id', '=', userId);
}

/** The same contact row, by e-mail address. */
export function accountContactByEmail(db: Db, email: string) {
  return accountsWithProfiles(db).select(CONTACT_COLUMNS).where('users.email', '=', email);
}

/** The account as its owner sees it (`TPublicUser`, the data export's account part). */
export const OWNER_COLUMNS = [
  'users.id',
  'users.email',
  'users.created_at',
  'users.email_verified_at',
  'profiles.full_name',
  'profiles.company_name',
  'profiles.phone',
] as const;

/** The profile's own fields, in the shape every view of them uses. */
export function profileView(row: { full_name: string; company_name: string | null; phone: string | null }) {
  return { fullName: row.full_name, companyName: row.company_name, phone: row.phone };
}
