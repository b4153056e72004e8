import { sql, type Kysely } from 'kysely';

/**
 * Brings every database to the current `cutouts_note_code_check`: the gate migration
 * (2026-11-25T16-00-gate-cutout-verdict) was edited after it first landed to accept every reason
 * the gate gives, and a database made by its first version kept the three-reason check (a refused
 * photo then failed with 500). Dropping the check if present and adding the current one is the
 * same on both kinds of database, so this runs safely on either. The four other migrations edited
 * after landing changed in formatting and comments only: nothing of theirs to bring.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table cutouts drop constraint if exists cutouts_note_code_check`.execute(db);
  await sql`alter table cutouts add constraint cutouts_note_code_check check (note_code in ('fills_frame', 'no_subject', 'runs_disagree', 'hole', 'straight_cut', 'small_for_box', 'weak_edges', 'uncertain'))`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  // Nothing to undo: the check is the one 2026-11-25T16-00-gate-cutout-verdict gives today.
}
