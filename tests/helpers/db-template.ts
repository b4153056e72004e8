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
    // A test database is a few MB: 16 MB of shared buffers hold it, and each copy starts without zeroing 128.
    await client.exec("alter system set shared_buffers = '16MB'");
    // A checkpoint first, so a copy starts without replaying the migrations' WAL.
    await client.exec('checkpoint');
    return withoutTemplateDatabases(new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await handle.close();
  }
}

const BLOCK = 512;

/**
 * The tarball without the files of template0 and template1 (base/4, base/1; their folders stay): the
 * tests use only the `postgres` database, never create one from them in PGlite, and a copy unpacks
 * a third fewer files. With the smaller shared buffers a copy starts in 0.4 s instead of 0.6–0.7 s (CPU 0.6
 * instead of 1.1 s) on 2 cores. `dumpDataDir` writes plain ustar entries (a 512-byte header, the name at 0,
 * the octal size at 124, the data padded to 512).
 */
function withoutTemplateDatabases(tar: Uint8Array): Uint8Array {
  const ascii = (at: number, length: number) =>
    Buffer.from(tar.subarray(at, at + length))
      .toString('latin1')
      .replace(/\0.*$/s, '');
  const kept: Uint8Array[] = [];
  let at = 0;
  while (at + BLOCK <= tar.length && tar[at] !== 0) {
    const name = ascii(at, 100);
    const size = parseInt(ascii(at + 124, 12).trim() || '0', 8);
    const end = at + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (!/^\/?base\/[14]\/./.test(name)) kept.push(tar.subarray(at, end));
    at = end;
  }
  // Two zero blocks end a tarball.
  return Buffer.concat([...kept, new Uint8Array(2 * BLOCK)]);
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
