import { Worker } from 'node:worker_threads';
import type { ExportPresetId } from '../../shared/export-presets';
import type { StoredOutput } from '../../shared/schemas/generations';

type Job = { id: number; resolve: (r: { bytes: Buffer; upscale: number }) => void; reject: (e: Error) => void };
type Thread = { worker: Worker; job: Job | null };

/**
 * Export images are rendered on worker threads: a cut-out's pixel loops and the large raw buffers
 * of a 12 MP image would otherwise hold the event loop (and its garbage collector) for hundreds of
 * milliseconds per image, stalling every other seller's requests. Callers bound how many run at
 * once (see exports.ts); an idle thread is kept, unref'd, for the next export.
 */
const idle: Thread[] = [];
let nextId = 1;

function spawn(): Thread {
  const worker = new Worker(new URL('./export-render-worker.mjs', import.meta.url));
  const thread: Thread = { worker, job: null };
  worker.on('message', (msg: { id: number; bytes?: Uint8Array; upscale?: number; error?: string }) => {
    const job = thread.job;
    if (!job || job.id !== msg.id) return;
    thread.job = null;
    worker.unref();
    idle.push(thread);
    if (msg.error !== undefined) job.reject(new Error(msg.error));
    else job.resolve({ bytes: Buffer.from(msg.bytes!.buffer, msg.bytes!.byteOffset, msg.bytes!.byteLength), upscale: msg.upscale! });
  });
  const fail = (err: Error) => {
    const i = idle.indexOf(thread);
    if (i >= 0) idle.splice(i, 1);
    thread.job?.reject(err);
    thread.job = null;
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`export render thread stopped (${code})`)));
  return thread;
}

/** `exportImage` on a worker thread. */
export function renderOffThread(
  output: { bytes: Buffer; role?: StoredOutput['role'] },
  presetId: ExportPresetId,
  cutoutPng: Buffer | null,
): Promise<{ bytes: Buffer; upscale: number }> {
  const thread = idle.pop() ?? spawn();
  return new Promise((resolve, reject) => {
    thread.job = { id: nextId++, resolve, reject };
    thread.worker.ref();
    thread.worker.postMessage({ id: thread.job.id, bytes: output.bytes, role: output.role, presetId, cutoutPng });
  });
}
