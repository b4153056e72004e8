import type { Kysely } from 'kysely';

/**
 * The cut-out gate keeps every reason a mask was not trusted (not only the first), and the mask it
 * judged, so the editor can show an untrusted mask as an overlay without it ever being used as a
 * cut-out (`storage_key` stays null for those).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('cutouts')
    .addColumn('reasons', 'jsonb', (c) => c.notNull().defaultTo('[]'))
    .addColumn('mask_key', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cutouts').dropColumn('reasons').dropColumn('mask_key').execute();
}
