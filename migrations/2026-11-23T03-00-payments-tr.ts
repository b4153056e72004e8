import { type Kysely, sql } from 'kysely';

/**
 * Payments for a Turkish operator (issue 16 (docs/history.md)):
 * - billing profiles may name iyzico or the local test checkout, and exist before any payment
 *   (provider null) because they now also hold the buyer's invoice details (e-Arşiv);
 * - each purchase keeps the invoice details it was invoiced to;
 * - checkout sessions: what a started checkout was for (user, plan, price), so the provider's
 *   callback or the test checkout's event is matched to the user on our side, never to a guess.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table billing_profiles drop constraint if exists billing_profiles_provider_check`.execute(db);
  await sql`alter table billing_profiles alter column provider drop not null`.execute(db);
  await sql`alter table billing_profiles add constraint billing_profiles_provider_check
    check (provider is null or provider in ('stripe', 'lemonsqueezy', 'iyzico', 'test'))`.execute(db);
  await db.schema
    .alterTable('billing_profiles')
    .addColumn('invoice_kind', 'text', (c) => c.check(sql`invoice_kind in ('individual', 'company')`))
    .addColumn('invoice_name', 'text')
    .addColumn('tckn', 'text')
    .addColumn('company_title', 'text')
    .addColumn('tax_office', 'text')
    .addColumn('vkn', 'text')
    .addColumn('address', 'text')
    .addColumn('city', 'text')
    .addColumn('invoice_updated_at', 'timestamptz')
    .execute();

  // The invoice details as they were when a purchase was credited: an issued invoice never changes.
  await db.schema.alterTable('credit_transactions').addColumn('buyer_details', 'jsonb').execute();

  await db.schema
    .createTable('checkout_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('iyzico', 'test')`))
    .addColumn('plan_code', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    /** The provider's token for this checkout (iyzico's checkout form token). */
    .addColumn('provider_token', 'text', (c) => c.unique())
    /** iyzico's checkout form snippet, served on our own page. */
    .addColumn('form_content', 'text')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('checkout_sessions_user_idx').on('checkout_sessions').columns(['user_id', 'created_at desc']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('checkout_sessions').ifExists().execute();
  await db.schema.alterTable('credit_transactions').dropColumn('buyer_details').execute();
  await db.schema
    .alterTable('billing_profiles')
    .dropColumn('invoice_kind')
    .dropColumn('invoice_name')
    .dropColumn('tckn')
    .dropColumn('company_title')
    .dropColumn('tax_office')
    .dropColumn('vkn')
    .dropColumn('address')
    .dropColumn('city')
    .dropColumn('invoice_updated_at')
    .execute();
}
