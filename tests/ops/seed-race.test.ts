import { afterAll, expect, test } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshDatabase } from '../helpers/db';
import { runNode, serverUrl, type NodeProcess } from '../helpers/process';
import { startServer, type RunningServer } from '../../server/index';
import { readEnv } from '../../server/env';
import type { DbHandle } from '../../server/db';

/**
 * Issue 33 item 3: servers starting together on one fresh database migrate and seed it once: one
 * admin, the four landing stats, and every process up. On PostgreSQL: real processes started at
 * once. On the embedded database (one process only, see embedded-db-lock.test.ts): servers in this
 * process sharing its handle.
 */
const SERVERS = 4;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrin-seed-'));
const env = { DATA_DIR: dataDir, PORT: '0', WORKER_CONCURRENCY: '0', ADMIN_EMAIL: 'admin@yaris.test', ADMIN_PASSWORD: 'admin-secret-1' };
let h: (DbHandle & { url?: string }) | undefined;
const processes: NodeProcess[] = [];
const servers: RunningServer[] = [];

afterAll(async () => {
  await Promise.all(processes.map((p) => p.kill()));
  await Promise.all(servers.map((s) => s.close({ graceMs: 1000 })));
  await h?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function seeded(handle: DbHandle) {
  const admins = await handle.db.selectFrom('admin_users').select('email').execute();
  const stats = await handle.db.selectFrom('site_stats').select('id').execute();
  const features = await handle.db.selectFrom('features').select('id').execute();
  return { admins: admins.map((a) => a.email), stats: stats.length, features: features.length };
}

test(`${SERVERS} servers started at once on one fresh database seed it once`, { timeout: 600_000 }, async () => {
  h = await freshDatabase({ migrate: false });
  if (h.url) {
    for (let i = 0; i < SERVERS; i++) processes.push(runNode('tests/helpers/serve-main.ts', { ...env, DATABASE_URL: h.url }));
    const urls = await Promise.all(processes.map((p) => serverUrl(p)));
    for (const url of urls) expect((await fetch(`${url}/healthz`)).status).toBe(200);
    for (const p of processes) p.child.kill('SIGTERM');
    expect(await Promise.all(processes.map((p) => p.exited))).toEqual(Array(SERVERS).fill(0));
  } else {
    const handle = h;
    servers.push(
      ...(await Promise.all(
        Array.from({ length: SERVERS }, () => startServer({ env: readEnv(env as NodeJS.ProcessEnv), handle, log: () => {} })),
      )),
    );
  }
  expect(await seeded(h)).toEqual({ admins: ['admin@yaris.test'], stats: 4, features: expect.any(Number) });
  expect((await seeded(h)).features).toBeGreaterThan(0);
});
