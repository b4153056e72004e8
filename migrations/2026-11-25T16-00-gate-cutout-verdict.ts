import { sql, type Kysely } from 'kysely';

/**
 * The cut-out gate keeps every reason a mask was not trusted (not only the first), and the mask it
 * judged, so the editor can show an untrusted mask as an overlay without it ever being used as a
 * cut-out (`storage_key` stays null for those). `note_code`, the reason that matters most, may now be
 * any of the gate's reasons.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('cutouts')
    .addColumn('reasons', 'jsonb', (c) => c.notNull().defaultTo('[]'))
    .addColumn('mask_key', 'text')
    .execute();
  await sql`alter table cutouts drop constraint cutouts_note_code_check`.execute(db);
  await sql`alter table cutouts add constraint cutouts_note_code_check check (note_code in ('fills_frame', 'no_subject', 'runs_disagree', 'hole', 'straight_cut', 'small_for_box', 'weak_edges', 'uncertain'))`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table cutouts drop constraint cutouts_note_code_check`.execute(db);
  await sql`alter table cutouts add constraint cutouts_note_code_check check (note_code in ('fills_frame', 'no_subject', 'uncertain'))`.execute(
    db,
  );
  await db.schema.alterTable('cutouts').dropColumn('reasons').dropColumn('mask_key').execute();
}
