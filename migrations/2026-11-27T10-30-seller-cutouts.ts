import type { Kysely } from 'kysely';

/**
 * Issue 37: the seller decides the cut-out.
 * - `cutouts.seller_accepted`: the seller edited this mask in the editor and accepted it; the gate's
 *   findings on it are only warnings (`reasons`), its PNG is what runs use.
 * - `cutouts.edit_key`: the editor's edits that made it (the session's opening cut-out, the box and the
 *   strokes, hashed): accepting the same edits again returns this cut-out instead of making another.
 * - `generations.cutout_id` (kept since 2026-11-23) is now set when a run is accepted, never later:
 *   an index serves "which runs used this cut-out".
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('cutouts')
    .addColumn('seller_accepted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('edit_key', 'text')
    .execute();
  await db.schema.createIndex('cutouts_upload_edit_key_idx').on('cutouts').columns(['upload_id', 'edit_key']).execute();
  await db.schema.createIndex('generations_cutout_id_idx').on('generations').column('cutout_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('generations_cutout_id_idx').execute();
  await db.schema.dropIndex('cutouts_upload_edit_key_idx').execute();
  await db.schema.alterTable('cutouts').dropColumn('seller_accepted').dropColumn('edit_key').execute();
}
