import sharp from 'sharp';
import { isDatabaseUnavailable } from '../errors';
import { randomToken } from '../auth/tokens';
import type { Db } from '../db';
import type { Generation, GenerationStatus } from '../db/types';
import type { EventBus } from '../events/bus';
import type { Storage } from '../providers/storage';
import { runProviderJob, isProviderError, type AiProvider, type ProviderOutput } from '../providers/ai';
import type { StoredOutput } from '../services/generations';
import { latestCutout, runCutout } from '../services/studio';
import { M } from '../../shared/messages';
import { MAX_ATTEMPTS, claimJob, completeJob, failJob, renewLease, rescheduleJob, saveProgress, saveProviderRequest } from './queue';

export type WorkerDeps = { db: Db; bus: EventBus; storage: Storage; provider: AiProvider };
export type WorkerOptions = { concurrency: number; leaseMs?: number; pollMs?: number; workerId?: string };

/** The catalogue text a user sees for a final failure (SPEC §8 Generation). */
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

/** Exponential backoff with jitter: 2 s, 4 s, 8 s … capped at 60 s. */
function backoffMs(attempt: number): number {
  const base = Math.min(60_000, 1000 * 2 ** attempt);
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

/**
 * Generation worker: claims jobs from the Postgres queue, holds and renews a lease, runs
 * the provider (resuming a stored request instead of resubmitting), stores outputs and
 * thumbnails, and finishes with `completed`, a retry, or `failed` plus one refund.
 */
export class GenerationWorker {
  readonly workerId: string;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private stopping = new AbortController();
  private loops: Promise<void>[] = [];
  private wake: (() => void)[] = [];

  constructor(private readonly deps: WorkerDeps, private readonly opts: WorkerOptions) {
    this.workerId = opts.workerId ?? `worker-${process.pid}-${randomToken().slice(0, 8)}`;
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.pollMs = opts.pollMs ?? 1_000;
  }

  start(): void {
    for (let i = 0; i < this.opts.concurrency; i++) this.loops.push(this.loop());
  }

  /** Called when a job is queued in this process, so it starts without waiting for the poll. */
  notify(): void {
    this.wake.splice(0).forEach((fn) => fn());
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    this.notify();
    await Promise.allSettled(this.loops);
  }

  private async loop(): Promise<void> {
    while (!this.stopping.signal.aborted) {
      let worked = false;
      try {
        worked = await this.runOnce();
      } catch (err) {
        if (isDatabaseUnavailable(err)) console.warn('[worker] database unavailable:', (err as Error).message);
        else console.error('[worker]', err);
      }
      if (!worked && !this.stopping.signal.aborted) {
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, this.pollMs);
          this.wake.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
    }
  }

  /** Claims and runs one job; false when there was nothing to do. */
  async runOnce(): Promise<boolean> {
    const job = await claimJob(this.deps.db, this.workerId, this.leaseMs);
    if (!job) return false;
    await this.process(job);
    return true;
  }

  private publish(job: Generation, status: GenerationStatus, progress: number) {
    this.deps.bus.publish({ type: 'generation.updated', userId: job.user_id, generationId: job.id, status, progress });
  }

  /** The cut-out this image job uses: the one recorded on it, else the upload's latest, else a fresh automatic one. */
  private async cutoutFor(job: Generation) {
    const { db, storage } = this.deps;
    if (!job.upload_id) return null;
    if (job.cutout_id) {
      const recorded = await db.selectFrom('cutouts').selectAll().where('id', '=', job.cutout_id).executeTakeFirst();
      if (recorded) return recorded;
    }
    let cutout = await latestCutout(db, job.upload_id);
    if (!cutout) {
      const made = await runCutout({ db, storage }, job.user_id, { uploadId: job.upload_id }, { rateLimit: false });
      cutout = await db.selectFrom('cutouts').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
    }
    await db.updateTable('generations').set({ cutout_id: cutout.id }).where('id', '=', job.id).execute();
    return cutout;
  }

  private async process(job: Generation): Promise<void> {
    const { db, storage, provider } = this.deps;
    const lost = new AbortController();
    const signal = AbortSignal.any([lost.signal, this.stopping.signal]);
    const renew = setInterval(() => {
      renewLease(db, job.id, this.workerId, this.leaseMs)
        .then((ok) => ok || lost.abort(new Error('lease lost')))
        .catch(() => {});
    }, Math.max(1000, Math.floor(this.leaseMs / 3)));
    this.publish(job, 'processing', job.progress);

    let lastSaved = 0;
    let lastPct = -1;
    const onProgress = (pct: number) => {
      const p = Math.min(99, Math.round(pct));
      if (p <= lastPct) return;
      lastPct = p;
      this.publish(job, 'processing', p);
      if (Date.now() - lastSaved > 1000) {
        lastSaved = Date.now();
        void saveProgress(db, job.id, this.workerId, p).catch(() => {});
      }
    };

    try {
      const upload = job.upload_id
        ? await db.selectFrom('uploads').selectAll().where('id', '=', job.upload_id).executeTakeFirst()
        : undefined;
      const stored = upload ? await storage.get(upload.storage_key) : null;
      if (!upload || !stored) throw new Error('upload missing');
      const params = job.parameters;
      // Local studio images and videos compose from the upload's latest cut-out; when the seller never
      // previewed one, the automatic cut-out runs now (on the studio pool) and is recorded.
      const cutout = provider.usesCutout ? await this.cutoutFor(job) : null;
      const cutoutPng = cutout?.storage_key ? ((await storage.get(cutout.storage_key))?.bytes ?? null) : null;
      const saveRequestId = async (requestId: string | null) => {
        if (requestId) await saveProviderRequest(db, job.id, this.workerId, provider.name, requestId);
        else await db.updateTable('generations').set({ provider_request_id: null }).where('id', '=', job.id).execute();
      };
      const outputs = await untilAborted(
        signal,
        job.type === 'image'
          ? runProviderJob(provider, {
              kind: 'image',
              requestId: job.provider_request_id,
              saveRequestId,
              onProgress,
              signal,
              loadInput: async () => ({
                imageBytes: stored.bytes,
                mime: upload.mime,
                prompt: String(params.prompt ?? ''),
                category: params.category,
                numImages: 4,
                ...(provider.usesCutout ? { cutoutPng } : {}),
              }),
            })
          : runProviderJob(provider, {
              kind: 'video',
              requestId: job.provider_request_id,
              saveRequestId,
              onProgress,
              signal,
              loadInput: async () => ({
                imageBytes: stored.bytes,
                mime: upload.mime,
                prompt: String(params.prompt ?? ''),
                duration: Number(params.duration),
                aspectRatio: params.aspect_ratio === '9:16' ? '9:16' : '16:9',
                resolution: '1080p',
                ...(provider.usesCutout ? { cutoutPng, category: params.category } : {}),
              }),
            }),
      );

      const saved: StoredOutput[] = [];
      for (const [i, out] of outputs.entries()) {
        const key = `generations/${job.user_id}/${job.id}/${i}.${out.ext}`;
        const thumbKey = `generations/${job.user_id}/${job.id}/${i}.thumb.webp`;
        await storage.put(key, out.bytes, out.mime);
        await storage.put(thumbKey, await thumbnailOf(out, stored.bytes), 'image/webp');
        const role: StoredOutput['role'] =
          out.mime === 'image/jpeg' && out.role
            ? out.role
            : out.mime === 'video/mp4' ? 'video' : !provider.usesCutout ? undefined : i > 0 ? 'scene' : cutoutPng ? 'white' : 'framed';
        saved.push({ key, thumbKey, mime: out.mime, ...(out.width && out.height ? { width: out.width, height: out.height } : {}), ...(role ? { role } : {}) });
      }
      if (await completeJob(db, job.id, this.workerId, saved)) this.publish(job, 'completed', 100);
    } catch (err) {
      if (signal.aborted) return; // lease lost or shutting down: the next owner carries on
      // The database went away mid-job: nothing can be recorded now. The lease runs out and the
      // job is claimed again once the database is back; no attempt is burnt, nothing refunded.
      if (isDatabaseUnavailable(err)) {
        console.warn(`[worker] job ${job.id}: database unavailable, left for its lease to expire`);
        return;
      }
      const attempts = job.attempts;
      const retryable = isProviderError(err) ? err.retryable : true;
      if (retryable && attempts < MAX_ATTEMPTS) {
        console.warn(`[worker] job ${job.id} attempt ${attempts} failed, retrying:`, (err as Error).message);
        await rescheduleJob(db, job.id, this.workerId, backoffMs(attempts), true);
        this.publish(job, 'queued', 0);
        return;
      }
      console.error(`[worker] job ${job.id} failed:`, err);
      const refunded = await failJob(db, job.id, failureMessage(job.type, err));
      this.publish(job, 'failed', 0);
      if (refunded) this.deps.bus.publish({ type: 'credits.changed', userId: refunded.userId, balance: refunded.balance });
    } finally {
      clearInterval(renew);
    }
  }
}
