import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Env } from './env';
import { openDatabase, type Db, type DbHandle } from './db';
import { isDatabaseUnavailable, StartupError } from './errors';
import type { Storage } from './providers/storage';
import type { EmailTransport } from './email/transport';
import type { Logger } from './lib/log';
import { probeStorage } from './services/operations';

/**
 * The start-up checks (docs/operations.md, Settings): every service the process needs is tried
 * once before it serves, and a failure is one line naming the service. A database that cannot be
 * reached is waited for (a process started while PostgreSQL restarts comes up when it is back);
 * storage that refuses a write stops the start; SMTP that cannot be reached is a warning (e-mails
 * wait in the outbox and are retried).
 */

/** Where a URL points, without its user and password. */
function where(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.port ? `:${u.port}` : ''}`;
  } catch {
    return '?';
  }
}

const reason = (err: unknown): string => {
  const e = err as { code?: unknown; message?: unknown; errors?: unknown[] };
  // node's "connect ECONNREFUSED" for every address of a name arrives as an AggregateError
  const first = Array.isArray(e?.errors) && e.errors.length ? (e.errors[0] as { message?: unknown }) : undefined;
  const message = String(first?.message ?? e?.message ?? err) || String(e?.code ?? 'error');
  return message.split('\n', 1)[0]!.slice(0, 300);
};

/** The database of `env`: PostgreSQL (DATABASE_URL) or the embedded one in DATA_DIR/db. */
export async function openConfiguredDatabase(env: Env, logger: Logger, opts: { retryMs?: number } = {}): Promise<DbHandle> {
  const dataDir = path.resolve(env.DATA_DIR);
  if (!env.DATABASE_URL) mkdirSync(path.join(dataDir, 'db'), { recursive: true });
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: path.join(dataDir, 'db') });
  if (env.DATABASE_URL) {
    try {
      await waitForDatabase(handle.db, `PostgreSQL at ${where(env.DATABASE_URL)}`, logger, opts.retryMs);
    } catch (err) {
      await handle.close().catch(() => {});
      throw err;
    }
  }
  return handle;
}

/**
 * Resolves once `select 1` answers. While the database cannot be reached, says so (the first time
 * and every minute after) and tries again every `retryMs`; any other refusal (wrong password, no
 * such database) stops the start.
 */
async function waitForDatabase(db: Db, name: string, logger: Logger, retryMs = 2_000): Promise<void> {
  const lineEvery = Math.max(1, Math.round(60_000 / retryMs));
  for (let attempt = 0; ; attempt++) {
    try {
      await sql`select 1`.execute(db);
      if (attempt > 0) logger.info({ service: 'database' }, `database: ${name} is reachable; starting`);
      return;
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw new StartupError(`DATABASE_URL: ${name} refused the connection: ${reason(err)}`);
      if (attempt % lineEvery === 0) {
        logger.warn({ service: 'database' }, `database: ${name} is unreachable (${reason(err)}); retrying every ${retryMs / 1000} s`);
      }
      await sleep(retryMs);
    }
  }
}

/** The storage named for an operator: the bucket and endpoint, or the local folder. */
function storageName(env: Env): string {
  if (env.S3_BUCKET) return `S3 bucket ${env.S3_BUCKET}${env.S3_ENDPOINT ? ` at ${where(env.S3_ENDPOINT)}` : ''}`;
  return `local folder ${path.join(path.resolve(env.DATA_DIR), 'files')}`;
}

export async function checkStorage(storage: Storage, env: Env): Promise<void> {
  try {
    await probeStorage(storage);
  } catch (err) {
    const key = env.S3_BUCKET ? (env.S3_ENDPOINT ? 'S3_ENDPOINT' : 'S3_BUCKET') : 'DATA_DIR';
    throw new StartupError(`${key}: storage (${storageName(env)}) cannot be written: ${reason(err)}`);
  }
}

/** Tries SMTP in the background: a warning line when it cannot be reached, nothing else. */
export function checkSmtp(transport: EmailTransport, env: Env, logger: Logger): Promise<void> {
  if (!transport.verify || !env.SMTP_URL) return Promise.resolve();
  const name = `SMTP at ${where(env.SMTP_URL)}`;
  return transport.verify().then(
    () => logger.info({ service: 'smtp' }, `smtp: ${name} is reachable`),
    (err) =>
      logger.warn({ service: 'smtp' }, `SMTP_URL: ${name} cannot be reached (${reason(err)}); e-mails wait in the outbox and are retried`),
  );
}

/** An entry point's end when the start failed: a check's own line on stderr, else the error logged; exit 1. */
export function exitOnStartupError(err: unknown, logger: Logger): never {
  if (err instanceof StartupError) process.stderr.write(`${err.message}\n`);
  else logger.fatal({ err }, 'start failed');
  logger.flush?.();
  process.exit(1);
}
