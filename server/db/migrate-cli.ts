import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { readEnvOrExit } from '../env';
import { openDatabase } from './index';
import { migrateToLatest } from './migrator';
import { underStartupLock } from './startup-lock';
import { StartupError } from '../errors';

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL or the embedded database. */
const env = readEnvOrExit();
const dir = path.resolve(env.DATA_DIR, 'db');
if (!env.DATABASE_URL) mkdirSync(dir, { recursive: true });
const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: dir }).catch((err: unknown) => {
  console.error(err instanceof StartupError ? err.message : err);
  process.exit(1);
});
const applied = await underStartupLock(handle, () => migrateToLatest(handle.db));
console.log(applied.length ? `Uygulanan migration'lar: ${applied.join(', ')}` : 'Veritabanı güncel.');
await handle.close();
