import type { Env } from '../env';
import { migrateToLatest } from '../db/migrator';
import { underStartupLock } from '../db/startup-lock';
import { eventBusFor, providerFromEnv, storageFromEnv, testProviderFor } from '../runtime';
import { checkStorage, openConfiguredDatabase } from '../preflight';
import { runProcess } from '../process';
import { GenerationWorker } from './worker';
import { DataExportWorker } from './data-exports';
import { serveMetrics } from '../http/metrics-routes';

/**
 * `npm run worker`'s process on settings already checked (server/jobs/worker-main.ts): generation and
 * data-export workers against the same database and storage as the server. Events reach the server's
 * subscribers through Postgres NOTIFY; a database that is down is waited for (docs/operations.md).
 */
export function runWorkerProcess(env: Env): Promise<void> {
  return runProcess(env, async (logger) => {
    const storage = storageFromEnv(env);
    await checkStorage(storage, env);
    const handle = await openConfiguredDatabase(env, logger);
    await underStartupLock(handle, () => migrateToLatest(handle.db));
    const bus = await eventBusFor(handle);
    const provider = providerFromEnv(env);
    const worker = new GenerationWorker(
      { db: handle.db, bus, storage, provider, testProvider: testProviderFor(provider), logger },
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
    return {
      close: async () => {
        metrics?.server.close();
        await worker.stop();
        await exportWorker.stop();
        await bus.close();
        await handle.close();
      },
    };
  });
}
