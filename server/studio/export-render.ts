import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { ExportPreset } from '../../shared/export-presets.js';
import type { SceneControls, StoredOutput } from '../../shared/schemas/generations.js';
import { cutoutAtSize } from './export-product.js';
import type { Product } from './product.js';
import { renderScene } from './scene-render.js';
import { planStyle, sceneSetups } from './scene-style.js';

const WHITE = { r: 255, g: 255, b: 255 };
const JPEG = { quality: 90, chromaSubsampling: '4:4:4', mozjpeg: false } as const;
/** Near-white the trim of a white image without cut-out treats as background (its faint shadow stays in). */
const TRIM_THRESHOLD = 12;

/** What a local studio scene was made from, to compose it again for another frame. */
export type SceneSource = {
  prompt: string;
  category?: string;
  controls?: SceneControls;
  /** Which of the run's three scenes (0..2). */
  index: number;
  view: 'top' | 'side';
};

export type ExportInput = {
  bytes: Buffer;
  role?: StoredOutput['role'];
  /** The run's cut-out (white images and local scenes are composed again from it), or null. */
  cutoutPng: Buffer | null;
  /** Set for a local studio scene whose run had a cut-out. */
  scene?: SceneSource | null;
};

/** The rendered JPEG and how many times the product's (or picture's) own pixels were enlarged. */
export type ExportResult = { bytes: Buffer; upscale: number };

/**
 * One output fitted to a preset, always at the preset's exact size:
 *  - the white image is rebuilt from the cut-out so the product fills exactly the preset's share,
 *    centred on pure white (RGB 255 to every edge);
 *  - a local studio scene is composed again around the cut-out at the preset's own shape and
 *    size (no bands, no crop of the product);
 *  - any other picture (a framed photo's scene, a fal scene) fills the frame, cropped around its
 *    most salient part; a framed white-set image is kept whole on white, as it is a white image.
 */
export async function exportImage(input: ExportInput, preset: Pick<ExportPreset, 'width' | 'height' | 'fill'>): Promise<ExportResult> {
  if (input.role === 'white') {
    const p = await whiteProduct(input.bytes, input.cutoutPng, preset);
    const r = await placeOnWhite(p.rgb, p.alpha, p, preset);
    return { ...r, upscale: r.upscale * p.scale };
  }
  if (input.role === 'scene' && input.scene && input.cutoutPng) return composedScene(input.cutoutPng, input.scene, preset);
  if (input.role === 'scene') return filled(input.bytes, preset);
  return containOnWhite(input.bytes, preset);
}

/**
 * The last cut-out decoded on this thread, for a while: a zip composes its three scenes (and its
 * white image) from the same cut-out one after another. It is decoded only as large as the frame
 * needs (export-product.ts), so a 12 MP cut-out never sits whole in a thread's memory; a later,
 * larger frame decodes it again.
 */
type Decoded = { product: Product; scale: number };
let recent: { digest: string; frame: Frame; decoded: Promise<Decoded>; timer: NodeJS.Timeout } | null = null;
const KEEP_DECODED_MS = 30_000;
type Frame = { width: number; height: number };

function decodedCutout(png: Buffer, frame: Frame): Promise<Decoded> {
  const digest = createHash('sha1').update(png).digest('hex');
  if (recent?.digest === digest && frame.width <= recent.frame.width && frame.height <= recent.frame.height) return recent.decoded;
  if (recent) clearTimeout(recent.timer);
  recent = null;
  const timer = setTimeout(() => (recent = null), KEEP_DECODED_MS).unref();
  const decoded = cutoutAtSize(png, frame);
  recent = { digest, frame, decoded, timer };
  decoded.catch(() => {
    if (recent?.decoded === decoded) recent = null;
  });
  return decoded;
}

async function composedScene(
  cutoutPng: Buffer,
  source: SceneSource,
  preset: Pick<ExportPreset, 'width' | 'height'>,
): Promise<ExportResult> {
  const { product, scale } = await decodedCutout(cutoutPng, preset);
  const style = planStyle(source.prompt, source.category, source.controls);
  const setup = sceneSetups(style)[source.index] ?? sceneSetups(style)[0];
  const r = await renderScene(product, style, setup, source.view, { width: preset.width, height: preset.height });
  // Enlargement of the seller's real pixels: against the stored cut-out, not the decoded one.
  return { bytes: await r.image.jpeg(JPEG).toBuffer(), upscale: r.upscale * scale };
}

/** The picture scaled to cover the frame and cropped to its most salient region: no white bands. */
async function filled(image: Buffer, preset: Pick<ExportPreset, 'width' | 'height'>): Promise<ExportResult> {
  const meta = await sharp(image).metadata();
  // EXIF orientations 5-8 turn the picture a quarter: its shown width is the stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  const w = (turned ? meta.height : meta.width) ?? preset.width;
  const h = (turned ? meta.width : meta.height) ?? preset.height;
  const bytes = await sharp(image)
    .rotate()
    .flatten({ background: WHITE })
    .resize(preset.width, preset.height, { fit: 'cover', position: sharp.strategy.attention, kernel: 'lanczos3' })
    .jpeg(JPEG)
    .toBuffer();
  return { bytes, upscale: Math.max(preset.width / w, preset.height / h) };
}

/** A product (RGB, optional alpha) scaled into the preset's fill box and centred on pure white. */
async function placeOnWhite(
  rgb: Buffer,
  alpha: Buffer | null,
  size: { width: number; height: number },
  preset: Pick<ExportPreset, 'width' | 'height' | 'fill'>,
): Promise<ExportResult> {
  const { width: W, height: H, fill } = preset;
  const k = Math.min((W * fill) / size.width, (H * fill) / size.height);
  const pw = Math.max(1, Math.round(size.width * k));
  const ph = Math.max(1, Math.round(size.height * k));
  const layer = sharp(rgb, { raw: { width: size.width, height: size.height, channels: 3 } }).resize(pw, ph, {
    fit: 'fill',
    kernel: 'lanczos3',
  });
  let input: Buffer;
  if (alpha) {
    const a = await sharp(alpha, { raw: { width: size.width, height: size.height, channels: 1 } })
      .resize(pw, ph, { fit: 'fill', kernel: 'cubic' })
      .toColourspace('b-w')
      .raw()
      .toBuffer();
    input = await layer
      .joinChannel(a, { raw: { width: pw, height: ph, channels: 1 } })
      .raw()
      .toBuffer();
  } else {
    input = await layer.ensureAlpha(1).raw().toBuffer();
  }
  const bytes = await sharp({ create: { width: W, height: H, channels: 3, background: WHITE } })
    .composite([{ input, raw: { width: pw, height: ph, channels: 4 }, left: Math.round((W - pw) / 2), top: Math.round((H - ph) / 2) }])
    .jpeg(JPEG)
    .toBuffer();
  return { bytes, upscale: k };
}

/** The product of a run's white image: from its cut-out when stored, else the white JPEG trimmed to what is not white. */
async function whiteProduct(white: Buffer, cutoutPng: Buffer | null, frame: Frame) {
  if (cutoutPng) {
    const { product: p, scale } = await decodedCutout(cutoutPng, frame);
    return { rgb: p.rgb, alpha: p.alpha, width: p.width, height: p.height, scale };
  }
  const { data, info } = await sharp(white)
    .rotate()
    .flatten({ background: WHITE })
    .trim({ background: '#ffffff', threshold: TRIM_THRESHOLD })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { rgb: data, alpha: null, width: info.width, height: info.height, scale: 1 };
}

/** A framed white-set picture kept whole in the canvas, centred on white (it is the run's white image). */
async function containOnWhite(image: Buffer, preset: Pick<ExportPreset, 'width' | 'height'>): Promise<ExportResult> {
  const { data, info } = await sharp(image)
    .rotate()
    .flatten({ background: WHITE })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return placeOnWhite(data, null, { width: info.width, height: info.height }, { ...preset, fill: 1 });
}
