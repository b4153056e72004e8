import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runNode, serverUrl, type NodeProcess } from '../helpers/process';

/**
 * Issue 33 item 1: the embedded database is opened by one process only. Real processes on one
 * data directory: the second is refused with one line (exit 1), a lock left by a killed process is
 * taken over, and `npm run worker` refuses the embedded database outright. The subject is PGlite,
 * so the processes get no DATABASE_URL on either test database.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrin-lock-'));
const started: NodeProcess[] = [];
const serve = () => {
  const p = runNode('tests/helpers/serve-main.ts', { DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '', WORKER_CONCURRENCY: '0' });
  started.push(p);
  return p;
};

afterAll(async () => {
  await Promise.all(started.map((p) => p.kill()));
  rmSync(dataDir, { recursive: true, force: true });
});

const lines = (text: string) => text.split('\n').filter((l) => l.trim());

describe('one process per embedded database', () => {
  it('refuses a second server on the same data directory with one line and exit code 1', { timeout: 600_000 }, async () => {
    const first = serve();
    const url = await serverUrl(first);
    expect(readFileSync(path.join(dataDir, 'db.lock'), 'utf8').trim()).toBe(String(first.pid));

    const second = serve();
    expect(await second.exited).toBe(1);
    const said = lines(second.stderr());
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('DATABASE_URL');
    expect(said[0]).toContain(`pid ${first.pid}`);
    expect(said[0]).toMatch(/Gömülü veritabanı .* \/ The embedded database/);

    // The owner is untouched and still serves.
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    // kill -9 leaves its lock behind; the next server sees its pid is gone and takes over.
    await first.kill();
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(true);
    const third = serve();
    const thirdUrl = await serverUrl(third);
    expect(readFileSync(path.join(dataDir, 'db.lock'), 'utf8').trim()).toBe(String(third.pid));
    expect((await fetch(`${thirdUrl}/healthz`)).status).toBe(200);

    // A clean stop removes the lock.
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
  });

  it('npm run worker refuses the embedded database outright', { timeout: 180_000 }, async () => {
    const own = mkdtempSync(path.join(os.tmpdir(), 'vitrin-lock-worker-'));
    const worker = runNode('server/jobs/worker-main.ts', { DATA_DIR: own, DATABASE_URL: '' });
    started.push(worker);
    expect(await worker.exited).toBe(1);
    const said = lines(worker.stderr());
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('DATABASE_URL');
    expect(existsSync(path.join(own, 'db'))).toBe(false);
    rmSync(own, { recursive: true, force: true });
  });
});
