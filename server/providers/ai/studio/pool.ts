import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { abortReason, ProviderError } from '../errors.js';
import type { StudioTask, StudioTaskResult } from './pool-tasks.js';

/**
 * A small worker-thread pool for the studio, shared by the generation worker
 * (image renders) and the `studio.cutout` preview, so neither ever runs a
 * second of pixel work on the event loop. One thread per core (at most
 * `size`); each thread loads OpenCV.js and TF.js once and keeps them.
 * Threads start on first use and are unref'd while idle, so an idle pool
 * never keeps a process alive.
 */
export class StudioPool {
  private readonly threads: Thread[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  /** STUDIO_THREADS overrides the size (e.g. 1 in parallel test runs: each thread holds ~400 MB). */
  constructor(readonly size = Number(process.env.STUDIO_THREADS) || Math.max(1, Math.min(2, availableParallelism()))) {}

  /**
   * Runs a task on a free thread. `signal` gives it up: a waiting task leaves the queue, a running
   * one has its thread stopped (a new one starts for the next task), so a shutdown never waits
   * for pixel work nobody will use.
   */
  run<T extends StudioTask>(task: T, onProgress?: (pct: number) => void, signal?: AbortSignal): Promise<StudioTaskResult<T>> {
    if (this.closed) return Promise.reject(new Error('studio pool closed'));
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise((resolve, reject) => {
      const job: Pending = { id: this.nextId++, task, onProgress, resolve: resolve as (v: unknown) => void, reject };
      if (signal) {
        const onAbort = () => this.abandon(job, abortReason(signal));
        signal.addEventListener('abort', onAbort, { once: true });
        const settle = (fn: (v: unknown) => void) => (v: unknown) => {
          signal.removeEventListener('abort', onAbort);
          fn(v);
        };
        job.resolve = settle(job.resolve);
        job.reject = settle(job.reject);
      }
      this.queue.push(job);
      this.dispatch();
    });
  }

  private abandon(job: Pending, reason: unknown): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    const thread = this.threads.find((t) => t.busy === job);
    if (thread) {
      // Out of `threads` first, so its exit is not reported as a failure of the pool.
      this.threads.splice(this.threads.indexOf(thread), 1);
      thread.busy = null;
      void thread.worker.terminate();
    }
    job.reject(reason);
    if (!this.closed) this.dispatch();
  }

  /** Tasks waiting for a free thread (for diagnostics and tests). */
  get waiting(): number {
    return this.queue.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new Error('studio pool closed'));
    await Promise.all(this.threads.splice(0).map((t) => t.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length) {
      let thread = this.threads.find((t) => !t.busy);
      if (!thread && this.threads.length < this.size) thread = this.spawn();
      if (!thread) return;
      const job = this.queue.shift()!;
      thread.busy = job;
      thread.worker.ref();
      thread.worker.postMessage({ id: job.id, task: job.task });
    }
  }

  private spawn(): Thread {
    const worker = new Worker(new URL('./pool-worker.mjs', import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: 1024 } });
    const thread: Thread = { worker, busy: null };
    worker.on('message', (msg: { id?: number; progress?: number; result?: unknown; error?: SerializedError; ready?: boolean }) => {
      const job = thread.busy;
      if (!job || msg.id !== job.id) return;
      if (msg.progress !== undefined) {
        job.onProgress?.(msg.progress);
        return;
      }
      thread.busy = null;
      worker.unref();
      if (msg.error) job.reject(revive(msg.error));
      else job.resolve(msg.result);
      this.dispatch();
    });
    const fail = (err: unknown) => {
      const job = thread.busy;
      thread.busy = null;
      const i = this.threads.indexOf(thread);
      if (i >= 0) this.threads.splice(i, 1);
      job?.reject(
        new ProviderError('other', {
          retryable: true,
          detail: `studio worker stopped: ${err instanceof Error ? err.message : String(err)}`,
          cause: err,
        }),
      );
      if (!this.closed) this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (this.threads.includes(thread)) fail(new Error(`exit ${code}`));
    });
    worker.unref();
    this.threads.push(thread);
    return thread;
  }
}

type Pending = {
  id: number;
  task: StudioTask;
  onProgress?: (pct: number) => void;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
};
type Thread = { worker: Worker; busy: Pending | null };
type SerializedError = { message: string; providerError: { kind: ProviderError['kind']; retryable: boolean; detail?: string } | null };

function revive(e: SerializedError): Error {
  if (e.providerError)
    return new ProviderError(e.providerError.kind, { retryable: e.providerError.retryable, detail: e.providerError.detail });
  return new ProviderError('other', { retryable: true, detail: e.message });
}

let shared: StudioPool | null = null;

/** The process-wide pool: the job worker and the cut-out preview share it. */
export function studioPool(): StudioPool {
  shared ??= new StudioPool();
  return shared;
}
