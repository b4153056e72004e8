import sharp from 'sharp';
import { ProviderError } from '../providers/ai/errors.js';
import { erode, maskBounds } from './mask.js';

// Pixel loops read typed arrays at indexes below their length (the loop bounds: w * h pixels,
// 3 or 4 channels each); the `!` on those reads states that, at no run-time cost.

/**
 * The uploaded photo, decoded once and prepared for compositing.
 *
 * When the photo has a plain background (the usual seller shot on a table or
 * a sheet), the background is keyed out by a flood fill from the borders, so
 * the product can stand on a new studio backdrop. Otherwise the whole photo
 * is used as a rounded "card" (`alpha` null): wrong cut-outs look worse than
 * an honest framed photo.
 */
export type Product = {
  /** Raw RGB, 3 channels, oriented and (for cut-outs) cropped to the product. */
  rgb: Buffer;
  width: number;
  height: number;
  /** Raw 1-channel mask at the same size, or null for card mode. */
  alpha: Buffer | null;
  /** Shape and size of the oriented photo before any crop, for the output canvas. */
  sourceAspect: number;
  sourceLongSide: number;
};

/** Above this the photo is already larger than it will ever be drawn. */
const DECODE_MAX_LONG_SIDE = 3600;
/** Resolution of the background analysis; the mask is scaled up from it. */
const ANALYSIS_LONG_SIDE = 1536;
/** RGB distance under which a pixel counts as background colour. */
const KEY_TOLERANCE = 34;
/** Share of border pixels that must match for the border to count as plain. */
const PLAIN_BORDER_SHARE = 0.8;

export async function loadProduct(bytes: Buffer): Promise<Product> {
  let decoded: { data: Buffer; info: sharp.OutputInfo };
  try {
    decoded = await sharp(bytes, { limitInputPixels: 60_000_000 })
      .rotate()
      .resize({ width: DECODE_MAX_LONG_SIDE, height: DECODE_MAX_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (cause) {
    throw new ProviderError('invalid_input', { retryable: false, detail: 'image could not be decoded', cause });
  }
  const { data, info } = decoded;
  const { width, height } = info;
  const sourceAspect = width / height;
  const sourceLongSide = Math.max(width, height);

  const small = await sharp(data, { raw: { width, height, channels: 4 } })
    .resize({ width: ANALYSIS_LONG_SIDE, height: ANALYSIS_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sw = small.info.width;
  const sh = small.info.height;

  const mask = maskFromTransparency(small.data, sw, sh) ?? keyOutPlainBackground(small.data, sw, sh);
  const rgbFull = await sharp(data, { raw: { width, height, channels: 4 } })
    .removeAlpha()
    .raw()
    .toBuffer();
  if (!mask) return { rgb: rgbFull, width, height, alpha: null, sourceAspect, sourceLongSide };

  // Crop to the product (plus a little air) so it can be centred and scaled.
  const box = maskBounds(mask, sw, sh, 127) ?? { x0: 0, y0: 0, x1: sw, y1: sh };
  const pad = Math.round(Math.max(sw, sh) * 0.01);
  const sx0 = Math.max(0, box.x0 - pad);
  const sy0 = Math.max(0, box.y0 - pad);
  const sx1 = Math.min(sw, box.x1 + pad);
  const sy1 = Math.min(sh, box.y1 + pad);
  const kx = width / sw;
  const ky = height / sh;
  const crop = {
    left: Math.floor(sx0 * kx),
    top: Math.floor(sy0 * ky),
    width: Math.max(1, Math.min(width - Math.floor(sx0 * kx), Math.ceil((sx1 - sx0) * kx))),
    height: Math.max(1, Math.min(height - Math.floor(sy0 * ky), Math.ceil((sy1 - sy0) * ky))),
  };
  const rgb = await sharp(rgbFull, { raw: { width, height, channels: 3 } })
    .extract(crop)
    .raw()
    .toBuffer();
  const alpha = await sharp(erode(mask, sw, sh, 2), { raw: { width: sw, height: sh, channels: 1 } })
    .extract({ left: sx0, top: sy0, width: sx1 - sx0, height: sy1 - sy0 })
    .resize(crop.width, crop.height, { fit: 'fill', kernel: 'cubic' })
    // The mask is binary at analysis resolution; blur about one analysis pixel so its steps don't show.
    .blur(Math.max(0.6, 0.6 * Math.max(kx, ky)))
    .toColourspace('b-w') // keep one channel: raw output would otherwise be sRGB
    .raw()
    .toBuffer();
  return { rgb, width: crop.width, height: crop.height, alpha, sourceAspect, sourceLongSide };
}

/** A PNG/WebP that already has real transparency is its own mask. */
function maskFromTransparency(rgba: Buffer, w: number, h: number): Uint8Array | null {
  const mask = new Uint8Array(w * h);
  let clear = 0;
  for (let i = 0; i < w * h; i++) {
    const a = rgba[i * 4 + 3]!;
    mask[i] = a;
    if (a < 16) clear++;
  }
  const share = clear / (w * h);
  return share > 0.02 && share < 0.97 ? mask : null;
}

/**
 * Flood fill from the borders over pixels close to the median border colour.
 * Returns null when the border is not plain or the result is implausible.
 */
function keyOutPlainBackground(rgba: Buffer, w: number, h: number): Uint8Array | null {
  const border: number[] = [];
  for (let x = 0; x < w; x++) border.push(x, (h - 1) * w + x);
  for (let y = 1; y < h - 1; y++) border.push(y * w, y * w + w - 1);

  const channel = (c: number) => median(border.map((p) => rgba[p * 4 + c]!));
  const bg = [channel(0), channel(1), channel(2)];
  const tol2 = KEY_TOLERANCE * KEY_TOLERANCE;
  const isBg = (p: number) => {
    const dr = rgba[p * 4]! - bg[0]!;
    const dg = rgba[p * 4 + 1]! - bg[1]!;
    const db = rgba[p * 4 + 2]! - bg[2]!;
    return dr * dr + dg * dg + db * db < tol2;
  };
  const plain = border.filter(isBg).length / border.length;
  if (plain < PLAIN_BORDER_SHARE) return null;

  // Iterative fill with a flat queue; no per-pixel closures (this runs on ~1M pixels).
  const mask = new Uint8Array(w * h).fill(255);
  const queue = new Int32Array(w * h);
  let tail = 0;
  for (const p of border) {
    if (mask[p] && isBg(p)) {
      mask[p] = 0;
      queue[tail++] = p;
    }
  }
  for (let head = 0; head < tail; head++) {
    const p = queue[head]!;
    const x = p % w;
    const neighbours = [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, p - w, p + w];
    for (const q of neighbours) {
      if (q >= 0 && q < w * h && mask[q] && isBg(q)) {
        mask[q] = 0;
        queue[tail++] = q;
      }
    }
  }
  const share = 1 - tail / (w * h);
  return share > 0.03 && share < 0.97 ? mask : null;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!; // callers pass a non-empty list
}
