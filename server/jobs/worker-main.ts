import { readEnv } from '../env';
import { openDatabase } from '../db';
import { operatorLine } from '../db/data-dir-lock';
import { migrateToLatest } from '../db/migrator';
import { underStartupLock } from '../db/startup-lock';
import { eventBusFor, providerFromEnv, storageFromEnv } from '../runtime';
import { GenerationWorker } from './worker';
import { DataExportWorker } from './data-exports';

/**
 * `npm run worker`: generation and data-export workers in their own process against the same database and
 * storage as the server (run the server with WORKER_CONCURRENCY=0 to leave jobs to these).
 * It needs DATABASE_URL (PostgreSQL): it refuses the embedded database, which one process owns.
 */
const env = readEnv();
// The embedded database belongs to the server's process alone: a worker beside it would corrupt it.
if (!env.DATABASE_URL) {
  console.error(operatorLine((m) => m.operator.workerNeedsDatabaseUrl));
  process.exit(1);
}
const handle = await openDatabase({ databaseUrl: env.DATABASE_URL });
await underStartupLock(handle, () => migrateToLatest(handle.db));
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
