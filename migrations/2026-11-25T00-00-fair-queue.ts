import type { Kysely } from 'kysely';

/**
 * Issue 22 (docs/history.md): the job queue takes sellers in turn. `claimed_at` is when a worker last claimed the
 * row; the claim prefers the seller whose latest claim is oldest, found through the index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('generations').addColumn('claimed_at', 'timestamptz').execute();
  await db.schema.createIndex('generations_user_claimed_idx').on('generations').columns(['user_id', 'claimed_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('generations_user_claimed_idx').execute();
  await db.schema.alterTable('generations').dropColumn('claimed_at').execute();
}
