import { afterAll, beforeAll } from 'vitest';
import type { Kysely, Migrator } from 'kysely';
import { migratorFor } from '../../server/db/migrator';
import type { DbHandle } from '../../server/db';
import { freshDatabase } from './db';

/**
 * A migration's own test file: a fresh database opened before its tests and closed after them, its
 * migrator, and `old`, the same database untyped, for the tables as they were before the migration under
 * test (today's types would not fit them).
 */
export function migrationDatabase() {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables as they were, not as typed today
  const t = {} as { h: DbHandle; migrator: Migrator; old: Kysely<any> };
  beforeAll(async () => {
    t.h = await freshDatabase();
    t.migrator = migratorFor(t.h.db);
    t.old = t.h.db as never;
  });
  afterAll(() => t.h.close());
  return t;
}
