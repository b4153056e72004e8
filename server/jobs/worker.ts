import sharp from 'sharp';
import { isDatabaseUnavailable } from '../errors';
import { randomToken } from '../auth/tokens';
import type { Db } from '../db';
import type { Generation, GenerationStatus } from '../db/types';
import type { EventBus } from '../events/bus';
import type { Storage } from '../providers/storage';
import {
  runProviderJob,
  isProviderError,
  type AiProvider,
  type ImageJobInput,
  type ProviderOutput,
  type VideoJobInput,
} from '../providers/ai';
import type { StoredOutput } from '../../shared/schemas/generations';
import { isErased, readProviderInputs, rowParams } from '../db/read';
import { chooseCutout } from '../services/studio';
import { TEST_OUTPUT_MAX, markTestOutputs } from '../services/api-test-mode';
import { M } from '../../shared/messages';
import {
  MAX_ATTEMPTS,
  claimJob,
  clearProviderRequest,
  saveProviderInputs,
  completeJob,
  endNeedsConsent,
  failJob,
  recordCutout,
  releaseJob,
  renewLease,
  rescheduleJob,
  saveProgress,
  saveProviderRequest,
} from './queue';
import { PollLoop } from '../lib/poll-loop';
import { onGenerationQueued } from '../services/generations';
import { log, type Logger } from '../lib/log';
import { claimerReports, databaseOutage } from '../lib/outage';
import { runRetries } from '../lib/metrics';

export type WorkerDeps = {
  db: Db;
  bus: EventBus;
  storage: Storage;
  provider: AiProvider;
  /**
   * What a test key's runs use (issue 34 item 4): the local studio, whatever `provider` is, so a free test
   * run never costs the operator a fal call. Default `provider` (a worker that only ever sees live runs).
   */
  testProvider?: AiProvider;
  /** Job lines (run id, seller id, attempt); default the process logger. */
  logger?: Logger;
};
export type WorkerOptions = {
  concurrency: number;
  leaseMs?: number;
  pollMs?: number;
  workerId?: string;
  /** First retry delay; later ones double (tests shorten it). */
  retryBaseMs?: number;
  /** Jobs of one seller processing at once across all workers (every process must use the same number). */
  perSeller?: number;
};

/** The catalogue text a user sees for a final failure (docs/product.md §8 Generation). */
export function failureMessage(type: Generation['type'], err: unknown): string {
  if (!isProviderError(err)) return M.generation.unknown;
  switch (err.kind) {
    case 'api_key':
      return M.generation.apiKey;
    case 'network':
      return M.generation.network;
    case 'quota':
      return M.generation.quota;
    default: {
      const detail = (err.detail ?? err.kind).slice(0, 200);
      return type === 'image' ? M.generation.imageOther(detail) : M.generation.videoOther(detail);
    }
  }
}

/** Exponential backoff with jitter: 2 s, 4 s, 8 s … (by default) capped at 60 s. */
function backoffMs(attempt: number, baseMs = 1000): number {
  const base = Math.min(60_000, baseMs * 2 ** attempt);
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

/** Stops waiting when the lease is lost or the worker stops, even if a provider ignores the signal. */
function untilAborted<T>(signal: AbortSignal, work: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new Error('aborted'));
    // `work` is always observed, also when we stop waiting for it: its later failure (often the
    // same abort) must not surface as an unhandled rejection.
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

async function thumbnailOf(output: ProviderOutput, fallbackImage: Buffer): Promise<Buffer> {
  const source = output.mime === 'image/jpeg' ? output.bytes : fallbackImage;
  return sharp(source).resize(480, 480, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
}

type Photo = { bytes: Buffer; mime: string };

/**
 * The one mapping from a job's stored parameters to the provider's input: the fields are
 * passed under their own names, with the photo and, for the local studio (`cutoutPng` not
 * undefined), its cut-out. The row's `type` says which kind of parameters it holds.
 */
export function providerInput(
  job: Generation,
  photo: Photo,
  cutoutPng: Buffer | null | undefined,
): { kind: 'image'; input: ImageJobInput } | { kind: 'video'; input: VideoJobInput } {
  const source = { imageBytes: photo.bytes, mime: photo.mime, ...(cutoutPng !== undefined ? { cutoutPng } : {}) };
  const owner = job.user_id;
  const params = rowParams(job);
  // Account deletion empties a run's parameters; one still queued then has nothing to run.
  if (isErased(params)) throw new Error(`generation ${job.id} was erased with its account`);
  // The stored parameters are the provider's input as they are: one shape from the form to the studio.
  if (params.type === 'image') return { kind: 'image', input: { ...params.parameters, ...source, owner } };
  // A test key's video is delivered small (markTestOutputs): the local studio renders it small too.
  return { kind: 'video', input: { ...params.parameters, ...source, owner, ...(job.livemode ? {} : { maxSide: TEST_OUTPUT_MAX }) } };
}

/** What an output is: the provider's word for a JPEG, else 'video', else (local studio) white or framed first, then scenes. */
function roleOf(out: ProviderOutput, index: number, cutoutPng: Buffer | null | undefined): StoredOutput['role'] {
  if (out.mime === 'image/jpeg' && out.role) return out.role;
  if (out.mime === 'video/mp4') return 'video';
  if (cutoutPng === undefined) return undefined;
  return index > 0 ? 'scene' : cutoutPng ? 'white' : 'framed';
}

/**
 * Generation worker: claims jobs from the Postgres queue, holds and renews a lease, runs
 * the provider (resuming a stored request instead of resubmitting), stores outputs and
 * thumbnails, and finishes with `completed`, a retry, or `failed` plus one refund.
 */
export class GenerationWorker {
  readonly workerId: string;
  private readonly leaseMs: number;
  private stopping = new AbortController();
  private readonly poll: PollLoop;

  constructor(
    private readonly deps: WorkerDeps,
    private readonly opts: WorkerOptions,
  ) {
    this.workerId = opts.workerId ?? `worker-${process.pid}-${randomToken().slice(0, 8)}`;
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.poll = new PollLoop({
      runOnce: () => this.runOnce(),
      pollMs: opts.pollMs ?? 1_000,
      concurrency: opts.concurrency,
      subscribe: onGenerationQueued,
      ...claimerReports('worker', (err) => this.logger.error({ err, worker: this.workerId }, 'worker round failed')),
    });
  }

  private get logger(): Logger {
    return this.deps.logger ?? log();
  }

  /** The fields of every line about one job. */
  private jobFields(job: Generation) {
    return { runId: job.id, sellerId: job.user_id, attempt: job.attempts, type: job.type, worker: this.workerId };
  }

  start(): void {
    this.poll.start();
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.poll.stop();
  }

  /** Claims and runs one job; false when there was nothing to do. */
  async runOnce(): Promise<boolean> {
    const job = await claimJob(this.deps.db, this.workerId, this.leaseMs, new Date(), this.opts.perSeller);
    if (!job) return false;
    // Past the cap only by reclaims after lost leases (a retry is never queued past it): a run
    // whose worker died that often (out of memory on its photo?) fails now with one refund, so it
    // cannot crash every worker in turn for ever.
    if (job.attempts > MAX_ATTEMPTS) await this.failed(job, M.generation.interrupted);
    else await this.process(job);
    return true;
  }

  /** The provider that renders this run: a test key's run the test provider (the local studio). */
  private providerFor(job: Generation): AiProvider {
    return job.livemode ? this.deps.provider : (this.deps.testProvider ?? this.deps.provider);
  }

  private publish(job: Generation, status: GenerationStatus, progress: number) {
    this.deps.bus.publish({ type: 'generation.updated', userId: job.user_id, generationId: job.id, status, progress });
  }

  /**
   * The cut-out this job uses: the one fixed when it was accepted (issue 37: the worker never cuts
   * again for a run that has one). A run without one (an API run, or one accepted before runs named
   * their cut-out) gets `chooseCutout`'s answer, recorded on it: with the box it was sent with, if any.
   */
  private async cutoutFor(job: Generation, signal: AbortSignal) {
    const { db, storage } = this.deps;
    if (!job.upload_id) return null;
    if (job.cutout_id) {
      const recorded = await db.selectFrom('cutouts').selectAll().where('id', '=', job.cutout_id).executeTakeFirst();
      if (recorded) return recorded;
    }
    const params = rowParams(job);
    const subject = params.type === 'image' && !isErased(params) ? params.parameters.subject : undefined;
    const cutout = await chooseCutout({ db, storage }, job.user_id, job.upload_id, null, { rateLimit: false, signal, subject });
    await recordCutout(db, job.id, cutout.id);
    return cutout;
  }

  /** One job from claim to its end: completed, rescheduled, failed and refunded, or left to its lease. */
  private async process(job: Generation): Promise<void> {
    const lease = this.holdLease(job);
    const started = Date.now();
    this.logger.info(this.jobFields(job), 'run started');
    this.publish(job, 'processing', job.progress);
    try {
      const photo = await this.photoOf(job);
      // Local studio images and videos, and fal's image scenes, compose from the run's own cut-out
      // (fixed when it was accepted). A stopping worker waits for neither step.
      const uses = this.providerFor(job).usesCutout;
      const cutoutPng =
        uses === true || (uses === 'image' && job.type === 'image')
          ? await untilAborted(lease.signal, this.cutoutPngFor(job, lease.signal))
          : undefined;
      // An API run accepted before its cut-out was judged, without consent to a framed run (issue
      // 34 item 9): an untrusted cut-out ends it as needs_consent, refunded, before any rendering.
      if (cutoutPng === null && job.consent_required) return await this.needsConsent(job);
      const made = await untilAborted(lease.signal, this.runProvider(job, photo, cutoutPng, lease.signal));
      // A test key's run (issue 34 item 4): the same outputs, small and marked "TEST".
      const outputs = job.livemode ? made : await markTestOutputs(made);
      const saved = await this.storeOutputs(job, outputs, photo.bytes, cutoutPng);
      if (await completeJob(this.deps.db, job.id, this.workerId, saved)) {
        this.publish(job, 'completed', 100);
        this.logger.info({ ...this.jobFields(job), durationMs: Date.now() - started, outputs: saved.length }, 'run completed');
      }
    } catch (err) {
      if (lease.signal.aborted) {
        // Lease lost: the next owner carries on. Shutting down: hand the job back for the next worker now.
        if (this.stopping.signal.aborted && (await releaseJob(this.deps.db, job.id, this.workerId).catch(() => false))) {
          this.publish(job, 'queued', 0);
          this.logger.info(this.jobFields(job), 'run handed back to the queue (worker stopping)');
        } else this.logger.warn(this.jobFields(job), 'run lease lost; another worker carries on');
        return;
      }
      await this.fail(job, err);
    } finally {
      lease.release();
    }
  }

  /** Renews the job's lease every third of it; `signal` aborts when the lease is lost or the worker stops. */
  private holdLease(job: Generation): { signal: AbortSignal; release: () => void } {
    const lost = new AbortController();
    const renew = setInterval(
      () => {
        renewLease(this.deps.db, job.id, this.workerId, this.leaseMs)
          .then((ok) => ok || lost.abort(new Error('lease lost')))
          .catch(() => {});
      },
      Math.max(1000, Math.floor(this.leaseMs / 3)),
    );
    return { signal: AbortSignal.any([lost.signal, this.stopping.signal]), release: () => clearInterval(renew) };
  }

  /** Publishes rising progress at once and saves it on the row at most once a second. */
  private progressReporter(job: Generation): (pct: number) => void {
    let lastSaved = 0;
    let lastPct = -1;
    return (pct) => {
      const p = Math.min(99, Math.round(pct));
      if (p <= lastPct) return;
      lastPct = p;
      this.publish(job, 'processing', p);
      if (Date.now() - lastSaved > 1000) {
        lastSaved = Date.now();
        void saveProgress(this.deps.db, job.id, this.workerId, p).catch(() => {});
      }
    };
  }

  /** The uploaded photo the job starts from. */
  private async photoOf(job: Generation): Promise<Photo> {
    const upload = job.upload_id
      ? await this.deps.db.selectFrom('uploads').selectAll().where('id', '=', job.upload_id).executeTakeFirst()
      : undefined;
    const stored = upload ? await this.deps.storage.get(upload.storage_key) : null;
    if (!upload || !stored) throw new Error('upload missing');
    return { bytes: stored.bytes, mime: upload.mime };
  }

  /** The PNG of the job's cut-out, or null when it fell back to the framed photo. */
  private async cutoutPngFor(job: Generation, signal: AbortSignal): Promise<Buffer | null> {
    const cutout = await this.cutoutFor(job, signal);
    return cutout?.storage_key ? ((await this.deps.storage.get(cutout.storage_key))?.bytes ?? null) : null;
  }

  /** Resumes the stored provider request or submits one (see runProviderJob), reporting progress. */
  private runProvider(job: Generation, photo: Photo, cutoutPng: Buffer | null | undefined, signal: AbortSignal): Promise<ProviderOutput[]> {
    const { db } = this.deps;
    const provider = this.providerFor(job);
    const common = {
      requestId: job.provider_request_id,
      saveRequestId: async (requestId: string | null) => {
        if (requestId) await saveProviderRequest(db, job.id, this.workerId, provider.name, requestId);
        else await clearProviderRequest(db, job.id);
      },
      inputs: readProviderInputs(job.provider_inputs),
      saveInputs: (inputs: Record<string, string>) => saveProviderInputs(db, job.id, this.workerId, inputs),
      onProgress: this.progressReporter(job),
      signal,
    };
    const input = providerInput(job, photo, cutoutPng);
    return runProviderJob(
      provider,
      input.kind === 'image'
        ? { ...common, kind: 'image', loadInput: async () => input.input }
        : { ...common, kind: 'video', loadInput: async () => input.input },
    );
  }

  /** Stores each output and its thumbnail under the owner's prefix, recording size and role. */
  private async storeOutputs(
    job: Generation,
    outputs: ProviderOutput[],
    photo: Buffer,
    cutoutPng: Buffer | null | undefined,
  ): Promise<StoredOutput[]> {
    const saved: StoredOutput[] = [];
    for (const [i, out] of outputs.entries()) {
      const key = `generations/${job.user_id}/${job.id}/${i}.${out.ext}`;
      const thumbKey = `generations/${job.user_id}/${job.id}/${i}.thumb.webp`;
      await this.deps.storage.put(key, out.bytes, out.mime);
      await this.deps.storage.put(thumbKey, await thumbnailOf(out, photo), 'image/webp');
      const role = roleOf(out, i, cutoutPng);
      saved.push({
        key,
        thumbKey,
        mime: out.mime,
        ...(out.width && out.height ? { width: out.width, height: out.height } : {}),
        ...(role ? { role } : {}),
        ...(out.mime === 'image/jpeg' && out.view ? { view: out.view } : {}),
      });
    }
    return saved;
  }

  /** A failed attempt: left to its lease when the database is away, retried while it may, else failed with one refund. */
  private async fail(job: Generation, err: unknown): Promise<void> {
    const { db } = this.deps;
    // The database went away mid-job: nothing can be recorded now. The run is not at fault, so
    // it is handed back, attempt not counted, as soon as the database returns within its lease.
    if (isDatabaseUnavailable(err)) {
      databaseOutage.failed(err, 'worker');
      this.logger.debug(this.jobFields(job), 'run handed back when the database returns (database unavailable)');
      await this.handBackAfterOutage(job);
      return;
    }
    const attempts = job.attempts;
    const retryable = isProviderError(err) ? err.retryable : true;
    if (retryable && attempts < MAX_ATTEMPTS) {
      this.logger.warn({ ...this.jobFields(job), err: errorFields(err) }, 'run attempt failed; retrying');
      runRetries.inc({ type: job.type, provider: this.providerFor(job).name });
      await rescheduleJob(db, job.id, this.workerId, backoffMs(attempts, this.opts.retryBaseMs), true);
      this.publish(job, 'queued', 0);
      return;
    }
    await this.failed(job, failureMessage(job.type, err), err);
  }

  /**
   * Tries, about once a second for one lease, to hand the run back (queued, its attempt not
   * counted) while the database is away. An outage longer than that lets the lease run out: the
   * next claim then counts as an attempt, as after a crash (a worker cannot tell the two apart).
   */
  private async handBackAfterOutage(job: Generation): Promise<void> {
    const until = Date.now() + this.leaseMs;
    while (Date.now() < until && !this.stopping.signal.aborted) {
      try {
        if (await releaseJob(this.deps.db, job.id, this.workerId)) this.publish(job, 'queued', 0);
        return;
      } catch (err) {
        if (!isDatabaseUnavailable(err)) throw err;
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }

  /** An API run whose cut-out was not trusted: needs_consent, refunded in the same transaction, announced. */
  private async needsConsent(job: Generation): Promise<void> {
    const refunded = await endNeedsConsent(this.deps.db, job.id);
    this.logger.info({ ...this.jobFields(job), refunded: !!refunded }, 'run needs consent to a framed photo');
    this.publish(job, 'failed', 0);
    if (refunded) this.deps.bus.publish({ type: 'credits.changed', userId: refunded.userId, balance: refunded.balance });
  }

  /** The final failure: `failed` with the catalogue text and one refund, announced. */
  private async failed(job: Generation, message: string, err?: unknown): Promise<void> {
    const refunded = await failJob(this.deps.db, job.id, message);
    this.logger.error(
      { ...this.jobFields(job), ...(err === undefined ? {} : { err: errorFields(err) }), refunded: !!refunded },
      'run failed',
    );
    this.publish(job, 'failed', 0);
    if (refunded) this.deps.bus.publish({ type: 'credits.changed', userId: refunded.userId, balance: refunded.balance });
  }
}

/** An error as log fields: its kind and message, never its request or headers (they may carry a key). */
function errorFields(err: unknown): { message: string; kind?: string; retryable?: boolean } {
  if (isProviderError(err)) return { message: err.message, kind: err.kind, retryable: err.retryable };
  return { message: err instanceof Error ? err.message : String(err) };
}
