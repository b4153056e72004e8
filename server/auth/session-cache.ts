import type { EventBus } from '../events/bus';

/**
 * Validated customer sessions kept in memory for a few seconds (docs/decisions.md D59), so a
 * signed-in read does not look its session up in the database every time. An entry holds who the session
 * belongs to and until when it is valid, never credits or anything else that changes without ending the
 * session. It is dropped at once in every process that shares the event bus when the session ends
 * (`session.ended`: sign-out, a new sign-in in that browser, password change or reset, account disabled or
 * deleted), and the whole cache is emptied while the bus's link to the other processes is down
 * (`bus.interrupted` … `bus.resumed`). A change made straight in the database, which announces nothing,
 * takes effect at the latest `SESSION_CACHE_TTL_MS` later.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Enough for every seller active within the TTL on one process; the oldest entry goes first beyond it. */
const MAX_ENTRIES = 10_000;

export type CachedSession = {
  /** SHA-256 of the token's secret, as stored: a hit needs the presented secret to match it. */
  secretHash: Uint8Array;
  ownerId: string;
  remember: boolean;
  expiresAt: Date;
};

type Entry = CachedSession & { until: number };

export class SessionCache {
  /** By session id (the token's public half); the secret is checked against the stored hash on every hit. */
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every drop: a lookup that began before a drop may not store what it read. */
  private generation = 0;
  /** The bus cannot tell this process about ended sessions: nothing is kept until it can again. */
  private paused = false;

  constructor(private readonly ttlMs = SESSION_CACHE_TTL_MS) {}

  /** The entry for this session id, if it is younger than the TTL. */
  get(id: string, now = Date.now()): CachedSession | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(id);
      return undefined;
    }
    return entry;
  }

  /** Taken before a database lookup and handed to `set`, so an ending announced meanwhile wins. */
  mark(): number {
    return this.generation;
  }

  set(id: string, session: CachedSession, mark: number, now = Date.now()): void {
    if (this.paused || mark !== this.generation) return;
    this.entries.delete(id);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(id, { ...session, until: now + this.ttlMs });
  }

  drop(ids: Iterable<string>): void {
    this.generation++;
    for (const id of ids) this.entries.delete(id);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  /** While the bus is interrupted nothing is cached (`pause(true)`), and after it the cache starts empty. */
  pause(paused: boolean): void {
    this.paused = paused;
    this.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** One cache per event bus, i.e. per process (tests run several servers in one process, each with its bus). */
const caches = new WeakMap<EventBus, SessionCache>();

/** The cache that `bus`'s events keep true, made (and subscribed) on first use. */
export function sessionCacheFor(bus: EventBus): SessionCache {
  const existing = caches.get(bus);
  if (existing) return existing;
  const cache = new SessionCache();
  caches.set(bus, cache);
  // Subscribed before the first entry can be stored: no ending announced from then on is missed.
  const events = bus.subscribe();
  void (async () => {
    for await (const event of events) {
      if (event.type === 'session.ended') cache.drop([event.sessionId]);
      else if (event.type === 'bus.interrupted') cache.pause(true);
      else if (event.type === 'bus.resumed') cache.pause(false);
    }
  })();
  return cache;
}

/** Drops these sessions from this process's cache at once (the event reaches the other processes). */
export function dropCachedSessions(bus: EventBus, sessionIds: readonly string[]): void {
  caches.get(bus)?.drop(sessionIds);
}
