import { randomUUID } from 'node:crypto';
import { abortReason, ProviderError } from './errors.js';
import { studioPool, type StudioPool } from '../../studio/pool.js';
import { renderProductVideo, type VideoPainter } from '../../studio/video-cutout.js';
import type { AiProvider, AiRequest, ImageJobInput, ProviderOutput, VideoJobInput, WaitOptions } from './types.js';
import { checkImageInput, checkVideoInput } from './validate.js';

export type LocalProviderOptions = {
  /** Defaults to the bundled @ffmpeg-installer binary. */
  ffmpegPath?: string;
  /** Renders running at once in this process; later ones wait (reported as 0 %, like a queued fal request). */
  concurrency?: number;
  /** How long a finished render stays in memory for a waiter that comes late. */
  keepFinishedMs?: number;
  /** x264 preset; veryfast keeps a 5 s 1080p clip to a few seconds on 2 cores. */
  videoPreset?: string;
  /** Worker threads for the images and a video's layers (default: the process-wide studio pool). */
  pool?: StudioPool;
};

type Entry = {
  kind: 'image' | 'video';
  progress: number;
  listeners: Set<(pct: number) => void>;
  promise: Promise<ProviderOutput[]>;
};

/**
 * The offline "studio" provider (docs/decisions.md D28): real JPEGs and a real MP4
 * made from the uploaded photo with sharp and ffmpeg, no network.
 *
 * Requests live in this process's memory. Resume after a restart works by
 * re-rendering: `waitForResult` with an id it does not know calls
 * `request.loadInput()` and renders again under the same id. Renders are
 * deterministic, so the outputs are the same as the lost ones, and nothing
 * outside this machine was asked for anything.
 */
export class LocalStudioProvider implements AiProvider {
  readonly name = 'local' as const;
  readonly usesCutout = true;
  private readonly requests = new Map<string, Entry>();
  private readonly slots: Slots;
  private readonly keepFinishedMs: number;

  constructor(private readonly options: LocalProviderOptions = {}) {
    this.slots = new Slots(Math.max(1, options.concurrency ?? 1));
    this.keepFinishedMs = options.keepFinishedMs ?? 10 * 60_000;
  }

  async submitImage(input: ImageJobInput): Promise<{ requestId: string }> {
    checkImageInput(input);
    const requestId = `local:image:${randomUUID()}`;
    this.start(requestId, 'image', input);
    return { requestId };
  }

  async submitVideo(input: VideoJobInput): Promise<{ requestId: string }> {
    checkVideoInput(input);
    const requestId = `local:video:${randomUUID()}`;
    this.start(requestId, 'video', input);
    return { requestId };
  }

  async waitForResult(request: AiRequest, options: WaitOptions = {}): Promise<ProviderOutput[]> {
    options.signal?.throwIfAborted();
    const entry = this.known(request) ?? (await this.rerender(request));
    return follow(entry, options);
  }

  /** Requests currently held in memory (for tests and diagnostics). */
  get inMemoryRequests(): number {
    return this.requests.size;
  }

  private known(request: AiRequest): Entry | undefined {
    const entry = this.requests.get(request.requestId);
    return entry?.kind === request.kind ? entry : undefined;
  }

  /** Unknown here (restart, other process, or an id from another provider): render again under the same id. */
  private async rerender(request: AiRequest): Promise<Entry> {
    if (request.kind === 'image') {
      const input = await request.loadInput();
      checkImageInput(input);
      // Another waiter may have started it while the input was loading.
      return this.known(request) ?? this.start(request.requestId, 'image', input);
    }
    const input = await request.loadInput();
    checkVideoInput(input);
    return this.known(request) ?? this.start(request.requestId, 'video', input);
  }

  private start(requestId: string, kind: 'image' | 'video', input: ImageJobInput | VideoJobInput): Entry {
    const entry: Entry = { kind, progress: 0, listeners: new Set(), promise: Promise.resolve([]) };
    const report = (pct: number) => {
      const next = Math.min(99, Math.max(entry.progress, Math.round(pct)));
      if (next === entry.progress) return;
      entry.progress = next;
      for (const listener of entry.listeners) listener(next);
    };
    entry.promise = this.slots
      .run(async () => {
        if (kind === 'image') return this.renderImages(input as ImageJobInput, report);
        const video = input as VideoJobInput;
        const pool = this.options.pool ?? studioPool();
        // The layers are painted on the pool in the seller's turn, like the images; ffmpeg encodes them in its own process.
        const paint: VideoPainter = (layers, dir) => pool.run({ kind: 'video-paint', input: layers, dir }, { owner: video.owner ?? '' });
        const clip = await renderProductVideo(video, report, {
          ffmpegPath: this.options.ffmpegPath,
          preset: this.options.videoPreset,
          paint,
        });
        return [clip];
      })
      .catch((err: unknown) => {
        throw err instanceof ProviderError
          ? err
          : new ProviderError('other', { retryable: true, detail: err instanceof Error ? err.message : String(err), cause: err });
      });
    this.requests.set(requestId, entry);
    // Failed renders are forgotten at once so a retry renders afresh; finished
    // ones are kept a while for late waiters, then dropped to free memory.
    entry.promise.then(
      () => setTimeout(() => this.forget(requestId, entry), this.keepFinishedMs).unref(),
      () => this.forget(requestId, entry),
    );
    return entry;
  }

  /**
   * The four images on the studio pool's threads, composed from the cut-out the run was given
   * (the worker passes the run's own; none: the framed photo). The provider never cuts on its own.
   */
  private async renderImages(input: ImageJobInput, report: (pct: number) => void): Promise<ProviderOutput[]> {
    const pool = this.options.pool ?? studioPool();
    // Runs without a seller (direct provider use) share one queue in the pool's turn.
    const owner = input.owner ?? '';
    return pool.run(
      {
        kind: 'images',
        input: { ...input, cutoutPng: input.cutoutPng ?? null },
      },
      { owner, onProgress: report },
    );
  }

  private forget(requestId: string, entry: Entry): void {
    if (this.requests.get(requestId) === entry) this.requests.delete(requestId);
  }
}

/** Subscribes one waiter to an entry's progress and outcome. */
function follow(entry: Entry, { onProgress, signal }: WaitOptions): Promise<ProviderOutput[]> {
  return new Promise((resolve, reject) => {
    const listener = (pct: number) => {
      try {
        onProgress?.(pct);
      } catch {
        // A failing progress sink must not break the render.
      }
    };
    const cleanup = () => {
      entry.listeners.delete(listener);
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      cleanup();
      reject(abortReason(signal!));
    };
    entry.listeners.add(listener);
    signal?.addEventListener('abort', onAbort, { once: true });
    listener(entry.progress);
    entry.promise.then(
      (outputs) => {
        cleanup();
        listener(100);
        resolve(outputs);
      },
      (err) => {
        cleanup();
        reject(err);
      },
    );
  });
}

/** A minimal counting semaphore: renders are CPU-bound, so running many at once only slows each. */
class Slots {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    // A released slot is handed straight to the next waiter, so a newcomer cannot slip in between.
    if (this.active < this.size) this.active++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
