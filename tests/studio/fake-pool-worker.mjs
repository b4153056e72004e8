// A stand-in studio thread for the pool's scheduling tests: every task takes a fixed time
// (no CPU, so the timings hold on a busy machine) and answers with when it ran and its tag
// (the first byte of a cut-out's photo).
import { parentPort } from 'node:worker_threads';

const TASK_MS = Number(process.env.FAKE_STUDIO_MS) || 200;

parentPort.on('message', ({ id, task }) => {
  const startedAt = Date.now();
  setTimeout(() => {
    const tag = task.kind === 'cutout' ? task.bytes[0] : -1;
    parentPort.postMessage({
      id,
      result: {
        ok: false,
        reasons: ['uncertain'],
        width: 1,
        height: 1,
        confidence: 0,
        timings: { totalMs: TASK_MS },
        tag,
        startedAt,
        endedAt: Date.now(),
      },
    });
  }, TASK_MS);
});
