import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { openDatabase, type DbHandle } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrator';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * database on the server named by TEST_DATABASE_URL (dropped again by `close`); `migrate: false`
 * leaves it empty.
 */
export async function freshDatabase(opts: { poolSize?: number; migrate?: boolean } = {}): Promise<DbHandle & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ pgliteDir: 'memory://' });
    if (opts.migrate !== false) await migrateToLatest(handle.db);
    return handle;
  }
  const name = `vitrin_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: opts.poolSize ?? 10 });
  if (opts.migrate !== false) await migrateToLatest(handle.db);
  return {
    ...handle,
    /** The test database's own URL, so a second process-like handle can open it. */
    url: url.toString(),
    close: async () => {
      await handle.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      // pool.end() resolves before its sockets are fully closed; killing a closing connection
      // (drop ... with force) makes pg raise an unhandled 57P01. Let them go first (≤ 2 s).
      for (let i = 0; i < 40; i++) {
        const r = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (r.rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
