import { readEnvOrExit } from '../env';
import { operatorLine } from '../db/data-dir-lock';
import { migrateToLatest } from '../db/migrator';
import { underStartupLock } from '../db/startup-lock';
import { eventBusFor, providerFromEnv, storageFromEnv } from '../runtime';
import { createLogger, setProcessLogger } from '../lib/log';
import { checkStorage, exitOnStartupError, openConfiguredDatabase } from '../preflight';
import { GenerationWorker } from './worker';
import { DataExportWorker } from './data-exports';
import { serveMetrics } from '../http/metrics-routes';

/**
 * `npm run worker`: generation and data-export workers in their own process against the same database and
 * storage as the server (run the server with WORKER_CONCURRENCY=0 to leave jobs to these).
 * It needs DATABASE_URL (PostgreSQL): it refuses the embedded database, which one process owns.
 * Events reach the server's subscribers through Postgres NOTIFY. Settings are checked before anything
 * is opened; a database that is down is waited for (docs/operations.md).
 */
const env = readEnvOrExit();
const logger = createLogger({ level: env.LOG_LEVEL });
setProcessLogger(logger);
// The embedded database belongs to the server's process alone: a worker beside it would corrupt it.
if (!env.DATABASE_URL) {
  process.stderr.write(`${operatorLine((m) => m.operator.workerNeedsDatabaseUrl)}\n`);
  process.exit(1);
}
try {
  const storage = storageFromEnv(env);
  await checkStorage(storage, env);
  const handle = await openConfiguredDatabase(env, logger);
  await underStartupLock(handle, () => migrateToLatest(handle.db));
  const bus = await eventBusFor(handle);
  const provider = providerFromEnv(env);
  const worker = new GenerationWorker(
    { db: handle.db, bus, storage, provider, logger },
    { concurrency: Math.max(1, env.WORKER_CONCURRENCY), perSeller: env.WORKER_JOBS_PER_SELLER },
  );
  worker.start();
  // "Verilerimi indir" zips are built here too, away from the processes answering requests.
  const exportWorker = new DataExportWorker({ db: handle.db, storage });
  exportWorker.start();
  logger.info(`Üretim işçisi çalışıyor (${worker.workerId}, sağlayıcı: ${provider.name}).`);
  // The runs finished here are counted here: a web process's /metrics never sees them.
  const metrics = env.METRICS_PORT ? await serveMetrics(handle.db, env.METRICS_PORT, undefined) : undefined;
  if (metrics) logger.info(`Metrics: http://localhost:${metrics.port}/metrics`);
  const stop = async () => {
    metrics?.server.close();
    await worker.stop();
    await exportWorker.stop();
    await bus.close();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (err) {
  exitOnStartupError(err, logger);
}
