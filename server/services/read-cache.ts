import type { Db } from '../db';
import type { EventBus } from '../events/bus';

/**
 * In-memory copies of the busiest public reads (settings, landing content), one per database
 * handle. They change only when an admin edits them, so:
 * - the writer drops this process's copy at once (`invalidateRead`);
 * - a database trigger NOTIFYs every process on commit, and `watchReadCaches` drops theirs
 *   (migration 2026-11-23T04-00), so it holds with several processes on PostgreSQL;
 * - after the event bus was down (notifications lost), every copy is dropped;
 * - a long safety TTL bounds staleness should all of that fail.
 */
export type ReadCacheName = 'settings' | 'landing';

const SAFETY_TTL_MS = 5 * 60_000;

type Entry = { value: Promise<unknown>; expiresAt: number };
const caches: Record<ReadCacheName, WeakMap<Db, Entry>> = { settings: new WeakMap(), landing: new WeakMap() };

export function cachedRead<T>(name: ReadCacheName, db: Db, load: () => Promise<T>): Promise<T> {
  const map = caches[name];
  const hit = map.get(db);
  if (hit && hit.expiresAt > Date.now()) return hit.value as Promise<T>;
  // Concurrent callers share one load; a failed load is not kept.
  const value = load();
  const entry: Entry = { value, expiresAt: Date.now() + SAFETY_TTL_MS };
  map.set(db, entry);
  value.catch(() => {
    if (map.get(db) === entry) map.delete(db);
  });
  return value;
}

let generation = 0;

/** Drops a copy: for one database, or (no db) in every handle of this process. */
export function invalidateRead(name: ReadCacheName, db?: Db): void {
  generation++;
  if (db) caches[name].delete(db);
  else caches[name] = new WeakMap();
}

/** Changes whenever any copy is dropped: whatever was built from the copies is stale too. */
export function readCacheGeneration(): number {
  return generation;
}

function isCacheName(name: string): name is ReadCacheName {
  return name === 'settings' || name === 'landing';
}

/** Runs for the life of a process: drops copies when another process (or a trigger) says so. */
export function watchReadCaches(bus: EventBus): () => void {
  const abort = new AbortController();
  void (async () => {
    for await (const e of bus.subscribe(abort.signal)) {
      if (e.type === 'cache.invalidated' && isCacheName(e.name)) invalidateRead(e.name);
      else if (e.type === 'bus.resumed') (['settings', 'landing'] as const).forEach((n) => invalidateRead(n));
    }
  })();
  return () => abort.abort();
}
