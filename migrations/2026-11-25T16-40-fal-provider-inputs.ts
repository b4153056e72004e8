import type { Kysely } from 'kysely';

/**
 * The input files a provider holds for a run (fal's storage URLs of the photo and the cut-out),
 * so a retried or resumed run sends the same URLs instead of uploading the photo again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('generations').addColumn('provider_inputs', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('generations').dropColumn('provider_inputs').execute();
}
