import path from 'node:path';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { readEnvOrExit } from '../env';
import { messagesFor } from '../../shared/messages';
import { StartupError } from '../errors';
import { liveLockOwner, lockDataDir, operatorLine } from './data-dir-lock';
import { openDatabase } from './index';

/**
 * `npm run backup [-- <folder>]`: a stop-safe copy of the embedded default (DATA_DIR/db, the PGlite
 * files, and DATA_DIR/files, the local storage) into `<folder>/vitrin-<time>` (default ./backups).
 * `npm run backup -- --restore <backup>` puts one back (the current data moved aside, never deleted).
 *
 * Only a stopped database can be copied consistently: while a server holds the data-dir lock
 * (server/db/data-dir-lock.ts) this refuses with one line naming its pid, and while the copy runs
 * it holds the lock itself, so a server started meanwhile refuses to open the files. The copy is
 * opened afterwards and its migrations counted: a backup that cannot be opened is reported, not kept
 * quietly. PostgreSQL (DATABASE_URL) is backed up with pg_dump instead (docs/operations.md).
 */
type Manifest = { kind: 'vitrin-backup'; createdAt: string; files: 'copied' | 'none'; migrations: number; node: string };

const line = (text: (m: ReturnType<typeof messagesFor>) => string) => operatorLine(text);

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const stamp = () =>
  new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
    .replace('T', '-');

/** Refuses while a server runs on `dbDir`, then holds its lock for this process until exit. */
function takeDataDir(dbDir: string): () => void {
  const pid = liveLockOwner(dbDir);
  if (pid !== null) fail(line((m) => m.operator.backupServerRunning(dbDir, pid)));
  try {
    return lockDataDir(dbDir);
  } catch (err) {
    fail(err instanceof StartupError ? err.message : String(err));
  }
}

/** Opens a copied database and counts its applied migrations (it must open). */
async function check(dbDir: string): Promise<number> {
  const handle = await openDatabase({ pgliteDir: dbDir });
  try {
    const r = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(handle.db);
    return r.rows[0]?.n ?? 0;
  } finally {
    await handle.close();
  }
}

async function backup(dataDir: string, parent: string): Promise<void> {
  const dbDir = path.join(dataDir, 'db');
  if (!existsSync(dbDir)) fail(line((m) => m.operator.backupNothing(dbDir)));
  const release = takeDataDir(dbDir);
  const target = path.resolve(parent, `vitrin-${stamp()}`);
  await mkdir(target, { recursive: true });
  await cp(dbDir, path.join(target, 'db'), { recursive: true, errorOnExist: true, force: false, preserveTimestamps: true });
  const filesDir = path.join(dataDir, 'files');
  const files = existsSync(filesDir) ? 'copied' : 'none';
  if (files === 'copied') {
    await cp(filesDir, path.join(target, 'files'), { recursive: true, errorOnExist: true, force: false, preserveTimestamps: true });
  }
  release();
  const migrations = await check(path.join(target, 'db'));
  const manifest: Manifest = { kind: 'vitrin-backup', createdAt: new Date().toISOString(), files, migrations, node: process.version };
  await writeFile(path.join(target, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(line((m) => m.operator.backupDone(target, migrations)));
}

async function restore(dataDir: string, source: string): Promise<void> {
  const from = path.resolve(source);
  const manifest = await readFile(path.join(from, 'manifest.json'), 'utf8')
    .then((t) => JSON.parse(t) as Manifest)
    .catch(() => null);
  if (manifest?.kind !== 'vitrin-backup') fail(line((m) => m.operator.restoreNotBackup(from)));
  await mkdir(dataDir, { recursive: true });
  const dbDir = path.join(dataDir, 'db');
  const release = takeDataDir(dbDir);
  const aside = path.join(dataDir, `before-restore-${stamp()}`);
  await mkdir(aside, { recursive: true });
  for (const part of ['db', 'files']) {
    if (existsSync(path.join(dataDir, part))) await rename(path.join(dataDir, part), path.join(aside, part));
  }
  await cp(path.join(from, 'db'), dbDir, { recursive: true, preserveTimestamps: true });
  if (manifest.files === 'copied')
    await cp(path.join(from, 'files'), path.join(dataDir, 'files'), { recursive: true, preserveTimestamps: true });
  release();
  console.log(line((m) => m.operator.restoreDone(dataDir, aside)));
}

const env = readEnvOrExit();
if (env.DATABASE_URL) fail(line((m) => m.operator.backupNeedsEmbedded));
const dataDir = path.resolve(env.DATA_DIR);
const args = process.argv.slice(2);
if (args[0] === '--restore') {
  if (!args[1]) fail('npm run backup -- --restore <backup folder>');
  await restore(dataDir, args[1]);
} else {
  await backup(dataDir, args[0] ?? 'backups');
}
