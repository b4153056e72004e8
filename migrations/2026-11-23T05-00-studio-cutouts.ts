import { type Kysely, sql } from 'kysely';

/**
 * Issue 11 (docs/history.md): product cut-outs. Every `studio.cutout` run (automatic or guided)
 * is a row; the latest one of an upload is what its next generation uses, and
 * the generation records which one it used (`generations.cutout_id`). A row
 * without a file is an honest fall-back: `note_code` says why.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cutouts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('upload_id', 'uuid', (c) => c.notNull().references('uploads.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('storage_key', 'text', (c) => c.unique())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('note_code', 'text', (c) => c.check(sql`note_code in ('fills_frame', 'no_subject', 'uncertain')`))
    .addColumn('guided', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('confidence', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('coverage', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('cutouts_file_or_note', sql`(storage_key is null) <> (note_code is null)`)
    .execute();
  await db.schema.createIndex('cutouts_upload_idx').on('cutouts').columns(['upload_id', 'created_at desc']).execute();
  await db.schema
    .alterTable('generations')
    .addColumn('cutout_id', 'uuid', (c) => c.references('cutouts.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('generations').dropColumn('cutout_id').execute();
  await db.schema.dropTable('cutouts').ifExists().execute();
}
