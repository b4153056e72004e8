import type { QueueStatus, RetryOptions } from '@fal-ai/client';
import sharp from 'sharp';
import { ProviderError } from './errors.js';
import { falDownload } from './fal-errors.js';
import { FalQueue, type FalPart } from './fal-queue.js';
import type { AiProvider, AiRequest, ImageJobInput, ProviderOutput, SubmitContext, VideoJobInput, WaitOptions } from './types.js';
import { checkImageInput, checkVideoInput } from './validate.js';

export const DEFAULT_FAL_IMAGE_MODEL = 'fal-ai/nano-banana/edit';
/** Its input is exactly docs/product.md §7's: image_url, prompt, duration string 2-12, aspect_ratio, resolution 1080p, safety checker. */
export const DEFAULT_FAL_VIDEO_MODEL = 'fal-ai/bytedance/seedance/v1/pro/image-to-video';
export const DEFAULT_VIDEO_PROMPT = 'smooth natural movement';

export { FAL_RETRY } from './fal-queue.js';

export type FalProviderOptions = {
  apiKey: string;
  imageModel?: string;
  videoModel?: string;
  /** Status polling period, docs/product.md §9: 500 ms. */
  pollIntervalMs?: number;
  /** Used for the fal API and for output downloads; tests point it at a local fake. */
  fetch?: typeof fetch;
  /** The client's retry policy; FAL_RETRY unless a test shortens its delays (what applies where: fal-queue.ts). */
  retry?: Partial<RetryOptions>;
  /** Long side the photo is reduced to before it is uploaded to fal's storage. */
  maxInputLongSide?: number;
  /** Rough run times, only for the progress estimate while fal reports none. */
  expectedImageMs?: number;
  expectedVideoMs?: number;
};

const ID_PREFIX = 'fal:';

/**
 * fal.ai through its queue API. The request id handed out is
 * `fal:<model>#<fal request id>`: the model is part of it because status and
 * result URLs are per model, and the configured model may change between a
 * submit and a resume.
 *
 * The photo goes to fal's storage once per run and the model gets its URL.
 * Retries: see FalQueue (a submit is never repeated on an ambiguous failure).
 * What is left over surfaces as ProviderError.
 */
export class FalProvider implements AiProvider {
  readonly name = 'fal' as const;
  private readonly queue: FalQueue;
  private readonly fetch: typeof fetch;
  private readonly imageModel: string;
  private readonly videoModel: string;
  private readonly pollIntervalMs: number;

  constructor(private readonly options: FalProviderOptions) {
    if (!options.apiKey) throw new ProviderError('api_key', { retryable: false, detail: 'FAL_KEY is empty' });
    this.fetch = options.fetch ?? globalThis.fetch;
    this.queue = new FalQueue({ apiKey: options.apiKey, fetch: this.fetch, retry: options.retry });
    this.imageModel = options.imageModel || DEFAULT_FAL_IMAGE_MODEL;
    this.videoModel = options.videoModel || DEFAULT_FAL_VIDEO_MODEL;
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
  }

  async submitImage(input: ImageJobInput, context: SubmitContext = {}): Promise<{ requestId: string }> {
    checkImageInput(input);
    return this.submit(this.imageModel, {
      prompt: input.prompt,
      image_urls: [await this.photoUrl(input.imageBytes, context)],
      num_images: input.numImages,
      output_format: 'jpeg',
    });
  }

  async submitVideo(input: VideoJobInput, context: SubmitContext = {}): Promise<{ requestId: string }> {
    checkVideoInput(input);
    return this.submit(this.videoModel, {
      image_url: await this.photoUrl(input.imageBytes, context),
      prompt: input.prompt.trim() || DEFAULT_VIDEO_PROMPT,
      duration: String(input.duration),
      aspect_ratio: input.aspectRatio,
      resolution: input.resolution,
      enable_safety_checker: true,
    });
  }

  async waitForResult(request: AiRequest, options: WaitOptions = {}): Promise<ProviderOutput[]> {
    const { signal } = options;
    const ref = parseRequestId(request.requestId);
    const progress = monotonic(options.onProgress);
    const expected = request.kind === 'image' ? (this.options.expectedImageMs ?? 25_000) : (this.options.expectedVideoMs ?? 120_000);

    progress(1);
    const started = Date.now();
    let runningSince: number | null = null;
    const data = await this.queue.result(ref, this.pollIntervalMs, signal, (status) => {
      if (status.status === 'IN_PROGRESS') runningSince ??= Date.now();
      progress(estimate(status, started, runningSince, expected));
    });
    progress(95);
    const outputs = request.kind === 'image' ? await this.downloadImages(data, signal) : [await this.downloadVideo(data, signal)];
    progress(100);
    return outputs;
  }

  private async submit(model: string, input: Record<string, unknown>): Promise<{ requestId: string }> {
    const part = await this.queue.submit(model, input);
    return { requestId: `${ID_PREFIX}${part.model}#${part.falId}` };
  }

  /** The photo's URL on fal's storage: the one an earlier attempt of this run uploaded, else a new upload. */
  private async photoUrl(bytes: Buffer, context: SubmitContext): Promise<string> {
    const known = context.inputs?.photo;
    if (known) return known;
    const { jpeg } = await inputJpeg(bytes, this.options.maxInputLongSide);
    const url = await this.queue.upload(jpeg, 'image/jpeg');
    await context.saveInputs?.({ ...context.inputs, photo: url });
    return url;
  }

  private async downloadImages(data: unknown, signal?: AbortSignal): Promise<ProviderOutput[]> {
    const images = (data as { images?: Array<{ url?: unknown }> } | null)?.images;
    const urls = (Array.isArray(images) ? images : []).map((i) => i?.url).filter((u): u is string => typeof u === 'string');
    if (urls.length === 0) {
      throw new ProviderError('other', { retryable: true, resubmit: true, detail: 'fal result has no images' });
    }
    return Promise.all(
      urls.slice(0, 4).map(async (url): Promise<ProviderOutput> => {
        let bytes = await falDownload(this.fetch, url, signal);
        // Providers usually honour output_format, but the catalogue promises JPEG, so make sure.
        if (!(bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)) {
          bytes = await sharp(bytes).flatten({ background: '#ffffff' }).jpeg({ quality: 92 }).toBuffer();
        }
        return { bytes, mime: 'image/jpeg', ext: 'jpg' };
      }),
    );
  }

  private async downloadVideo(data: unknown, signal?: AbortSignal): Promise<ProviderOutput> {
    const url = (data as { video?: { url?: unknown } } | null)?.video?.url;
    if (typeof url !== 'string') {
      throw new ProviderError('other', { retryable: true, resubmit: true, detail: 'fal result has no video' });
    }
    const bytes = await falDownload(this.fetch, url, signal);
    if (bytes.subarray(4, 8).toString('latin1') !== 'ftyp') {
      throw new ProviderError('other', { retryable: true, resubmit: true, detail: 'fal video is not an MP4' });
    }
    return { bytes, mime: 'video/mp4', ext: 'mp4' };
  }
}

/** The photo upright, flattened and reduced to at most `longSide` px (2048) as a JPEG: what fal is sent. */
export async function inputJpeg(bytes: Buffer, longSide = 2048): Promise<{ jpeg: Buffer; width: number; height: number }> {
  try {
    const { data, info } = await sharp(bytes)
      .rotate()
      .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch (cause) {
    throw new ProviderError('invalid_input', { retryable: false, detail: 'image could not be decoded', cause });
  }
}

function parseRequestId(requestId: string): FalPart {
  const hash = requestId.lastIndexOf('#');
  if (!requestId.startsWith(ID_PREFIX) || hash < 0) {
    // E.g. a local-studio id left from before FAL_KEY was set: only a new request can continue it.
    throw new ProviderError('other', { retryable: true, resubmit: true, detail: `not a fal request id: ${requestId}` });
  }
  return { model: requestId.slice(ID_PREFIX.length, hash), falId: requestId.slice(hash + 1) };
}

/**
 * fal reports no percentage, so: up to 8 % while queued, then an easing
 * curve towards 90 % over the expected run time, overtaken by any "NN%" the
 * model prints in its logs.
 */
function estimate(status: QueueStatus, started: number, runningSince: number | null, expectedMs: number): number {
  if (status.status === 'IN_QUEUE') return 2 + Math.min(6, ((Date.now() - started) / expectedMs) * 6);
  const running = runningSince ? Date.now() - runningSince : 0;
  const byTime = 10 + 80 * (1 - Math.exp(-running / expectedMs));
  const logs = 'logs' in status && Array.isArray(status.logs) ? status.logs : [];
  const lastPct = [...logs]
    .reverse()
    .map((l) => /(\d{1,3}(?:\.\d+)?)\s*%/.exec(l.message)?.[1])
    .find((m) => m !== undefined);
  const byLogs = lastPct ? 10 + 0.85 * Math.min(100, Number(lastPct)) : 0;
  return Math.min(94, Math.max(byTime, byLogs));
}

/** Wraps a progress callback so it only ever sees whole, non-decreasing numbers. */
function monotonic(onProgress?: (pct: number) => void): (pct: number) => void {
  let last = -1;
  return (pct) => {
    const next = Math.round(pct);
    if (next <= last) return;
    last = next;
    try {
      onProgress?.(next);
    } catch {
      // A failing progress sink must not fail the generation.
    }
  };
}
