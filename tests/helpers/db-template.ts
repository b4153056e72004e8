import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, pgliteHandle } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrator';

/**
 * The migrated template every test database is copied from, built once per `vitest` run by
 * tests/helpers/global-setup.ts (never committed: a migration added later is in the next run's
 * template) and handed to the test files through vitest's `provide`/`inject`.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a file holding the migrated data directory as an uncompressed tarball (`dumpDataDir`). */
    pgliteTemplate?: string;
    /** PostgreSQL (TEST_DATABASE_URL): the migrated template database's name. */
    pgTemplate?: string;
  }
}

/** A new in-memory PGlite, migrated, as the tarball `new PGlite({ loadDataDir })` starts from. */
export async function pgliteTemplateTarball(): Promise<Uint8Array> {
  const client = new PGlite();
  const handle = await pgliteHandle(client);
  try {
    await migrateToLatest(handle.db);
    // A checkpoint first, so a copy starts without replaying the migrations' WAL.
    await client.exec('checkpoint');
    return new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
  } finally {
    await handle.close();
  }
}

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `sql` on the server's own database (TEST_DATABASE_URL) over a short-lived connection. */
export async function adminQuery(serverUrl: string, text: string, values: unknown[] = []) {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    return await c.query(text, values);
  } finally {
    await c.end();
  }
}

/** A new migrated database on the PostgreSQL server; returns its name. The caller drops it. */
export async function createPgTemplate(serverUrl: string): Promise<string> {
  const name = `vitrin_tmpl_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name), poolSize: 1 });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
  return name;
}

/** Drops database `name`, ending any connection still open to it. */
export async function dropPgDatabase(serverUrl: string, name: string): Promise<void> {
  await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
}
