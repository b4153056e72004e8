import { expect, inject, test } from 'vitest';
import { sql } from 'kysely';
import { freshDatabase } from '../helpers/db';
import { migrations } from '../../migrations';

// Every test file's database is a copy of one template migrated once per run (tests/helpers/global-setup.ts).

test('each fresh database is a full, separate copy of the migrated template', async () => {
  expect(inject(process.env.TEST_DATABASE_URL ? 'pgTemplate' : 'pgliteTemplate')).toBeTruthy();
  const a = await freshDatabase();
  const b = await freshDatabase();
  try {
    for (const h of [a, b]) {
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(h.db);
      expect(rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
    }
    await a.db.insertInto('users').values({ email: 'only-in-a@example.com', password_hash: 'x' }).execute();
    const inB = await b.db.selectFrom('users').select('id').where('email', '=', 'only-in-a@example.com').execute();
    expect(inB).toEqual([]);
    if (a.url) {
      expect(a.url).not.toBe(b.url);
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(a.db);
      expect(rows[0]!.name).not.toBe(inject('pgTemplate'));
    }
  } finally {
    await a.close();
    await b.close();
  }
});
