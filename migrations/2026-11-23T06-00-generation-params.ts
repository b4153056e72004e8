import { type Kysely, sql } from 'kysely';

/**
 * Issue 15 (docs/history.md): one shape for a generation's parameters. The row stores the names the create
 * form, the zod inputs and the provider input use (`aspectRatio`, `numImages`,
 * `outputFormat`), so nothing maps them back and forth; older rows are renamed here.
 * `generations.job_id` goes: it was written and never read (the generation row is its job,
 * known by its id).
 */
const RENAMES: Array<[string, string]> = [
  ['aspect_ratio', 'aspectRatio'],
  ['num_images', 'numImages'],
  ['output_format', 'outputFormat'],
];

async function renameKeys(db: Kysely<any>, pairs: Array<[string, string]>): Promise<void> {
  for (const [from, to] of pairs) {
    await sql`
      update generations
      set parameters = (parameters - ${from}::text) || jsonb_build_object(${to}::text, parameters -> ${from}::text)
      where parameters ? ${from}::text
    `.execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await renameKeys(db, RENAMES);
  await db.schema.alterTable('generations').dropColumn('job_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('generations')
    .addColumn('job_id', 'text', (c) =>
      c
        .notNull()
        .unique()
        .defaultTo(sql`'job_' || gen_random_uuid()`),
    )
    .execute();
  await renameKeys(
    db,
    RENAMES.map(([from, to]) => [to, from]),
  );
}
