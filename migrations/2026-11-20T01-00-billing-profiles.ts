import { type Kysely, sql } from 'kysely';

/**
 * Payments: which provider customer belongs to which user (so renewals match without an
 * e-mail guess) and the card the provider reported, for the billing page.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('billing_profiles')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('stripe', 'lemonsqueezy')`))
    .addColumn('customer_id', 'text')
    .addColumn('card_brand', 'text')
    .addColumn('card_last4', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('billing_profiles_customer_uq')
    .on('billing_profiles')
    .columns(['provider', 'customer_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('billing_profiles').ifExists().execute();
}
