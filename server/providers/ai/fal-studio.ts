import { createFalClient, type FalClient } from '@fal-ai/client';
import sharp from 'sharp';
import { ProviderError } from './errors.js';
import { falCall, falDownload } from './fal-errors.js';
import { DEFAULT_FAL_IMAGE_MODEL, FAL_RETRY, FalProvider, sleep, type FalProviderOptions } from './fal.js';
import { productFromCutout } from './studio/cutout-product.js';
import { composeWhite } from './studio/white.js';
import type { AiProvider, AiRequest, ImageJobInput, ProviderOutput, VideoJobInput, WaitOptions } from './types.js';
import { checkImageInput } from './validate.js';

/** Background removal (BiRefNet on fal): image_url in, `image.url` (PNG with alpha) out. */
export const DEFAULT_FAL_CUTOUT_MODEL = 'fal-ai/birefnet/v2';
/** Upscaler for the 4K white image: image_url + scale in, `image.url` out. */
export const DEFAULT_FAL_UPSCALE_MODEL = 'fal-ai/esrgan';
/** The white image's target long side on the fal path (D31: 4K comes from the upscaler). */
const TARGET_LONG_SIDE = 4096;

export type FalStudioOptions = FalProviderOptions & { cutoutModel?: string; upscaleModel?: string };

const ID_PREFIX = 'falstudio:';
type Part = { model: string; falId: string };
type Parts = { cut: Part; scene: Part; up: Part };

/**
 * The studio on fal (issue 12). An image run is three fal requests sent at
 * once: the cut-out (background removal) and the upscale of the photo, and
 * three scenes from FAL_IMAGE_MODEL with the seller's prompt. The white image
 * is composed here, locally, from the cut-out's alpha laid on the upscaled
 * photo (so it reaches 4K honestly), exactly as the local studio composes it;
 * marketplace exports then work from it like any run.
 *
 * The request id names all three (`falstudio:cut|scene|up`, each
 * `model#id`), so a worker that dies mid-run resumes all three without
 * resubmitting any. A failure of any one fails the run (the worker refunds it
 * once). Video goes to fal's video model unchanged (FalProvider).
 */
export class FalStudioProvider implements AiProvider {
  readonly name = 'fal' as const;
  private readonly client: FalClient;
  private readonly fetch: typeof fetch;
  private readonly video: FalProvider;
  private readonly models: { cut: string; scene: string; up: string };
  private readonly pollIntervalMs: number;

  constructor(private readonly options: FalStudioOptions) {
    this.video = new FalProvider(options);
    this.fetch = options.fetch ?? globalThis.fetch;
    this.client = createFalClient({ credentials: options.apiKey, fetch: this.fetch, retry: options.retry ?? FAL_RETRY });
    this.models = {
      cut: options.cutoutModel || DEFAULT_FAL_CUTOUT_MODEL,
      scene: options.imageModel || DEFAULT_FAL_IMAGE_MODEL,
      up: options.upscaleModel || DEFAULT_FAL_UPSCALE_MODEL,
    };
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
  }

  submitVideo(input: VideoJobInput): Promise<{ requestId: string }> {
    return this.video.submitVideo(input);
  }

  async submitImage(input: ImageJobInput): Promise<{ requestId: string }> {
    checkImageInput(input);
    const { url, longSide } = await this.dataUrl(input.imageBytes);
    const scale = Math.min(4, Math.max(1, Math.ceil(TARGET_LONG_SIDE / longSide)));
    const [cut, scene, up] = await Promise.all([
      this.submit(this.models.cut, { image_url: url, output_format: 'png' }),
      this.submit(this.models.scene, { prompt: input.prompt, image_urls: [url], num_images: 3, output_format: 'jpeg' }),
      this.submit(this.models.up, { image_url: url, scale }),
    ]);
    const id = (p: Part) => `${p.model}#${p.falId}`;
    return { requestId: `${ID_PREFIX}${id(cut)}|${id(scene)}|${id(up)}` };
  }

  async waitForResult(request: AiRequest, options: WaitOptions = {}): Promise<ProviderOutput[]> {
    if (request.kind === 'video' || !request.requestId.startsWith(ID_PREFIX)) return this.video.waitForResult(request, options);
    const parts = parseRequestId(request.requestId);
    const { signal } = options;
    let last = -1;
    const progress = (pct: number) => {
      const p = Math.round(pct);
      if (p <= last) return;
      last = p;
      try {
        options.onProgress?.(p);
      } catch {
        // A failing progress sink must not fail the run.
      }
    };
    progress(1);
    // Each part is polled until done, then its result fetched; the three advance the bar by thirds.
    let done = 0;
    const finish = <T>(work: Promise<T>) =>
      work.then((v) => {
        done++;
        progress(5 + (85 * done) / 3);
        return v;
      });
    const [cutData, sceneData, upData] = await Promise.all([
      finish(this.result(parts.cut, signal)),
      finish(this.result(parts.scene, signal)),
      finish(this.result(parts.up, signal)),
    ]);
    const [cutPng, upBytes, scenes] = await Promise.all([
      falDownload(this.fetch, imageUrl(cutData, 'cut-out'), signal),
      falDownload(this.fetch, imageUrl(upData, 'upscale'), signal),
      this.downloadScenes(sceneData, signal),
    ]);
    progress(93);
    const white = await this.composeWhite(cutPng, upBytes);
    progress(100);
    return [white, ...scenes];
  }

  /** Cut-out alpha resized onto the upscaled photo, then the same white composition as the local studio. */
  private async composeWhite(cutPng: Buffer, upscaled: Buffer): Promise<ProviderOutput> {
    try {
      const up = await sharp(upscaled).rotate().removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
      const { width, height } = up.info;
      const alpha = await sharp(cutPng)
        .ensureAlpha()
        .extractChannel(3)
        .resize(width, height, { fit: 'fill', kernel: 'cubic' })
        .toColourspace('b-w')
        .raw()
        .toBuffer();
      const png = await sharp(up.data, { raw: { width, height, channels: 3 } })
        .joinChannel(alpha, { raw: { width, height, channels: 1 } })
        .png({ compressionLevel: 1 })
        .toBuffer();
      const white = await composeWhite(await productFromCutout(png));
      const bytes = await white.image.jpeg({ quality: 90, chromaSubsampling: '4:4:4' }).toBuffer();
      return { bytes, mime: 'image/jpeg', ext: 'jpg', width: white.width, height: white.height, role: 'white' };
    } catch (cause) {
      if (cause instanceof ProviderError) throw cause;
      throw new ProviderError('other', { retryable: true, resubmit: true, detail: 'fal cut-out or upscale could not be composed', cause });
    }
  }

  private async downloadScenes(data: unknown, signal?: AbortSignal): Promise<ProviderOutput[]> {
    const images = (data as { images?: Array<{ url?: unknown }> } | null)?.images;
    const urls = (Array.isArray(images) ? images : []).map((i) => i?.url).filter((u): u is string => typeof u === 'string');
    if (urls.length === 0) throw new ProviderError('other', { retryable: true, resubmit: true, detail: 'fal scene result has no images' });
    return Promise.all(
      urls.slice(0, 3).map(async (url): Promise<ProviderOutput> => {
        const raw = await falDownload(this.fetch, url, signal);
        const jpeg =
          raw[0] === 0xff && raw[1] === 0xd8 ? raw : await sharp(raw).flatten({ background: '#ffffff' }).jpeg({ quality: 92 }).toBuffer();
        const meta = await sharp(jpeg).metadata();
        return { bytes: jpeg, mime: 'image/jpeg', ext: 'jpg', width: meta.width, height: meta.height, role: 'scene' };
      }),
    );
  }

  private async result(part: Part, signal?: AbortSignal): Promise<unknown> {
    for (;;) {
      signal?.throwIfAborted();
      const status = await falCall('status', signal, () =>
        this.client.queue.status(part.model, { requestId: part.falId, abortSignal: signal }),
      );
      if (status.status === 'COMPLETED') break;
      await sleep(this.pollIntervalMs, signal);
    }
    const res = await falCall('result', signal, () => this.client.queue.result(part.model, { requestId: part.falId, abortSignal: signal }));
    return res.data;
  }

  private async submit(model: string, input: Record<string, unknown>): Promise<Part> {
    const queued = await falCall('submit', undefined, () => this.client.queue.submit(model, { input }));
    return { model, falId: queued.request_id };
  }

  private async dataUrl(bytes: Buffer): Promise<{ url: string; longSide: number }> {
    const side = this.options.maxInputLongSide ?? 2048;
    try {
      const { data, info } = await sharp(bytes)
        .rotate()
        .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 90 })
        .toBuffer({ resolveWithObject: true });
      return { url: `data:image/jpeg;base64,${data.toString('base64')}`, longSide: Math.max(info.width, info.height) };
    } catch (cause) {
      throw new ProviderError('invalid_input', { retryable: false, detail: 'image could not be decoded', cause });
    }
  }
}

function imageUrl(data: unknown, what: string): string {
  const url = (data as { image?: { url?: unknown } } | null)?.image?.url;
  if (typeof url !== 'string')
    throw new ProviderError('other', { retryable: true, resubmit: true, detail: `fal ${what} result has no image` });
  return url;
}

function parseRequestId(requestId: string): Parts {
  const parts = requestId
    .slice(ID_PREFIX.length)
    .split('|')
    .map((p): Part => {
      const hash = p.lastIndexOf('#');
      return { model: p.slice(0, hash), falId: p.slice(hash + 1) };
    });
  const [cut, scene, up] = parts;
  if (!cut || !scene || !up || parts.length !== 3 || parts.some((p) => !p.model || !p.falId)) {
    throw new ProviderError('other', { retryable: true, resubmit: true, detail: `not a fal studio request id: ${requestId}` });
  }
  return { cut, scene, up };
}
