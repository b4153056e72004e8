import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/types';
import { log } from '../../lib/log';

export type AuditEntry = {
  adminId: string;
  /** Dotted verb, e.g. `credits.set`, `portfolio.delete` (labels in M.adminLogs.actions). */
  action: string;
  /** What was changed: `user`, `site_content`, `portfolio_item`, `testimonial`, `settings`, ... */
  targetType: string;
  targetId: string | null;
  oldValues?: Record<string, unknown> | null;
  newValues?: Record<string, unknown> | null;
};

let savepointSeq = 0;

/**
 * Writes one `admin_logs` row inside the caller's transaction, so the log commits with the change
 * it describes. docs/product.md §6: "a failure writing it is ignored" — the insert runs under a savepoint,
 * and a failure rolls back only that savepoint (logged to the server console), never the change.
 */
export async function writeAudit(trx: Transaction<Database>, entry: AuditEntry): Promise<void> {
  const name = sql.raw(`admin_audit_${++savepointSeq}`);
  try {
    await sql`savepoint ${name}`.execute(trx);
  } catch (err) {
    log().error({ err }, 'admin audit savepoint failed');
    return;
  }
  try {
    await trx
      .insertInto('admin_logs')
      .values({
        admin_id: entry.adminId,
        action: entry.action,
        target_type: entry.targetType,
        target_id: entry.targetId,
        old_values: entry.oldValues == null ? null : JSON.stringify(entry.oldValues),
        new_values: entry.newValues == null ? null : JSON.stringify(entry.newValues),
      })
      .execute();
    await sql`release savepoint ${name}`.execute(trx);
  } catch (err) {
    log().error({ err }, 'admin audit log write failed; the change goes ahead');
    await sql`rollback to savepoint ${name}`.execute(trx).catch(() => undefined);
  }
}

/** Outside a transaction (e.g. a file upload): a plain insert whose failure is only logged. */
export async function writeAuditDirect(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .transaction()
    .execute((trx) => writeAudit(trx, entry))
    .catch((err) => log().error({ err }, 'admin audit log write failed'));
}

/** The fields whose values differ, as `{ old, new }` objects for the log (null when nothing changed). */
export function diffValues<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { oldValues: Partial<T>; newValues: Partial<T> } | null {
  const oldValues: Partial<T> = {};
  const newValues: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (after[key] === undefined) continue;
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
    oldValues[key] = before[key];
    newValues[key] = after[key] as T[keyof T];
  }
  return Object.keys(newValues).length ? { oldValues, newValues } : null;
}
