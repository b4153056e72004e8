import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { sql } from 'kysely';
import { HttpClient, startSecondServer, startTestServer } from '../helpers/server';
import { adminClient, clientFor, customerClient } from '../admin/helpers';
import { SESSION_CACHE_TTL_MS, SessionCache } from '../../server/auth/session-cache';
import { validateSessionCached } from '../../server/auth/sessions';
import { changePassword } from '../../server/services/accounts';
import type { RunningServer } from '../../server/index';

/**
 * The session cache (docs/decisions.md D59, docs/security.md property 10): a signed-in
 * read takes its session from memory, never its credits; every ending of a session reaches the cache of
 * every process at once, and a change made behind its back is seen within its few seconds.
 */

let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** How many times `s` looks a customer session up in its database while `fn` runs. */
async function sessionLookups(s: RunningServer, fn: () => Promise<unknown>): Promise<number> {
  const spy = vi.spyOn(s.deps.db, 'selectFrom');
  try {
    await fn();
    return spy.mock.calls.filter(([table]) => table === 'sessions').length;
  } finally {
    spy.mockRestore();
  }
}

/** A client of `s` presenting the same cookies as `c` (the same browser, reaching another process). */
function sameBrowser(s: RunningServer, c: HttpClient): HttpClient {
  const other = clientFor(s);
  for (const [k, v] of c.cookies) other.cookies.set(k, v);
  return other;
}

const sessionIdOf = (c: HttpClient) => c.cookies.get('vitrin_session')!.split('.')[0]!;

/** Resolves when `s`'s bus has delivered the end of `sessionId` (subscribed now, before the ending). */
function endingHeard(s: RunningServer, sessionId: string): Promise<void> {
  const abort = new AbortController();
  const events = s.deps.bus.subscribe(abort.signal);
  return (async () => {
    for await (const e of events) {
      if (e.type === 'session.ended' && e.sessionId === sessionId) break;
    }
    abort.abort();
  })();
}

/** The back-office's "disable" on the account made by `customerClient` (its sign-up form's values). */
async function disableThroughBackOffice(s: RunningServer, userId: string) {
  const admin = await adminClient(s);
  const r = await admin.mutate('admin.users.update', {
    id: userId,
    fullName: 'Ayşe Yılmaz',
    companyName: 'Ahşap Atölyesi',
    phone: '+90 555 000 00 00',
    balance: 10,
    balanceBefore: 10,
    disabled: true,
  });
  expect(r.status).toBe(200);
  expect(r.data.endedSessions).toBe(1);
}

/** Freezes the clock (Date only): nothing cached can outlive the TTL meanwhile, so a refusal comes from an event. */
function freezeClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date());
}

describe('one process', () => {
  test('a signed-in read takes its session from memory and its balance from the database', async () => {
    const { client: c, userId } = await customerClient(server, 'cache-read@example.com');
    expect(await sessionLookups(server, () => c.query('credits.balance'))).toBe(1);
    expect(await sessionLookups(server, () => c.query('credits.balance'))).toBe(0);
    expect(await sessionLookups(server, () => c.query('auth.me'))).toBe(0);
    // The credits are never cached with the session: a change is in the very next read.
    await server.deps.db.updateTable('users').set({ credits_balance: 7 }).where('id', '=', userId).execute();
    const r = await c.query('credits.balance');
    expect(r.status).toBe(200);
    expect(r.data.balance).toBe(7);
  });

  test('a cached session still needs its secret', async () => {
    const { client: c } = await customerClient(server, 'cache-secret@example.com');
    expect((await c.query('credits.balance')).status).toBe(200);
    const forged = clientFor(server);
    forged.cookies.set('vitrin_session', `${sessionIdOf(c)}.${'a'.repeat(24)}`);
    expect((await forged.query('credits.balance')).status).toBe(401);
    expect((await c.query('credits.balance')).status).toBe(200);
  });

  test('sign-out refuses the token on the next request', async () => {
    const { client: c } = await customerClient(server, 'cache-signout@example.com');
    expect((await c.query('credits.balance')).status).toBe(200);
    const copy = sameBrowser(server, c);
    freezeClock();
    expect((await c.mutate('auth.signOut')).status).toBe(200);
    expect((await copy.query('credits.balance')).status).toBe(401);
  });

  test('disabling through the back-office refuses the next request', async () => {
    const { client: c, userId } = await customerClient(server, 'cache-disable@example.com');
    expect((await c.query('credits.balance')).status).toBe(200);
    freezeClock();
    await disableThroughBackOffice(server, userId);
    expect((await c.query('credits.balance')).status).toBe(401);
    expect((await c.query('auth.me')).data.user).toBeNull();
  });

  test('a password change refuses every other session on the next request', async () => {
    const { client: first } = await customerClient(server, 'cache-password@example.com');
    const second = clientFor(server);
    expect((await second.mutate('auth.signIn', { email: 'cache-password@example.com', password: 'gizli-sifre' })).status).toBe(200);
    expect((await second.query('credits.balance')).status).toBe(200);
    freezeClock();
    const changed = await first.mutate('auth.changePassword', {
      currentPassword: 'gizli-sifre',
      newPassword: 'yepyeni-sifre-42',
      confirmPassword: 'yepyeni-sifre-42',
    });
    expect(changed.status, JSON.stringify(changed.error)).toBe(200);
    expect((await second.query('credits.balance')).status).toBe(401);
    expect((await first.query('credits.balance')).status).toBe(200);
  });

  test('the process that ends a session drops it before the ending returns, not when its own event comes back', async () => {
    const { client: c, userId } = await customerClient(server, 'cache-own@example.com');
    expect((await c.query('credits.balance')).status).toBe(200);
    const token = c.cookies.get('vitrin_session')!;
    await changePassword(server.deps, userId, 'gizli-sifre', 'yepyeni-sifre-42');
    // Called in the same turn: the bus (NOTIFY on PostgreSQL) has not delivered anything yet.
    expect(await validateSessionCached(server.deps, 'customer', token)).toBeNull();
  });

  test('a change made straight in the database (no event) is seen once the TTL has passed', async () => {
    const { client: c, userId } = await customerClient(server, 'cache-behind@example.com');
    expect((await c.query('credits.balance')).status).toBe(200);
    freezeClock();
    await server.deps.db.updateTable('users').set({ is_disabled: true }).where('id', '=', userId).execute();
    // Nothing announced it: the session is still taken from memory, for at most the TTL.
    expect((await c.query('credits.balance')).status).toBe(200);
    vi.setSystemTime(Date.now() + SESSION_CACHE_TTL_MS);
    expect((await c.query('credits.balance')).status).toBe(401);
  });

  test('while the bus is interrupted every read looks its session up; after it resumes they are kept again', async () => {
    const { client: c } = await customerClient(server, 'cache-bus@example.com');
    expect((await c.query('credits.balance')).status).toBe(200);
    const delivered = (type: 'bus.interrupted' | 'bus.resumed') => {
      const abort = new AbortController();
      const events = server.deps.bus.subscribe(abort.signal);
      server.deps.bus.publish({ type });
      return (async () => {
        for await (const e of events) if (e.type === type) break;
        abort.abort();
      })();
    };
    await delivered('bus.interrupted');
    expect(await sessionLookups(server, () => c.query('credits.balance'))).toBe(1);
    expect(await sessionLookups(server, () => c.query('credits.balance'))).toBe(1);
    await delivered('bus.resumed');
    expect(await sessionLookups(server, () => c.query('credits.balance'))).toBe(1);
    expect(await sessionLookups(server, () => c.query('credits.balance'))).toBe(0);
  });
});

describe('the cache itself', () => {
  const entry = { secretHash: new Uint8Array(32), ownerId: 'u', remember: false, expiresAt: new Date(Date.now() + 60_000) };

  test('a lookup that began before an ending does not store what it read', () => {
    const cache = new SessionCache();
    const mark = cache.mark();
    cache.drop(['s1']); // announced while the lookup was in the database
    cache.set('s1', entry, mark);
    expect(cache.get('s1')).toBeUndefined();
    cache.set('s1', entry, cache.mark());
    expect(cache.get('s1')).toBeDefined();
  });

  test('an entry lives for the TTL only', () => {
    const cache = new SessionCache(1_000);
    cache.set('s1', entry, cache.mark(), 0);
    expect(cache.get('s1', 999)).toBeDefined();
    expect(cache.get('s1', 1_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});

// On PGlite a second server shares the one embedded database in this process but not its bus (one
// process per embedded database in production), so the other-process cases need PostgreSQL.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two processes on one database (PostgreSQL)', () => {
  let other: RunningServer;
  beforeAll(async () => {
    other = await startSecondServer(server, { TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await other?.close();
  });

  test('an account disabled through one process is refused on the next request in the other', async () => {
    const { client: here, userId } = await customerClient(server, 'cache-two-disable@example.com');
    const there = sameBrowser(other, here);
    expect((await there.query('credits.balance')).status).toBe(200);
    expect(await sessionLookups(other, () => there.query('credits.balance'))).toBe(0);
    // The clock stands still: the other process's entry cannot age out, only the event can drop it.
    freezeClock();
    const heard = endingHeard(other, sessionIdOf(here));
    await disableThroughBackOffice(server, userId);
    await heard;
    expect((await there.query('credits.balance')).status).toBe(401);
  });

  test('a lost LISTEN connection empties the cache, which keeps nothing until the bus is back', async () => {
    const { client: c } = await customerClient(server, 'cache-listen@example.com');
    expect((await c.query('credits.balance')).status).toBe(200);
    expect(await sessionLookups(server, () => c.query('credits.balance'))).toBe(0);
    /** The bus events `s` delivers until it has resumed. */
    const untilResumed = (s: RunningServer) => {
      const abort = new AbortController();
      const events = s.deps.bus.subscribe(abort.signal);
      const seen: string[] = [];
      return (async () => {
        for await (const e of events) {
          seen.push(e.type);
          if (e.type === 'bus.resumed') break;
        }
        abort.abort();
        return seen;
      })();
    };
    const resumed = [untilResumed(server), untilResumed(other)];
    // Ends this database's LISTEN connections (both servers'), as a restart or a killed backend would.
    const { rows } = await sql<{ n: number }>`
      select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`.execute(server.deps.db);
    expect(rows[0]!.n).toBeGreaterThan(0);
    // Both servers lose theirs; the next test needs the other's back too.
    const [seen] = await Promise.all(resumed);
    expect(seen!.indexOf('bus.interrupted')).toBeGreaterThanOrEqual(0);
    expect(seen!.indexOf('bus.interrupted')).toBeLessThan(seen!.indexOf('bus.resumed'));
    // Emptied at the interruption: the next read looks its session up, the one after takes it from memory again.
    expect(await sessionLookups(server, () => c.query('credits.balance'))).toBe(1);
    expect(await sessionLookups(server, () => c.query('credits.balance'))).toBe(0);
  });

  test('sign-out in one process refuses the token in the other', async () => {
    const { client: here } = await customerClient(server, 'cache-two-signout@example.com');
    const there = sameBrowser(other, here);
    expect((await there.query('credits.balance')).status).toBe(200);
    expect(await sessionLookups(other, () => there.query('credits.balance'))).toBe(0);
    freezeClock();
    const heard = endingHeard(other, sessionIdOf(here));
    expect((await here.mutate('auth.signOut')).status).toBe(200);
    await heard;
    expect((await there.query('credits.balance')).status).toBe(401);
  });
});
