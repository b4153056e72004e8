import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { abortReason, ProviderError } from '../providers/ai/errors.js';
import type { StudioTask, StudioTaskResult } from './pool-tasks.js';
import { readEnv } from '../env.js';
import { RecentCutouts } from './recent-cutouts.js';

/**
 * A small worker-thread pool for the studio, shared by the generation worker
 * (image renders) and the `studio.cutout` preview, so neither ever runs a
 * second of pixel work on the event loop. One thread per core (at most
 * `size`); each thread loads OpenCV.js and TF.js once and keeps them.
 * Threads start on first use (and one more while all are busy, so a thread
 * is ready for the next seller) and are unref'd while idle, so an idle pool
 * never keeps a process alive.
 *
 * Fair share: every task has an owner (the seller's user id). Each owner has
 * its own FIFO queue, and a free thread goes to the waiting owner served
 * least recently, so one seller's long batch cannot make another's single
 * cut-out wait behind all of it. While another owner has work waiting, an owner
 * is given at most `perOwner` threads (default: all but one); a lone owner may
 * use every idle thread (work-conserving), and the next seller gets the first
 * thread that frees up.
 */
export class StudioPool {
  private readonly threads: Thread[] = [];
  /** Waiting tasks per owner, in the order each owner asked. */
  private readonly queues = new Map<string, Pending[]>();
  /** Tasks on a thread, per owner. */
  private readonly running = new Map<string, number>();
  /** When each active owner was last given a thread (a counter); an owner with nothing queued or running is forgotten. */
  private readonly served = new Map<string, number>();
  private serves = 0;
  private nextId = 1;
  private closed = false;
  readonly perOwner: number;
  private readonly workerUrl: URL;
  /** The last cut-outs made on this pool, per seller and photo (the process-wide pool only; null: none kept). */
  readonly recentCutouts: RecentCutouts | null;

  /**
   * `size` threads at most (the process-wide pool: STUDIO_THREADS, e.g. 1 in parallel test runs:
   * each thread holds ~400 MB); `perOwner` the cap per seller while others wait (the process-wide
   * pool: STUDIO_THREADS_PER_SELLER; all threads: another seller may wait for a whole task).
   */
  constructor(
    readonly size = Math.max(1, Math.min(2, availableParallelism())),
    opts: { perOwner?: number; workerUrl?: URL; rememberCutouts?: boolean } = {},
  ) {
    this.perOwner = Math.max(1, Math.min(size, opts.perOwner ?? size - 1));
    this.workerUrl = opts.workerUrl ?? new URL('./pool-worker.mjs', import.meta.url);
    this.recentCutouts = opts.rememberCutouts ? new RecentCutouts() : null;
  }

  /** What the pool is doing now (the metrics read it at scrape): threads busy, tasks waiting, sellers waiting. */
  stats(): { size: number; busy: number; queued: number; sellersWaiting: number } {
    let queued = 0;
    for (const q of this.queues.values()) queued += q.length;
    const sellersWaiting = [...this.queues.values()].filter((q) => q.length > 0).length;
    return { size: this.size, busy: this.threads.filter((t) => t.busy).length, queued, sellersWaiting };
  }

  /**
   * Runs `task` for `owner` (the seller's user id) after that owner's earlier tasks, in turn with
   * other owners. `signal` gives it up: a waiting task leaves the queue, a running one has its
   * thread stopped (a new one starts for the next task), so a shutdown never waits for pixel work
   * nobody will use.
   */
  run<T extends StudioTask>(
    task: T,
    /**
     * `interactive`: a short task a seller is watching (an editor round): it goes ahead of that
     * seller's own queued work (never ahead of another seller's turn).
     */
    opts: { owner: string; onProgress?: (pct: number) => void; signal?: AbortSignal; interactive?: boolean },
  ): Promise<StudioTaskResult<T>> {
    const { owner, onProgress, signal, interactive = false } = opts;
    if (this.closed) return Promise.reject(new Error('studio pool closed'));
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise((resolve, reject) => {
      const job: Pending = { id: this.nextId++, owner, task, onProgress, interactive, resolve: resolve as (v: unknown) => void, reject };
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
      let queue = this.queues.get(owner);
      if (!queue) this.queues.set(owner, (queue = []));
      if (interactive) {
        const at = queue.findIndex((q) => !q.interactive);
        queue.splice(at < 0 ? queue.length : at, 0, job);
      } else queue.push(job);
      this.dispatch();
    });
  }

  private abandon(job: Pending, reason: unknown): void {
    const queue = this.queues.get(job.owner);
    const queued = queue?.indexOf(job) ?? -1;
    if (queue && queued >= 0) {
      queue.splice(queued, 1);
      if (!queue.length) this.queues.delete(job.owner);
    }
    const thread = this.threads.find((t) => t.busy === job);
    if (thread) {
      // Out of `threads` first, so its exit is not reported as a failure of the pool.
      this.threads.splice(this.threads.indexOf(thread), 1);
      thread.busy = null;
      this.release(job);
      void thread.worker.terminate();
    }
    job.reject(reason);
    if (!this.closed) this.dispatch();
  }

  /** Tasks waiting for a free thread (for diagnostics and tests). */
  get waiting(): number {
    let n = 0;
    for (const q of this.queues.values()) n += q.length;
    return n;
  }

  /** Threads started (for diagnostics and tests). */
  get started(): number {
    return this.threads.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    const pending = [...this.queues.values()].flat();
    this.queues.clear();
    const threads = this.threads.splice(0);
    // Tasks on a thread end with it too, so nobody waits forever for an answer that cannot come.
    for (const t of threads) if (t.busy) pending.push(t.busy);
    for (const p of pending) p.reject(new Error('studio pool closed'));
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }

  private dispatch(): void {
    for (;;) {
      let thread = this.threads.find((t) => !t.busy);
      if (!thread && this.threads.length >= this.size) return;
      const owner = this.nextOwner();
      if (owner === undefined) return;
      const queue = this.queues.get(owner)!;
      const job = queue.shift()!;
      if (!queue.length) this.queues.delete(owner);
      this.running.set(owner, (this.running.get(owner) ?? 0) + 1);
      this.served.set(owner, ++this.serves);
      const warm = !PIXEL_ONLY.has(job.task.kind);
      thread ??= this.spawn(warm);
      thread.busy = job;
      thread.worker.ref();
      thread.worker.postMessage({ id: job.id, task: job.task });
      // Keep a started thread in hand: the next seller's cut-out should not pay for loading the runtimes.
      if (this.threads.length < this.size && this.threads.every((t) => t.busy)) this.spawn(warm);
    }
  }

  /**
   * Of the owners with a task waiting, the one served least recently (a newcomer first), preferring
   * owners under their cap; an owner at its cap gets a thread only when nobody under it waits, so
   * no thread idles while there is work (a lone seller's batch runs on all of them).
   */
  private nextOwner(): string | undefined {
    let best: string | undefined;
    let bestRank = Infinity;
    for (const owner of this.queues.keys()) {
      const atCap = (this.running.get(owner) ?? 0) >= this.perOwner;
      const rank = (atCap ? Number.MAX_SAFE_INTEGER / 2 : 0) + (this.served.get(owner) ?? 0);
      if (rank < bestRank) [best, bestRank] = [owner, rank];
    }
    return best;
  }

  /** A task left its thread (done, failed, or the thread died): its owner may take another. */
  private release(job: Pending): void {
    const n = (this.running.get(job.owner) ?? 1) - 1;
    if (n > 0) return void this.running.set(job.owner, n);
    this.running.delete(job.owner);
    if (!this.queues.has(job.owner)) this.served.delete(job.owner);
  }

  /** `warm`: load the cut-out runtimes now (a thread started for exports or renders never needs them unless a cut-out comes). */
  private spawn(warm: boolean): Thread {
    const worker = new Worker(this.workerUrl, { resourceLimits: { maxOldGenerationSizeMb: 1024 }, workerData: { warm } });
    const thread: Thread = { worker, busy: null };
    worker.on('message', (msg: { id?: number; progress?: number; result?: unknown; error?: SerializedError; ready?: boolean }) => {
      const job = thread.busy;
      if (!job || msg.id !== job.id) return;
      if (msg.progress !== undefined) {
        job.onProgress?.(msg.progress);
        return;
      }
      thread.busy = null;
      this.release(job);
      worker.unref();
      if (msg.error) job.reject(revive(msg.error));
      else job.resolve(msg.result);
      this.dispatch();
    });
    const fail = (err: unknown) => {
      const job = thread.busy;
      thread.busy = null;
      if (job) this.release(job);
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

/**
 * Tasks that are sharp pipelines only (exports, image renders, a video's layers): a thread started for them does not load OpenCV.js and
 * TF.js (a few hundred MB per thread) until a task that needs them arrives, so exports and image
 * renders on a server that has made no cut-out yet stay within the memory bound (issue 22).
 */
const PIXEL_ONLY = new Set<StudioTask['kind']>(['export', 'images', 'video-paint']);

type Pending = {
  id: number;
  owner: string;
  task: StudioTask;
  onProgress?: (pct: number) => void;
  interactive: boolean;
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

/** The process-wide pool if it was started (the metrics do not start one). */
export function studioPoolIfStarted(): StudioPool | null {
  return shared;
}

/** The process-wide pool: the job worker and the cut-out preview share it. */
export function studioPool(): StudioPool {
  // Sized by the process's settings (server/env.ts), read when the pool is first used.
  if (!shared) {
    const env = readEnv();
    shared = new StudioPool(env.STUDIO_THREADS, { perOwner: env.STUDIO_THREADS_PER_SELLER, rememberCutouts: true });
  }
  return shared;
}
