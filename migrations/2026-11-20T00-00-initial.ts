import { type Kysely, sql } from 'kysely';

/**
 * Initial schema: every entity of docs/product.md §3 plus what DECISIONS.md adds.
 * Frozen once landed: change the schema with a new migration file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  const id = (t: any) => t.primaryKey().defaultTo(sql`gen_random_uuid()`);

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', id)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('credits_balance', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`credits_balance >= 0`),
    )
    .addColumn('credits_expire_at', 'timestamptz')
    .addColumn('plan_code', 'text')
    .addColumn('is_disabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('last_sign_in_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('users_email_lower', sql`email = lower(email)`)
    .execute();
  await db.schema.createIndex('users_created_idx').on('users').columns(['created_at desc']).execute();

  await db.schema
    .createTable('profiles')
    .addColumn('id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text')
    .addColumn('phone', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('profiles_updated_idx').on('profiles').columns(['updated_at desc']).execute();

  await db.schema
    .createTable('user_preferences')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('admin_users')
    .addColumn('id', 'uuid', id)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('last_login', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  // Sessions the Lucia-guide way: token = `${id}.${secret}`, only SHA-256(secret) is stored.
  for (const [table, owner, ownerTable] of [
    ['sessions', 'user_id', 'users'],
    ['admin_sessions', 'admin_id', 'admin_users'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('secret_hash', 'bytea', (c) => c.notNull())
      .addColumn(owner, 'uuid', (c) => c.notNull().references(`${ownerTable}.id`).onDelete('cascade'))
      .addColumn('remember', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .execute();
    await db.schema.createIndex(`${table}_owner_idx`).on(table).column(owner).execute();
    await db.schema.createIndex(`${table}_expires_idx`).on(table).column('expires_at').execute();
  }

  // Shared limiter state so every server process counts the same attempts (docs/decisions.md D15, docs/security.md property 13).
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'uuid', id)
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('uploads_user_idx').on('uploads').columns(['user_id', 'created_at desc']).execute();

  await db.schema
    .createTable('generations')
    .addColumn('id', 'uuid', id)
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('upload_id', 'uuid', (c) => c.references('uploads.id').onDelete('set null'))
    .addColumn('job_id', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('image', 'video')`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('queued')
        .check(sql`status in ('queued', 'processing', 'completed', 'failed')`),
    )
    .addColumn('credits_used', 'integer', (c) => c.notNull().check(sql`credits_used >= 0`))
    .addColumn('parameters', 'jsonb', (c) => c.notNull())
    .addColumn('outputs', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('error_message', 'text')
    .addColumn('progress', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`progress between 0 and 100`),
    )
    // Queue fields: claim with FOR UPDATE SKIP LOCKED, lease renewed while working.
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'timestamptz')
    .addColumn('provider', 'text')
    .addColumn('provider_request_id', 'text')
    .addColumn('refunded_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('generations_user_idx').on('generations').columns(['user_id', 'created_at desc']).execute();
  await db.schema.createIndex('generations_queue_idx').on('generations').columns(['status', 'run_after']).execute();
  await db.schema.createIndex('generations_created_idx').on('generations').columns(['created_at desc']).execute();

  await db.schema
    .createTable('credit_transactions')
    .addColumn('id', 'uuid', id)
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('wallet_id', 'uuid')
    .addColumn('user_email', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('purchase', 'usage', 'refund', 'expire', 'bonus')`))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('generation_id', 'uuid', (c) => c.references('generations.id').onDelete('set null'))
    .addColumn('plan_code', 'text')
    .addColumn('amount_paid_cents', 'integer')
    .addColumn('currency', 'text')
    .addColumn('provider', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('credit_tx_user_idx').on('credit_transactions').columns(['user_id', 'created_at desc']).execute();
  await db.schema.createIndex('credit_tx_type_idx').on('credit_transactions').columns(['type', 'created_at']).execute();

  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'uuid', id)
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('ref', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // One ledger row per (reason, ref): a replayed webhook or a second refund cannot write twice.
  await db.schema.createIndex('credit_ledger_reason_ref_uq').on('credit_ledger').columns(['reason', 'ref']).unique().execute();
  await db.schema.createIndex('credit_ledger_user_idx').on('credit_ledger').columns(['user_id', 'created_at desc']).execute();
  await db.schema.createIndex('credit_ledger_created_idx').on('credit_ledger').columns(['created_at desc']).execute();

  await db.schema
    .createTable('processed_webhooks')
    .addColumn('id', 'uuid', id)
    .addColumn('event_key', 'text', (c) => c.notNull().unique())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('matched', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('summary', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('processed_webhooks_created_idx').on('processed_webhooks').columns(['created_at desc']).execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'uuid', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('company', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('read_at', 'timestamptz')
    .addColumn('read_by', 'uuid', (c) => c.references('admin_users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('contact_messages_created_idx').on('contact_messages').columns(['created_at desc']).execute();

  await db.schema
    .createTable('site_content')
    .addColumn('id', 'uuid', id)
    .addColumn('section', 'text', (c) =>
      c.notNull().check(sql`section in ('hero', 'portfolio', 'testimonials', 'features', 'stats', 'cta')`),
    )
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('updated_by', 'uuid', (c) => c.references('admin_users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('site_content_section_key_uq', ['section', 'key'])
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('id', 'uuid', id)
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'uuid', (c) => c.references('admin_users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  const displayCols = (t: any) =>
    t
      .addColumn('display_order', 'integer', (c: any) => c.notNull().defaultTo(0))
      .addColumn('is_active', 'boolean', (c: any) => c.notNull().defaultTo(true))
      .addColumn('created_at', 'timestamptz', (c: any) => c.notNull().defaultTo(now))
      .addColumn('updated_at', 'timestamptz', (c: any) => c.notNull().defaultTo(now));

  await displayCols(
    db.schema
      .createTable('portfolio_items')
      .addColumn('id', 'uuid', id)
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('category', 'text', (c) =>
        c.notNull().check(sql`category in ('Mobilya', 'Takı', 'Aksesuar', 'Tekstil', 'Elektronik', 'Diğer')`),
      )
      .addColumn('before_image_url', 'text', (c) => c.notNull())
      .addColumn('after_image_url', 'text', (c) => c.notNull()),
  ).execute();

  await displayCols(
    db.schema
      .createTable('testimonials')
      .addColumn('id', 'uuid', id)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('company', 'text')
      .addColumn('image_url', 'text')
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('rating', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(5)
          .check(sql`rating between 1 and 5`),
      ),
  ).execute();

  const icons = sql`('Camera', 'Users', 'Video', 'TrendingUp', 'Zap', 'Shield', 'Clock', 'Sparkles')`;
  const colors = sql`('text-blue-600', 'text-green-600', 'text-purple-600', 'text-orange-600')`;
  await displayCols(
    db.schema
      .createTable('site_stats')
      .addColumn('id', 'uuid', id)
      .addColumn('number', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('icon', 'text', (c) => c.notNull().check(sql`icon in ${icons}`))
      .addColumn('icon_color', 'text', (c) => c.notNull().check(sql`icon_color in ${colors}`)),
  ).execute();
  await displayCols(
    db.schema
      .createTable('features')
      .addColumn('id', 'uuid', id)
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('icon', 'text', (c) => c.notNull().check(sql`icon in ${icons}`))
      .addColumn('icon_color', 'text', (c) => c.notNull().check(sql`icon_color in ${colors}`)),
  ).execute();
  for (const t of ['portfolio_items', 'testimonials', 'site_stats', 'features']) {
    await db.schema.createIndex(`${t}_order_idx`).on(t).columns(['is_active', 'display_order']).execute();
  }

  await db.schema
    .createTable('admin_logs')
    .addColumn('id', 'uuid', id)
    .addColumn('admin_id', 'uuid', (c) => c.references('admin_users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('old_values', 'jsonb')
    .addColumn('new_values', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('admin_logs_created_idx').on('admin_logs').columns(['created_at desc']).execute();

  // E-mail without SMTP configured is written here and to the log (docs/architecture.md: e-mail).
  await db.schema
    .createTable('email_outbox')
    .addColumn('id', 'uuid', id)
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'email_outbox',
    'admin_logs',
    'features',
    'site_stats',
    'testimonials',
    'portfolio_items',
    'settings',
    'site_content',
    'contact_messages',
    'processed_webhooks',
    'credit_ledger',
    'credit_transactions',
    'generations',
    'uploads',
    'rate_limits',
    'admin_sessions',
    'sessions',
    'admin_users',
    'user_preferences',
    'profiles',
    'users',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
