import type { DbHandle } from './index';

/**
 * A session advisory lock's key (a pair, so it does not share a space with the single-key and
 * pair locks taken elsewhere: payments, the job claim [22, 1]).
 */
const STARTUP_LOCK = [22, 2];

/**
 * Runs `work` (migrate, then seed) while holding a PostgreSQL advisory lock, so that processes
 * starting together on one database take turns: the second sees the first's migrations and seed
 * and adds nothing twice. The lock is held on a connection of its own, outside `work`'s queries,
 * and goes with that connection if the process dies. The embedded database has one process
 * (db/data-dir-lock.ts): there, servers sharing its handle in that process take turns.
 */
export async function underStartupLock<T>(handle: DbHandle, work: () => Promise<T>): Promise<T> {
  if (!handle.pool) return inTurn(handle, work);
  const client = await handle.pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1, $2)', STARTUP_LOCK);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1, $2)', STARTUP_LOCK).catch((err: Error) => (broken = err));
    }
  } finally {
    // A connection whose unlock failed is closed, which frees the lock.
    client.release(broken);
  }
}

const turns = new WeakMap<DbHandle['db'], Promise<unknown>>();

/** `work` after every earlier call on the same database in this process has finished. */
function inTurn<T>(handle: DbHandle, work: () => Promise<T>): Promise<T> {
  const before = turns.get(handle.db) ?? Promise.resolve();
  const mine = before.catch(() => {}).then(work);
  turns.set(handle.db, mine);
  return mine;
}
