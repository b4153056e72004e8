import { readEnvOrExit } from '../env';
import { operatorLine } from '../db/data-dir-lock';

/**
 * `npm run worker`: generation and data-export workers in their own process (run the server with
 * WORKER_CONCURRENCY=0 to leave jobs to these). Settings are checked before the workers' modules load
 * (a few seconds), so a bad one answers at once. It needs DATABASE_URL (PostgreSQL): it refuses the
 * embedded database, which one process owns.
 */
const env = readEnvOrExit();
// The embedded database belongs to the server's process alone: a worker beside it would corrupt it.
if (!env.DATABASE_URL) {
  process.stderr.write(`${operatorLine((m) => m.operator.workerNeedsDatabaseUrl)}\n`);
  process.exit(1);
}
const { runWorkerProcess } = await import('./worker-process');
await runWorkerProcess(env);
