import sharp from 'sharp';
import { ProviderError, isProviderError } from './errors.js';
import { falDownload } from './fal-errors.js';
import { sceneDescription } from './fal-prompt.js';
import { FalQueue, type FalPart } from './fal-queue.js';
import { FalProvider, inputJpeg, type FalProviderOptions } from './fal.js';
import { productFromCutout } from '../../studio/cutout-product.js';
import { composeWhite } from '../../studio/white.js';
import type { AiProvider, AiRequest, ImageJobInput, ProviderOutput, SubmitContext, VideoJobInput, WaitOptions } from './types.js';
import { checkImageInput } from './validate.js';

/**
 * Scenes: Bria's product shot on fal places a given product in a described scene and keeps the
 * product itself (image_url + scene_description in English, placement_type 'original' so the
 * product stays where it is in the frame; `images[].url` out).
 */
export const DEFAULT_FAL_SCENE_MODEL = 'fal-ai/bria/product-shot';
/** Background removal (BiRefNet on fal), only when the run has no cut-out of its own: image_url in, `image.url` (PNG with alpha) out. */
export const DEFAULT_FAL_CUTOUT_MODEL = 'fal-ai/birefnet/v2';
/** Upscaler for the 4K white image: image_url + scale + output_format in, `image.url` out. */
export const DEFAULT_FAL_UPSCALE_MODEL = 'fal-ai/esrgan';
/** The white image's target long side on the fal path (4K comes from the upscaler). */
const TARGET_LONG_SIDE = 4096;
/** ESRGAN's networks are 2× and 4×; a larger scale is only resampling, so 1-4 is the range relied on. */
const MAX_UPSCALE = 4;
const SCENES = 3;

export type FalStudioOptions = FalProviderOptions & { cutoutModel?: string; upscaleModel?: string };

const ID_PREFIX = 'falstudio:';
type Role = 'scene' | 'up' | 'cut';
type Parts = Partial<Record<Role, FalPart>> & { scene: FalPart; up: FalPart };

/**
 * The studio on fal. An image run is, sent together, the scenes (FAL_IMAGE_MODEL, Bria's
 * product shot by default, given the seller's cut-out and the prompt in English) and the
 * upscale of the photo; without a cut-out of the run's own, also fal's background removal.
 * The product's own pixels are then laid back into each scene through the cut-out, so
 * whatever the model did, the product in the listing is the seller's, pixel for pixel; the
 * model contributes the scene, its light and the shadow around the product. The white image is
 * composed here from the cut-out on the upscaled photo, exactly as the local studio composes it.
 *
 * The photo and cut-out go to fal's storage once per run (their URLs kept on the run). The
 * request id names every part (`falstudio:scene=model#id|up=…[|cut=…]`), so a worker that
 * dies mid-run resumes them without sending any again. When one part fails for good, the
 * others are cancelled so nothing keeps running unpaid-for. Video goes to FalProvider.
 */
export class FalStudioProvider implements AiProvider {
  readonly name = 'fal' as const;
  /** The worker resolves the upload's latest cut-out (the seller's edit, or the automatic one) for image runs. */
  readonly usesCutout = 'image' as const;
  private readonly queue: FalQueue;
  private readonly fetch: typeof fetch;
  private readonly video: FalProvider;
  private readonly models: Record<Role, string>;
  private readonly pollIntervalMs: number;

  constructor(private readonly options: FalStudioOptions) {
    this.video = new FalProvider(options);
    this.fetch = options.fetch ?? globalThis.fetch;
    this.queue = new FalQueue({ apiKey: options.apiKey, fetch: this.fetch, retry: options.retry });
    this.models = {
      cut: options.cutoutModel || DEFAULT_FAL_CUTOUT_MODEL,
      scene: options.imageModel || DEFAULT_FAL_SCENE_MODEL,
      up: options.upscaleModel || DEFAULT_FAL_UPSCALE_MODEL,
    };
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
  }

  submitVideo(input: VideoJobInput, context?: SubmitContext): Promise<{ requestId: string }> {
    return this.video.submitVideo(input, context);
  }

  async submitImage(input: ImageJobInput, context: SubmitContext = {}): Promise<{ requestId: string }> {
    checkImageInput(input);
    const photo = await inputJpeg(input.imageBytes, this.options.maxInputLongSide);
    const urls = await this.uploadInputs(input, photo, context);
    const scale = Math.min(MAX_UPSCALE, Math.max(1, Math.ceil(TARGET_LONG_SIDE / Math.max(photo.width, photo.height))));
    const product = urls.cutout ?? urls.photo;
    const requests: Array<[Role, Record<string, unknown>]> = [
      ['scene', this.sceneInput(product, input.prompt)],
      // JPEG: the white image is rebuilt from it, and a ~4096 px PNG would be tens of megabytes.
      ['up', { image_url: urls.photo, scale, output_format: 'jpeg' }],
    ];
    if (!urls.cutout) requests.push(['cut', { image_url: urls.photo, output_format: 'png' }]);

    const sent = await Promise.allSettled(requests.map(([role, body]) => this.queue.submit(this.models[role], body)));
    const failed = sent.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) {
      // The parts fal did accept would run (and be billed) for a run that is failing now.
      await Promise.all(sent.map((s) => (s.status === 'fulfilled' ? this.queue.cancel(s.value) : undefined)));
      throw failed.reason;
    }
    const ids = (sent as Array<PromiseFulfilledResult<FalPart>>).map(({ value }, i) => `${requests[i]![0]}=${value.model}#${value.falId}`);
    return { requestId: `${ID_PREFIX}${ids.join('|')}` };
  }

  async waitForResult(request: AiRequest, options: WaitOptions = {}): Promise<ProviderOutput[]> {
    if (request.kind === 'video' || !request.requestId.startsWith(ID_PREFIX)) return this.video.waitForResult(request, options);
    const parts = parseRequestId(request.requestId);
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
    const data = await this.results(parts, options.signal, progress);
    const input = await request.loadInput();
    const [maskPng, upBytes, sceneFiles] = await Promise.all([
      input.cutoutPng ?? falDownload(this.fetch, imageUrl(data.cut, 'cut-out'), options.signal),
      falDownload(this.fetch, imageUrl(data.up, 'upscale'), options.signal),
      Promise.all(sceneUrls(data.scene).map((url) => falDownload(this.fetch, url, options.signal))),
    ]);
    progress(92);
    const product = await productLayer(input.imageBytes, maskPng, this.options.maxInputLongSide);
    const scenes = await Promise.all(sceneFiles.map((bytes) => keepProduct(bytes, product)));
    const white = await whiteImage(maskPng, upBytes);
    progress(100);
    return [white, ...scenes];
  }

  /** Every part polled to its result; when one fails for good, the others are stopped on fal. */
  private async results(parts: Parts, signal: AbortSignal | undefined, progress: (pct: number) => void) {
    const roles = (Object.keys(parts) as Role[]).filter((r) => parts[r]);
    const stop = new AbortController();
    const both = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
    const done = new Set<Role>();
    try {
      const values = await Promise.all(
        roles.map(async (role) => {
          // A part that failed has ended on fal too: only the others may still be running.
          const value = await this.queue.result(parts[role]!, this.pollIntervalMs, both).catch((err: unknown) => {
            done.add(role);
            throw err;
          });
          done.add(role);
          progress(5 + (85 * done.size) / roles.length);
          return value;
        }),
      );
      return Object.fromEntries(roles.map((r, i) => [r, values[i]])) as Partial<Record<Role, unknown>>;
    } catch (err) {
      stop.abort(err);
      // A stopped worker or a passing fault leaves the run to be resumed by id: nothing to cancel.
      const resumable = signal?.aborted || (isProviderError(err) && err.retryable && !err.resubmit);
      if (!resumable) await Promise.all(roles.filter((r) => !done.has(r)).map((r) => this.queue.cancel(parts[r]!)));
      throw err;
    }
  }

  /** The photo (and cut-out) on fal's storage, uploaded once per run: an earlier attempt's URLs are reused. */
  private async uploadInputs(input: ImageJobInput, photo: { jpeg: Buffer; width: number; height: number }, context: SubmitContext) {
    const known = { ...context.inputs };
    const photoUrl = known.photo ?? (await this.queue.upload(photo.jpeg, 'image/jpeg'));
    let cutoutUrl = input.cutoutPng ? known.cutout : undefined;
    if (input.cutoutPng && !cutoutUrl) {
      // The cut-out at the photo's sent size: the scene model keeps it where it is in that frame.
      const png = await sharp(input.cutoutPng).resize(photo.width, photo.height, { fit: 'fill' }).png().toBuffer();
      cutoutUrl = await this.queue.upload(png, 'image/png');
    }
    const urls = { ...known, photo: photoUrl, ...(cutoutUrl ? { cutout: cutoutUrl } : {}) };
    if (urls.photo !== known.photo || urls.cutout !== known.cutout) await context.saveInputs?.(urls);
    return { photo: photoUrl, cutout: cutoutUrl };
  }

  /** The scene request in the configured model's own fields: Bria's product shot, or an image-editing model. */
  private sceneInput(productUrl: string, prompt: string): Record<string, unknown> {
    const scene = sceneDescription(prompt).english;
    if (this.models.scene.startsWith('fal-ai/bria/product-shot')) {
      return { image_url: productUrl, scene_description: scene, placement_type: 'original', num_results: SCENES, fast: true };
    }
    return {
      prompt: `${scene}. Keep the product exactly as it is, in the same place and size.`,
      image_urls: [productUrl],
      num_images: SCENES,
      output_format: 'jpeg',
    };
  }
}

type ProductLayer = { rgba: Buffer; width: number; height: number };

/** The photo's own pixels at the size fal was sent, with the cut-out's alpha: what every scene must show. */
async function productLayer(photo: Buffer, maskPng: Buffer, longSide = 2048): Promise<ProductLayer> {
  try {
    const rgb = await sharp(photo)
      .rotate()
      .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height } = rgb.info;
    const alpha = await sharp(maskPng).ensureAlpha().extractChannel(3).resize(width, height, { fit: 'fill' }).raw().toBuffer();
    const rgba = await sharp(rgb.data, { raw: { width, height, channels: 3 } })
      .joinChannel(alpha, { raw: { width, height, channels: 1 } })
      .raw()
      .toBuffer();
    return { rgba, width, height };
  } catch (cause) {
    throw new ProviderError('other', { retryable: true, resubmit: true, detail: 'fal cut-out could not be read', cause });
  }
}

/**
 * A scene with the product laid back over it through the cut-out: the model's background,
 * light and shadow stay, the product's pixels are the photo's.
 */
async function keepProduct(scene: Buffer, product: ProductLayer): Promise<ProviderOutput> {
  const { width, height } = product;
  try {
    const bytes = await sharp(scene)
      .rotate()
      .resize(width, height, { fit: 'fill' })
      .removeAlpha()
      .composite([{ input: product.rgba, raw: { width, height, channels: 4 } }])
      .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
      .toBuffer();
    return { bytes, mime: 'image/jpeg', ext: 'jpg', width, height, role: 'scene' };
  } catch (cause) {
    throw new ProviderError('other', { retryable: true, resubmit: true, detail: 'fal scene could not be read', cause });
  }
}

/** Cut-out alpha resized onto the upscaled photo, then the same white composition as the local studio. */
async function whiteImage(maskPng: Buffer, upscaled: Buffer): Promise<ProviderOutput> {
  try {
    const up = await sharp(upscaled).rotate().removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    const { width, height } = up.info;
    const alpha = await sharp(maskPng)
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

function sceneUrls(data: unknown): string[] {
  const images = (data as { images?: Array<{ url?: unknown }> } | null)?.images;
  const urls = (Array.isArray(images) ? images : []).map((i) => i?.url).filter((u): u is string => typeof u === 'string');
  if (urls.length === 0) throw new ProviderError('other', { retryable: true, resubmit: true, detail: 'fal scene result has no images' });
  return urls.slice(0, SCENES);
}

function imageUrl(data: unknown, what: string): string {
  const url = (data as { image?: { url?: unknown } } | null)?.image?.url;
  if (typeof url !== 'string')
    throw new ProviderError('other', { retryable: true, resubmit: true, detail: `fal ${what} result has no image` });
  return url;
}

function parseRequestId(requestId: string): Parts {
  const parts: Partial<Record<Role, FalPart>> = {};
  for (const entry of requestId.slice(ID_PREFIX.length).split('|')) {
    const m = /^(scene|up|cut)=(.+)#([^#]+)$/.exec(entry);
    if (m) parts[m[1] as Role] = { model: m[2]!, falId: m[3]! };
  }
  if (!parts.scene || !parts.up) {
    // E.g. an id from before this layout: only a new submission can continue it.
    throw new ProviderError('other', { retryable: true, resubmit: true, detail: `not a fal studio request id: ${requestId}` });
  }
  return parts as Parts;
}
