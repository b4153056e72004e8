import { type Kysely, sql } from 'kysely';

/**
 * Issue 13 (docs/history.md): e-mail delivery through an outbox queue, single-use account tokens (password reset,
 * address verification, address change), verified addresses, deletion requests, data exports,
 * and a `legal` section for the admin-editable legal pages.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;

  // The outbox becomes a queue (claimed FOR UPDATE SKIP LOCKED under a lease, like generations).
  await db.schema
    .alterTable('email_outbox')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('generic'))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('html', 'text')
    .addColumn('attachments', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('dedupe_key', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('queued')
        .check(sql`status in ('queued', 'sending', 'sent', 'failed')`),
    )
    .addColumn('transport', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('message_id', 'text')
    .execute();
  // Rows written before this migration were only ever logged: never send them now.
  await sql`update email_outbox set status = 'sent', transport = 'log', sent_at = coalesce(sent_at, created_at)`.execute(db);
  await db.schema.createIndex('email_outbox_dedupe_uq').on('email_outbox').column('dedupe_key').unique().execute();
  await db.schema.createIndex('email_outbox_queue_idx').on('email_outbox').columns(['status', 'run_after']).execute();
  await db.schema.createIndex('email_outbox_created_idx').on('email_outbox').columns(['created_at desc']).execute();
  await db.schema.createIndex('email_outbox_user_idx').on('email_outbox').column('user_id').execute();

  await db.schema.alterTable('users').addColumn('email_verified_at', 'timestamptz').addColumn('deleted_at', 'timestamptz').execute();

  // Only SHA-256 of each token is kept; a token is bound to its user and to one address.
  await db.schema
    .createTable('account_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) =>
      c.notNull().check(sql`purpose in ('password_reset', 'email_verify', 'email_change', 'unsubscribe')`),
    )
    .addColumn('token_hash', 'bytea', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('account_tokens_user_idx').on('account_tokens').columns(['user_id', 'purpose']).execute();

  await db.schema
    .createTable('deletion_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'completed', 'rejected')`),
    )
    .addColumn('processed_by', 'uuid', (c) => c.references('admin_users.id').onDelete('set null'))
    .addColumn('processed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // At most one open request per account.
  await sql`create unique index deletion_requests_pending_uq on deletion_requests (user_id) where status = 'pending'`.execute(db);
  await db.schema.createIndex('deletion_requests_created_idx').on('deletion_requests').columns(['created_at desc']).execute();

  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('queued')
        .check(sql`status in ('queued', 'processing', 'ready', 'failed', 'expired')`),
    )
    .addColumn('storage_key', 'text')
    .addColumn('size_bytes', 'integer')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('data_exports_user_idx').on('data_exports').columns(['user_id', 'created_at desc']).execute();
  await db.schema.createIndex('data_exports_queue_idx').on('data_exports').columns(['status', 'run_after']).execute();

  // Legal page texts live in site_content under their own section.
  await sql`alter table site_content drop constraint if exists site_content_section_check`.execute(db);
  await sql`alter table site_content add constraint site_content_section_check
    check (section in ('hero', 'portfolio', 'testimonials', 'features', 'stats', 'cta', 'legal'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from site_content where section = 'legal'`.execute(db);
  await sql`alter table site_content drop constraint if exists site_content_section_check`.execute(db);
  await sql`alter table site_content add constraint site_content_section_check
    check (section in ('hero', 'portfolio', 'testimonials', 'features', 'stats', 'cta'))`.execute(db);
  await db.schema.dropTable('data_exports').ifExists().execute();
  await db.schema.dropTable('deletion_requests').ifExists().execute();
  await db.schema.dropTable('account_tokens').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').dropColumn('deleted_at').execute();
  for (const col of [
    'kind',
    'user_id',
    'html',
    'attachments',
    'dedupe_key',
    'status',
    'transport',
    'attempts',
    'run_after',
    'lease_owner',
    'lease_expires_at',
    'last_error',
    'message_id',
  ]) {
    await db.schema.alterTable('email_outbox').dropColumn(col).execute();
  }
}
