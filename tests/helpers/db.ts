import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, pgliteHandle, type DbHandle } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrator';
import { adminQuery, databaseUrl, pgliteTemplateTarball } from './db-template';

/** This process's copy of the template tarball (read once; one per worker). */
let tarball: Promise<Uint8Array> | undefined;

function pgliteTemplate(): Promise<Uint8Array> {
  const file = inject('pgliteTemplate');
  // Without the global setup (another config), this process migrates its own template once.
  tarball ??= file ? readFile(file).then((b) => new Uint8Array(b)) : pgliteTemplateTarball();
  return tarball;
}

/** `create database … template` refuses while another session is copying or using the template. */
async function createFromTemplate(serverUrl: string, name: string, template: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(serverUrl, `create database ${name} template ${template}`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 40) throw err;
      await new Promise((resolve) => setTimeout(resolve, 25 + Math.random() * 50));
    }
  }
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * database on the server named by TEST_DATABASE_URL (dropped again by `close`). Both are copies
 * of the template tests/helpers/global-setup.ts migrated once for the run; `migrateToLatest`
 * runs again on the copy (a no-op unless a migration was added since, e.g. in watch mode).
 * `migrate: false` gives an empty database instead (no template, no migrations).
 */
export async function freshDatabase(opts: { poolSize?: number; migrate?: boolean } = {}): Promise<DbHandle & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle =
      opts.migrate === false
        ? await openDatabase({ pgliteDir: 'memory://' })
        : await pgliteHandle(new PGlite({ loadDataDir: new Blob([await pgliteTemplate()]) }));
    if (opts.migrate !== false) await migrateToLatest(handle.db);
    return handle;
  }
  const name = `vitrin_test_${randomBytes(6).toString('hex')}`;
  const template = opts.migrate === false ? undefined : inject('pgTemplate');
  if (template) await createFromTemplate(serverUrl, name, template);
  else await adminQuery(serverUrl, `create database ${name}`);
  const url = databaseUrl(serverUrl, name);
  const handle = await openDatabase({ databaseUrl: url, poolSize: opts.poolSize ?? 10 });
  if (opts.migrate !== false) await migrateToLatest(handle.db);
  return {
    ...handle,
    /** The test database's own URL, so a second process-like handle can open it. */
    url,
    close: async () => {
      await handle.close();
      // pool.end() resolves before its sockets are fully closed; killing a closing connection
      // (drop ... with force) makes pg raise an unhandled 57P01. Let them go first (≤ 2 s).
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
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
