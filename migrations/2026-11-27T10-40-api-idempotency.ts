import { sql, type Kysely } from 'kysely';

/**
 * The seller API's Idempotency-Key (issue 34 item 3): per seller and key, the request's hash and,
 * once it succeeded, the answer to give again. Rows older than 24 hours no longer count.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_idempotency_keys')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('body', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('api_idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('api_idempotency_keys_created_idx').on('api_idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_idempotency_keys').ifExists().execute();
}
