import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../server/db';
import { migrateToLatest } from '../server/db/migrator';
import { createGeneration } from '../server/services/generations';
import { LocalEventBus } from '../server/events/bus';
import { signUp } from '../server/services/accounts';

export type CreditsBench = { callers: number; takes: number; ms: number; takesPerSecond: number };

/**
 * Credits taken per second under 50 concurrent callers on real Postgres: each caller loops
 * createGeneration (conditional update + generation row + transaction + ledger, one
 * transaction) for its own user, through one shared pool, on a throwaway database.
 */
export async function benchCredits(serverUrl: string, callers = 50, takesPerCaller = 20): Promise<CreditsBench> {
  const name = `vitrin_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const h = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
  try {
    await migrateToLatest(h.db);
    await h.db
      .insertInto('settings')
      .values({ key: 'default_trial_credits', value: String(takesPerCaller) })
      .execute();
    const users = [];
    for (let i = 0; i < callers; i++) {
      const u = await signUp(h.db, {
        email: `bench${i}@example.com`,
        password: 'bench-password',
        fullName: 'Bench',
        companyName: null,
        phone: null,
      });
      const up = await h.db
        .insertInto('uploads')
        .values({ user_id: u.id, storage_key: `uploads/bench/${i}.jpg`, mime: 'image/jpeg', width: 1, height: 1, size_bytes: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      users.push({ id: u.id, uploadId: up.id });
    }
    const bus = new LocalEventBus();
    const t = performance.now();
    await Promise.all(
      users.map(async (u) => {
        for (let i = 0; i < takesPerCaller; i++)
          await createGeneration({ db: h.db, bus }, u.id, {
            type: 'image',
            uploadId: u.uploadId,
            prompt: 'bench',
          });
      }),
    );
    const ms = performance.now() - t;
    const takes = callers * takesPerCaller;
    return { callers, takes, ms: Math.round(ms), takesPerSecond: Math.round((takes / ms) * 1000) };
  } finally {
    await h.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
