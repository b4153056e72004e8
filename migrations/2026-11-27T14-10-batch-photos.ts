import { sql, type Kysely } from 'kysely';

/**
 * A batch keeps its photos (issue 37 item 6): the prompt once, and every photo given with its place,
 * file name and state, also the ones that did not start (waiting for the framed consent, refused), so
 * `/app/batch/:id` shows all of them after a reload. `generation_id` points at the photo's latest run
 * (a fixed photo can be run again; the batch's zips hold that run).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('batches')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('category', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('batches_user_idx').on('batches').column('user_id').execute();
  await db.schema
    .createTable('batch_photos')
    .addColumn('batch_id', 'uuid', (c) => c.notNull().references('batches.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('upload_id', 'uuid', (c) => c.references('uploads.id').onDelete('set null'))
    .addColumn('file_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('generation_id', 'uuid', (c) => c.references('generations.id').onDelete('set null'))
    .addColumn('needs_consent', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('error', 'text')
    .addPrimaryKeyConstraint('batch_photos_pk', ['batch_id', 'position'])
    .execute();
  await db.schema.createIndex('batch_photos_upload_idx').on('batch_photos').column('upload_id').execute();
  await db.schema.createIndex('batch_photos_generation_idx').on('batch_photos').column('generation_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('batch_photos').ifExists().execute();
  await db.schema.dropTable('batches').ifExists().execute();
}
