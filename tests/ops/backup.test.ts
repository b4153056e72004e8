import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runNode, serverUrl, type NodeProcess } from '../helpers/process';
import { HttpClient, uploaded, validSignUp } from '../helpers/server';
import { productPhoto } from '../helpers/fixtures';
import { openDatabase } from '../../server/db';

/**
 * Issue 35 item 7: `npm run backup` for the embedded default. It refuses while a server holds the
 * database (one line naming its pid, nothing written), copies a stopped one with its files, checks
 * the copy opens, and `--restore` puts it back with the previous data moved aside. Real processes on
 * PGlite (no DATABASE_URL on either test database: the embedded database is the subject).
 */
const root = mkdtempSync(path.join(os.tmpdir(), 'vitrin-backup-'));
const dataDir = path.join(root, 'data');
const backups = path.join(root, 'backups');
const started: NodeProcess[] = [];
const common = { DATABASE_URL: '', S3_BUCKET: '' };

afterAll(async () => {
  await Promise.all(started.map((p) => p.kill()));
  rmSync(root, { recursive: true, force: true });
});

const lines = (text: string) => text.split('\n').filter((l) => l.trim());
const backupCli = (env: Record<string, string>, args: string[] = []) => {
  const p = runNode('server/db/backup-cli.ts', { ...common, ...env }, args);
  started.push(p);
  return p;
};

describe('npm run backup (embedded database)', () => {
  it('refuses a running server, copies a stopped one with its files, and restores it', { timeout: 600_000 }, async () => {
    const server = runNode('tests/helpers/serve-main.ts', {
      ...common,
      DATA_DIR: dataDir,
      PORT: '0',
      WORKER_CONCURRENCY: '0',
      ADMIN_EMAIL: 'admin@test.local',
      ADMIN_PASSWORD: 'admin-secret-1',
    });
    started.push(server);
    const url = await serverUrl(server);
    const seller = new HttpClient(url);
    expect((await seller.mutate('auth.signUp', validSignUp('yedek@example.com'))).status).toBe(200);
    const { uploadId } = await uploaded(seller, await productPhoto(), 'urun.jpg');

    // While the server runs: refused, one line with its pid, nothing written.
    const refused = backupCli({ DATA_DIR: dataDir }, [backups]);
    expect(await refused.exited).toBe(1);
    const said = lines(refused.stderr());
    expect(said).toHaveLength(1);
    expect(said[0]).toContain(`pid ${server.pid}`);
    expect(said[0]).toMatch(/önce sunucuyu durdurun .* \/ .*stop the server first/);
    expect(existsSync(backups)).toBe(false);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const done = backupCli({ DATA_DIR: dataDir }, [backups]);
    expect(await done.exited, done.output()).toBe(0);
    expect(done.output()).toMatch(/Yedek hazır: .*vitrin-\d{8}-\d{6}Z/);
    const [name] = readdirSync(backups);
    const backup = path.join(backups, name!);
    const manifest = JSON.parse(readFileSync(path.join(backup, 'manifest.json'), 'utf8')) as { files: string; migrations: number };
    expect(manifest.files).toBe('copied');
    expect(manifest.migrations).toBeGreaterThan(10);
    expect(readdirSync(path.join(backup, 'files', 'uploads'), { recursive: true }).some((f) => String(f).includes(uploadId))).toBe(true);
    // The lock was given back: nothing is left holding the data directory.
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);

    // Restored into a fresh data directory: the seller and the photo are back.
    const fresh = path.join(root, 'restored');
    const restored = backupCli({ DATA_DIR: fresh }, ['--restore', backup]);
    expect(await restored.exited, restored.output()).toBe(0);
    expect(restored.output()).toContain('Yedek geri yüklendi');
    const handle = await openDatabase({ pgliteDir: path.join(fresh, 'db') });
    try {
      const user = await handle.db.selectFrom('users').select('id').where('email', '=', 'yedek@example.com').executeTakeFirst();
      expect(user).toBeDefined();
      const up = await handle.db.selectFrom('uploads').select('storage_key').where('id', '=', uploadId).executeTakeFirstOrThrow();
      expect(existsSync(path.join(fresh, 'files', up.storage_key))).toBe(true);
    } finally {
      await handle.close();
    }

    // Not a backup: refused with one line.
    const wrong = backupCli({ DATA_DIR: fresh }, ['--restore', root]);
    expect(await wrong.exited).toBe(1);
    expect(lines(wrong.stderr())).toHaveLength(1);
  });

  it('with DATABASE_URL it points to pg_dump instead', { timeout: 120_000 }, async () => {
    const p = backupCli({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://u@127.0.0.1:1/x' });
    expect(await p.exited).toBe(1);
    expect(p.stderr()).toContain('pg_dump');
  });
});
