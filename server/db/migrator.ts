import { Migrator, type MigrationProvider } from 'kysely';
import { migrations } from '../../migrations';
import type { Db } from './index';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** A migrator over this code's migrations (the migration tests step it down and up by name). */
export function migratorFor(db: Db): Migrator {
  return new Migrator({ db, provider });
}

/** Brings the schema up to date; throws if any migration fails. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const { error, results } = await migratorFor(db).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Migrations this code has that the database has not run (a deploy half done, or a database behind). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const all = await migratorFor(db).getMigrations();
  return all.filter((m) => !m.executedAt).map((m) => m.name);
}
