import { type Kysely, sql } from 'kysely';

/**
 * Issue 21 (docs/history.md), iyzico renewals:
 * - `payment_subscriptions`: the subscription a checkout started, stored when the buyer returns
 *   from it, with the account and plan of that checkout, and the price of its first credited order.
 *   Renewals are credited to that account only (iyzico reuses one customer per e-mail, so the
 *   customer reference can name another account) and checked against that price, so a later
 *   change of the admin's TL price does not stop renewals already running.
 * - `processed_webhooks.payment_event`: the verified payment of an unmatched event, so it
 *   can be retried by an admin after the cause is fixed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_subscriptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('iyzico')`))
    .addColumn('subscription_ref', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('checkout_session_id', 'uuid', (c) => c.references('checkout_sessions.id').onDelete('set null'))
    .addColumn('plan_code', 'text', (c) => c.notNull())
    // The price of its first credited order; null until then.
    .addColumn('price_cents', 'integer', (c) => c.check(sql`price_cents > 0`))
    .addColumn('currency', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('payment_subscriptions_ref_key', ['provider', 'subscription_ref'])
    .execute();
  await db.schema.createIndex('payment_subscriptions_user_idx').on('payment_subscriptions').column('user_id').execute();
  await db.schema.alterTable('processed_webhooks').addColumn('payment_event', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('processed_webhooks').dropColumn('payment_event').execute();
  await db.schema.dropTable('payment_subscriptions').ifExists().execute();
}
