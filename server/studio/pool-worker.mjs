// Entry of one studio worker thread. Plain JS so it starts the same way under
// `node --import tsx`, vitest and the bench: it registers tsx for this thread,
// then loads the TypeScript task module (which loads the WASM runtimes once).
import { register } from 'tsx/esm/api';
import { parentPort, workerData } from 'node:worker_threads';

register();
const { runTask, warmUp } = await import('./pool-tasks.ts');
// Loaded now, not on the first task: a thread may be started ahead, for the next seller's cut-out.
// A thread started for exports or renders does not: a cut-out loads them when it comes.
if (workerData?.warm !== false) warmUp().catch(() => {}); // a failure shows again, with its reason, in the first task

parentPort.on('message', async (msg) => {
  const { id, task } = msg;
  try {
    const result = await runTask(task, (pct) => parentPort.postMessage({ id, progress: pct }));
    parentPort.postMessage({ id, result });
  } catch (err) {
    parentPort.postMessage({
      id,
      error: {
        message: err instanceof Error ? err.message : String(err),
        providerError: err && err.name === 'ProviderError' ? { kind: err.kind, retryable: err.retryable, detail: err.detail } : null,
      },
    });
  }
});
parentPort.postMessage({ ready: true });
