import { Kysely, PostgresDialect } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './types';
import { PGliteDialect } from './pglite-driver';
import { markingClientErrors } from './client-errors';
import { lockDataDir } from './data-dir-lock';
import { databaseOutage } from '../lib/outage';

export type Db = Kysely<Database>;

export type DbHandle = {
  db: Db;
  kind: 'pglite' | 'pg';
  /** Present on `pg`: a pool the event bus can take a LISTEN connection from. */
  pool?: pg.Pool;
  /** Present on `pg`: the connection string, for the LISTEN connection. */
  url?: string;
  /** Present on PGlite: LISTEN on the embedded database (its triggers NOTIFY cache changes). */
  listen?: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

// Through `pg`, Postgres int8 (count, sum of integers) and numeric arrive as strings; our counts fit a
// JS number. These parsers are pg's only: PGlite parses int8 to a number by itself (numeric would stay
// a string there; no query selects one).
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/**
 * `DATABASE_URL` set → real Postgres through a pool; otherwise embedded PGlite
 * in `dataDir` (or in memory when dataDir is 'memory://'), locked for this process alone
 * (`<dir>.lock`; a second process gets `StartupError`).
 */
export async function openDatabase(opts: { databaseUrl?: string; pgliteDir?: string; poolSize?: number }): Promise<DbHandle> {
  if (opts.databaseUrl) {
    // While the database is unreachable, a request waits at most 5 s for a connection, then
    // fails with a "service unavailable" answer instead of hanging.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10, connectionTimeoutMillis: 5_000 });
    // A connection dropped by the server (restart, failover, pg_terminate_backend) must not crash
    // the process. The pool listens on idle clients only; a client checked out inside a
    // transaction gets its own listener here, and the pool discards it when it is released.
    // Either is one line for the whole outage (lib/outage.ts), not one per connection.
    pool.on('error', (err) => databaseOutage.failed(err, 'pool'));
    pool.on('connect', (client) => {
      client.on('error', (err) => databaseOutage.failed(err, 'pool'));
    });
    const db = new Kysely<Database>({ dialect: markingClientErrors(new PostgresDialect({ pool })) });
    return { db, kind: 'pg', pool, url: opts.databaseUrl, close: () => db.destroy() };
  }
  const onDisk = opts.pgliteDir && opts.pgliteDir !== 'memory://' ? opts.pgliteDir : undefined;
  // The embedded database belongs to one process: a second one on the same files corrupts them.
  const unlock = onDisk ? lockDataDir(onDisk) : () => {};
  try {
    return await pgliteHandle(onDisk ? new PGlite(onDisk) : new PGlite(), unlock);
  } catch (err) {
    unlock();
    throw err;
  }
}

/** The handle over an embedded PGlite (the tests pass one started from a migrated template's tarball); `unlock` runs at close. */
export async function pgliteHandle(client: PGlite, unlock: () => void = () => {}): Promise<DbHandle> {
  await client.waitReady;
  const db = new Kysely<Database>({ dialect: markingClientErrors(new PGliteDialect(client)) });
  const listen = async (channel: string, onPayload: (payload: string) => void) => {
    const unlisten = await client.listen(channel, onPayload);
    return () => unlisten();
  };
  const close = async () => {
    try {
      await db.destroy();
    } finally {
      unlock();
    }
  };
  return { db, kind: 'pglite', listen, close };
}
