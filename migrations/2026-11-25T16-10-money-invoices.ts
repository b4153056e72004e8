import { type Kysely, sql } from 'kysely';

/**
 * Invoices a Turkish accountant accepts: each credited purchase gets a sequential number from a
 * counter per prefix and year (allocated inside the purchase's transaction, so a rolled-back
 * purchase leaves no gap and two purchases never share one), keeps the KDV rate, the operator's
 * company details and the provider's payment reference it was invoiced with. Purchases made
 * before keep the number they were issued with (`INV-` and the first 8 characters of their id).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('invoice_sequences')
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull().check(sql`last_number > 0`))
    .addPrimaryKeyConstraint('invoice_sequences_pk', ['prefix', 'year'])
    .execute();
  await db.schema
    .alterTable('credit_transactions')
    .addColumn('invoice_number', 'text', (c) => c.unique())
    .addColumn('kdv_rate', 'integer', (c) => c.check(sql`kdv_rate between 0 and 100`))
    .addColumn('seller_details', 'jsonb')
    .addColumn('payment_ref', 'text')
    .execute();
  await sql`
    update credit_transactions
    set invoice_number = 'INV-' || left(id::text, 8)
    where type = 'purchase' and amount_paid_cents is not null
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('credit_transactions')
    .dropColumn('invoice_number')
    .dropColumn('kdv_rate')
    .dropColumn('seller_details')
    .dropColumn('payment_ref')
    .execute();
  await db.schema.dropTable('invoice_sequences').ifExists().execute();
}
