import { sql, type Kysely } from 'kysely';

/**
 * The seller API's test mode and fast acceptance (issue 34 items 4 and 9).
 *
 * - `api_keys.livemode`: a `vk_test_…` key is false; its runs take no credits and are kept apart.
 * - `generations.livemode`: false for a run started with a test key (no credit taken, outputs small
 *   and marked "TEST"); the web history and the live key's lists leave it out.
 * - `generations.consent_required`: an API run accepted before its cut-out was judged, without
 *   `allowFramed`: the worker judges the cut-out and, when it is not trusted, ends the run as
 *   `needs_consent` (`failure_code`) with its credits refunded in the same transaction.
 * - `generations.failure_code`: why a failed run failed, when the API reports it as its own state
 *   (`needs_consent`); null for an ordinary failure.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('api_keys')
    .addColumn('livemode', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .alterTable('generations')
    .addColumn('livemode', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .alterTable('generations')
    .addColumn('consent_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('generations')
    .addColumn('failure_code', 'text', (c) => c.check(sql`failure_code in ('needs_consent')`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('generations').dropColumn('failure_code').execute();
  await db.schema.alterTable('generations').dropColumn('consent_required').execute();
  await db.schema.alterTable('generations').dropColumn('livemode').execute();
  await db.schema.alterTable('api_keys').dropColumn('livemode').execute();
}
