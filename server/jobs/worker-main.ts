import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { readEnv } from '../env';
import { openDatabase } from '../db';
import { migrateToLatest } from '../db/migrator';
import { eventBusFor, providerFromEnv, storageFromEnv } from '../runtime';
import { GenerationWorker } from './worker';
import { DataExportWorker } from './data-exports';

/**
 * `npm run worker`: generation and data-export workers in their own process against the same database and
 * storage as the server (run the server with WORKER_CONCURRENCY=0 to leave jobs to these).
 * Events reach the server's subscribers through Postgres NOTIFY, so use DATABASE_URL.
 */
const env = readEnv();
const dataDir = path.resolve(env.DATA_DIR);
if (!env.DATABASE_URL) {
  console.warn('DATABASE_URL yok: ayrı işçi yalnızca gömülü veritabanını paylaşamaz; sunucu içi işçileri kullanın.');
  mkdirSync(path.join(dataDir, 'db'), { recursive: true });
}
const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: path.join(dataDir, 'db') });
await migrateToLatest(handle.db);
const bus = await eventBusFor(handle);
const storage = storageFromEnv(env);
const provider = providerFromEnv(env);
const worker = new GenerationWorker(
  { db: handle.db, bus, storage, provider },
  { concurrency: Math.max(1, env.WORKER_CONCURRENCY), perSeller: env.WORKER_JOBS_PER_SELLER },
);
worker.start();
// "Verilerimi indir" zips are built here too, away from the processes answering requests.
const exportWorker = new DataExportWorker({ db: handle.db, storage });
exportWorker.start();
console.log(`Üretim işçisi çalışıyor (${worker.workerId}, sağlayıcı: ${provider.name}).`);
const stop = async () => {
  await worker.stop();
  await exportWorker.stop();
  await bus.close();
  await handle.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
