import { afterAll, describe, expect, test } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { freePort, startForwarder, type Forwarder } from '../helpers/tcp-forwarder';
import { startServer } from '../../server/index';
import { readEnv } from '../../server/env';
import { lineLogger } from '../../server/lib/log';

/**
 * Issue 35 (1): every setting is checked before anything is opened, one line per bad key; the
 * services are tried at start and named; a process started while PostgreSQL is down waits for it.
 * Real child processes (`npm start`'s and `npm run worker`'s entry files), real sockets.
 */
const ROOT = path.resolve(__dirname, '../..');
const PG = process.env.TEST_DATABASE_URL;
const cleanup: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

type Child = { proc: ChildProcess; out: string[]; err: string[]; exited: Promise<number | null> };

function run(entry: string, env: Record<string, string>): Child {
  // Only what the test gives, plus PATH and HOME: the parent's own settings must not leak in.
  const proc = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', STUDIO_THREADS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out: string[] = [];
  const err: string[] = [];
  proc.stdout!.on('data', (d: Buffer) => out.push(...d.toString().split('\n').filter(Boolean)));
  proc.stderr!.on('data', (d: Buffer) => err.push(...d.toString().split('\n').filter(Boolean)));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  cleanup.push(() => {
    if (proc.exitCode === null) proc.kill('SIGKILL');
  });
  return { proc, out, err, exited };
}

/** The stderr lines naming a setting (Node's own warnings, e.g. the AWS SDK's about Node 20, aside). */
const settingLines = (child: Child) => child.err.filter((l) => /^[A-Z][A-Z0-9_]+: /.test(l));

async function until(what: string, ok: () => boolean, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const dataDir = () => {
  const parent = mkdtempSync(path.join(tmpdir(), 'vitrin-startup-'));
  cleanup.push(() => rmSync(parent, { recursive: true, force: true }));
  return path.join(parent, 'data');
};

describe('a bad setting: one line naming it, exit 1, nothing opened', () => {
  test.each([
    ['PORT', 'abc'],
    ['WORKER_CONCURRENCY', 'abc'],
    ['TRUST_PROXY', 'abc'],
    ['PUBLIC_URL', 'not a url'],
    ['DATABASE_URL', 'not-a-url'],
    ['SMTP_URL', 'garbage'],
  ])(
    '%s=%s',
    async (key, value) => {
      // The web process and the worker, side by side.
      const started = ['server/start.ts', 'server/jobs/worker-main.ts'].map((entry) => {
        const dir = dataDir();
        return { dir, child: run(entry, { DATA_DIR: dir, [key]: value }) };
      });
      for (const { dir, child } of started) {
        expect(await child.exited).toBe(1);
        expect(settingLines(child)).toHaveLength(1);
        expect(settingLines(child)[0]).toMatch(new RegExp(`^${key}: .+ \\(got "${value}"\\)$`));
        // Nothing was touched: neither the embedded database's folder nor anything else under DATA_DIR.
        expect(existsSync(dir)).toBe(false);
      }
    },
    90_000,
  );

  test('several bad keys: one line each', async () => {
    const dir = dataDir();
    const child = run('server/start.ts', { DATA_DIR: dir, PORT: '99999', METRICS_TOKEN: 'short', LOG_LEVEL: 'loud' });
    expect(await child.exited).toBe(1);
    expect(
      settingLines(child)
        .map((l) => l.split(':', 1)[0])
        .sort(),
    ).toEqual(['LOG_LEVEL', 'METRICS_TOKEN', 'PORT']);
    // A secret's value is never echoed, only its length.
    expect(child.err.join('\n')).not.toContain('short');
    expect(existsSync(dir)).toBe(false);
  }, 30_000);
});

test('the entry files load only the settings before checking them; the server and the workers load after', () => {
  // A bad setting then answers in about a second instead of after the whole server's modules (5–6 s).
  const staticImports = (file: string) =>
    [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(/^import (?!type ).*from '([^']+)';$/gm)].map((m) => m[1]);
  expect(staticImports('server/start.ts')).toEqual(['./env']);
  expect(staticImports('server/jobs/worker-main.ts')).toEqual(['../env', '../db/data-dir-lock']);
});

test('storage that cannot be reached is named and stops the start before the database is opened', async () => {
  const dir = dataDir();
  const port = await freePort();
  const child = run('server/jobs/worker-main.ts', {
    DATA_DIR: dir,
    // The worker needs PostgreSQL; storage is checked before the database is opened.
    DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/none`,
    S3_BUCKET: 'vitrin-test',
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'test',
    S3_SECRET_ACCESS_KEY: 'test-secret',
    S3_FORCE_PATH_STYLE: 'true',
  });
  expect(await child.exited).toBe(1);
  expect(settingLines(child)).toHaveLength(1);
  expect(settingLines(child)[0]).toMatch(
    new RegExp(`^S3_ENDPOINT: storage \\(S3 bucket vitrin-test at 127\\.0\\.0\\.1:${port}\\) cannot be written: .*ECONNREFUSED`),
  );
  expect(existsSync(path.join(dir, 'db'))).toBe(false);
}, 60_000);

test('SMTP that cannot be reached is named in a warning; the server still starts', async () => {
  const port = await freePort();
  const lines: string[] = [];
  const env = readEnv({ PORT: '0', DATA_DIR: dataDir(), SMTP_URL: `smtp://127.0.0.1:${port}`, WORKER_CONCURRENCY: '0' });
  const running = await startServer({ env, log: () => {}, logger: lineLogger((l) => lines.push(l)) });
  cleanup.push(() => running.close());
  await until('the SMTP line', () => lines.some((l) => l.includes('SMTP_URL')), 20_000);
  const line = JSON.parse(lines.find((l) => l.includes('SMTP_URL'))!) as { msg: string; level: number };
  expect(line.msg).toMatch(new RegExp(`^SMTP_URL: SMTP at 127\\.0\\.0\\.1:${port} cannot be reached \\(.*ECONNREFUSED`));
  expect(line.level).toBe(40);
  expect((await fetch(`${running.url}/livez`)).status).toBe(200);
}, 60_000);

describe.skipIf(!PG)('PostgreSQL down at start (PostgreSQL)', () => {
  async function freshDbUrl(port: number): Promise<string> {
    const name = `vitrin_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    cleanup.push(async () => {
      const c = new pg.Client({ connectionString: PG });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    });
    const url = new URL(PG!);
    url.pathname = `/${name}`;
    url.port = String(port);
    return url.toString();
  }
  const pgPort = () => Number(new URL(PG!).port || 5432);

  test('the worker waits with a clear line and comes up once PostgreSQL can be reached', async () => {
    const port = await freePort();
    const child = run('server/jobs/worker-main.ts', { DATA_DIR: dataDir(), DATABASE_URL: await freshDbUrl(port), WORKER_CONCURRENCY: '1' });
    await until('the waiting line', () => child.out.some((l) => l.includes('is unreachable')));
    const waiting = JSON.parse(child.out.find((l) => l.includes('is unreachable'))!) as { msg: string };
    expect(waiting.msg).toMatch(
      new RegExp(`^database: PostgreSQL at 127\\.0\\.0\\.1:${port} is unreachable \\(.*ECONNREFUSED.*\\); retrying every 2 s$`),
    );
    expect(child.proc.exitCode).toBeNull();
    // PostgreSQL "comes back": a forwarder to it on the port the worker was given.
    const fwd: Forwarder = await startForwarder({ port: pgPort() }, port);
    cleanup.push(() => fwd.close());
    await until('the worker to run', () => child.out.some((l) => l.includes('Üretim işçisi çalışıyor')));
    expect(child.out.some((l) => l.includes('is reachable; starting'))).toBe(true);
    expect(settingLines(child)).toEqual([]);
    child.proc.kill('SIGTERM');
    expect(await child.exited).toBe(0);
  }, 90_000);

  test('the web process waits too, and serves once PostgreSQL can be reached', async () => {
    const port = await freePort();
    const lines: string[] = [];
    const env = readEnv({ PORT: '0', DATA_DIR: dataDir(), DATABASE_URL: await freshDbUrl(port), WORKER_CONCURRENCY: '0' });
    const starting = startServer({ env, log: () => {}, logger: lineLogger((l) => lines.push(l)) });
    await until('the waiting line', () => lines.some((l) => l.includes('is unreachable')));
    const fwd = await startForwarder({ port: pgPort() }, port);
    cleanup.push(() => fwd.close());
    const running = await starting;
    cleanup.push(() => running.close());
    expect((await fetch(`${running.url}/readyz`)).status).toBe(200);
  }, 90_000);
});
