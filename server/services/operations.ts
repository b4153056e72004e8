import { sql } from 'kysely';
import type { Db } from '../db';
import { pendingMigrations } from '../db/migrator';
import type { Storage } from '../providers/storage';

/** The readiness checks (`/readyz`, docs/operations.md, Health): each one named, true when it passed. */
type Readiness = { ready: boolean; checks: { database: boolean; migrations: boolean; storage: boolean; draining: boolean } };

/** Gives up on a check after `ms`, so a probe never hangs on a dead socket. */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([work, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this process should get traffic: the database answers, its schema is this code's, the
 * storage takes a write, and the process is not shutting down.
 */
export async function readiness(deps: { db: Db; storage: Storage; draining: boolean }, timeoutMs = 3_000): Promise<Readiness> {
  const [database, migrations, storage] = await Promise.all([
    within(timeoutMs, sql`select 1`.execute(deps.db)).then(
      () => true,
      () => false,
    ),
    within(timeoutMs, pendingMigrations(deps.db)).then(
      (pending) => pending.length === 0,
      () => false,
    ),
    within(timeoutMs, probeStorage(deps.storage)).then(
      () => true,
      () => false,
    ),
  ]);
  const checks = { database, migrations, storage, draining: deps.draining };
  return { ready: database && migrations && storage && !deps.draining, checks };
}

/** Writes and removes a small object: storage that cannot take a write cannot take an upload. */
export async function probeStorage(storage: Storage): Promise<void> {
  const key = `probe/${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}.txt`;
  await storage.put(key, Buffer.from('ok'), 'text/plain; charset=utf-8');
  await storage.delete(key);
}

/** The work waiting or running, by queue and state (the metrics' queue depth, read at scrape). */
export async function queueDepth(db: Db): Promise<Array<{ queue: string; state: string; count: number }>> {
  const [runs, emails, webhooks] = await Promise.all([
    db
      .selectFrom('generations')
      .select(['status', sql<number>`count(*)::int`.as('n')])
      .where('status', 'in', ['queued', 'processing'])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('email_outbox')
      .select(['status', sql<number>`count(*)::int`.as('n')])
      .where('status', 'in', ['queued', 'sending'])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('api_webhook_deliveries')
      .select(['status', sql<number>`count(*)::int`.as('n')])
      .where('status', 'in', ['queued', 'sending'])
      .groupBy('status')
      .execute(),
  ]);
  const rows: Array<{ queue: string; state: string; count: number }> = [];
  for (const [queue, found, states] of [
    ['runs', runs, ['queued', 'processing']],
    ['emails', emails, ['queued', 'sending']],
    ['webhooks', webhooks, ['queued', 'sending']],
  ] as const) {
    for (const state of states) rows.push({ queue, state, count: found.find((r) => r.status === state)?.n ?? 0 });
  }
  return rows;
}
