import { Migrator, type MigrationProvider } from 'kysely';
import { migrations } from '../../migrations';
import type { Db } from './index';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws if any migration fails. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Migrations this code has that the database has not run (a deploy half done, or a database behind). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const all = await new Migrator({ db, provider }).getMigrations();
  return all.filter((m) => !m.executedAt).map((m) => m.name);
}
