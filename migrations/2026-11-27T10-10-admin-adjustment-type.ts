import { sql, type Kysely } from 'kysely';

/**
 * Issue 38 item 12: an admin's balance change is its own ledger type, `admin_adjustment`, instead
 * of a "purchase" (up) or "usage" (down) with an English "Admin adjustment: " prefix. The type's
 * check constraint gains the new value; rows written so far (recognised by that prefix) move to
 * it, keeping only the admin's reason as their description. Down moves them back.
 */
const PREFIX = 'Admin adjustment: ';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table credit_transactions drop constraint if exists credit_transactions_type_check`.execute(db);
  await sql`alter table credit_transactions add constraint credit_transactions_type_check
    check (type in ('purchase', 'usage', 'refund', 'expire', 'bonus', 'admin_adjustment'))`.execute(db);
  await sql`update credit_transactions
    set type = 'admin_adjustment', description = substr(description, ${PREFIX.length + 1})
    where description like ${PREFIX + '%'} and provider is null and amount_paid_cents is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update credit_transactions
    set type = case when amount >= 0 then 'purchase' else 'usage' end, description = ${PREFIX} || description
    where type = 'admin_adjustment'`.execute(db);
  await sql`alter table credit_transactions drop constraint if exists credit_transactions_type_check`.execute(db);
  await sql`alter table credit_transactions add constraint credit_transactions_type_check
    check (type in ('purchase', 'usage', 'refund', 'expire', 'bonus'))`.execute(db);
}
