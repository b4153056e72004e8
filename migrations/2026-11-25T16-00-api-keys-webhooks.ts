import { type Kysely, sql } from 'kysely';

/**
 * The seller API: keys (only SHA-256 of each kept), one webhook endpoint per seller, its deliveries
 * (an outbox claimed like e-mail) with every attempt logged, and which key started a generation.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'bytea', (c) => c.notNull().unique())
    .addColumn('request_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_by_admin', 'uuid', (c) => c.references('admin_users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('api_keys_user_idx').on('api_keys').columns(['user_id', 'created_at']).execute();

  await db.schema
    .alterTable('generations')
    .addColumn('api_key_id', 'uuid', (c) => c.references('api_keys.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('generations_api_key_idx').on('generations').column('api_key_id').execute();

  await db.schema
    .createTable('api_webhooks')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    // Kept as is: signing needs the secret itself, not a hash of it.
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('api_webhook_deliveries')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('generation_id', 'uuid', (c) => c.references('generations.id').onDelete('set null'))
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('queued')
        .check(sql`status in ('queued', 'sending', 'delivered', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('api_webhook_deliveries_queue_idx').on('api_webhook_deliveries').columns(['status', 'run_after']).execute();
  await db.schema.createIndex('api_webhook_deliveries_user_idx').on('api_webhook_deliveries').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('api_webhook_attempts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('delivery_id', 'uuid', (c) => c.notNull().references('api_webhook_deliveries.id').onDelete('cascade'))
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('api_webhook_attempts_delivery_idx')
    .on('api_webhook_attempts')
    .columns(['delivery_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_webhook_attempts').ifExists().execute();
  await db.schema.dropTable('api_webhook_deliveries').ifExists().execute();
  await db.schema.dropTable('api_webhooks').ifExists().execute();
  await db.schema.alterTable('generations').dropColumn('api_key_id').execute();
  await db.schema.dropTable('api_keys').ifExists().execute();
}
