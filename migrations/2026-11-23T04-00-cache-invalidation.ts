import { type Kysely, sql } from 'kysely';

/**
 * Public reads (settings, landing content) are served from memory in every server process.
 * Any write to their tables, from any process or by hand, NOTIFYs the event channel when it
 * commits, so every process drops its copy (services/read-cache.ts). One statement-level trigger
 * per table; the cache's name is the trigger's argument.
 */
const WATCHED: Array<[table: string, cache: string]> = [
  ['settings', 'settings'],
  ['site_content', 'landing'],
  ['site_stats', 'landing'],
  ['features', 'landing'],
  ['testimonials', 'landing'],
  ['portfolio_items', 'landing'],
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function vitrin_cache_invalidated() returns trigger language plpgsql as $$
    begin
      perform pg_notify('vitrin_events', json_build_object('type', 'cache.invalidated', 'name', TG_ARGV[0])::text);
      return null;
    end $$`.execute(db);
  for (const [table, cache] of WATCHED) {
    await sql`
      create trigger ${sql.raw(`${table}_cache_invalidated`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function vitrin_cache_invalidated(${sql.lit(cache)})`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table] of WATCHED)
    await sql`drop trigger if exists ${sql.raw(`${table}_cache_invalidated`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function if exists vitrin_cache_invalidated()`.execute(db);
}
