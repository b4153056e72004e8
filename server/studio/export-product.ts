import sharp from 'sharp';
import { ProviderError } from '../providers/ai/errors.js';
import { productFromCutout } from './cutout-product.js';
import type { Product } from './product.js';

// Pixel loops read typed arrays at indexes below their length (the loop bounds); the `!` states that.

/** Long side of the alpha pass that finds the product's box before the real decode. */
const BOX_PASS_LONG_SIDE = 512;
/** Headroom on the decode size: the low-resolution box is a little larger than the product's own. */
const HEADROOM = 1.03;

/**
 * A stored cut-out decoded only as large as a frame of `frame` size can draw it (an export never
 * draws the product larger than the frame), never larger than stored: a 12 MP cut-out for a
 * 2000 px frame is read at about a third of its pixels. A first pass reads only the alpha at
 * 512 px to find the product's box; the second reads that box, shrunk while it streams
 * (libvips reads a PNG line by line), so a thread never holds the full 12 MP image.
 *
 * `scale` is the decoded size over the stored one: a frame that draws the product `u` times its
 * decoded size enlarges the seller's real pixels `u * scale` times (the note of enlarged images
 * reports that, against the original).
 */
export async function cutoutAtSize(png: Buffer, frame: { width: number; height: number }): Promise<{ product: Product; scale: number }> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(png).metadata();
  } catch (cause) {
    throw new ProviderError('invalid_input', { retryable: false, detail: 'cut-out could not be decoded', cause });
  }
  const W = meta.width ?? 0;
  const H = meta.height ?? 0;
  const box = await productBox(png, W, H);
  const s = Math.min(1, HEADROOM * Math.min(frame.width / box.width, frame.height / box.height));
  if (s >= 1) return { product: await productFromCutout(png), scale: 1 };
  const width = Math.max(1, Math.round(box.width * s));
  const height = Math.max(1, Math.round(box.height * s));
  // Uncompressed PNG of the shrunk box: the cut-out's own decoder (tight crop, colour bled into the soft edge) reads it.
  const small = await sharp(png, { sequentialRead: true })
    .extract(box)
    .ensureAlpha()
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const product = await productFromCutout(small);
  return {
    product: { ...product, sourceAspect: W / H, sourceLongSide: Math.max(W, H) },
    scale: width / box.width,
  };
}

/** The box (in stored pixels) that holds every visible pixel of the cut-out, from its alpha at low resolution, plus one low-resolution pixel all round. */
async function productBox(png: Buffer, W: number, H: number) {
  const k = Math.min(1, BOX_PASS_LONG_SIDE / Math.max(W, H));
  const w = Math.max(1, Math.round(W * k));
  const h = Math.max(1, Math.round(H * k));
  const alpha = await sharp(png, { sequentialRead: true })
    .ensureAlpha()
    .extractChannel(3)
    .resize(w, h, { fit: 'fill', kernel: 'linear' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (alpha[y * w + x]! === 0) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  if (x1 < 0) throw new ProviderError('invalid_input', { retryable: false, detail: 'cut-out is empty' });
  const left = Math.max(0, Math.floor((x0 - 1) / k));
  const top = Math.max(0, Math.floor((y0 - 1) / k));
  const right = Math.min(W, Math.ceil((x1 + 2) / k));
  const bottom = Math.min(H, Math.ceil((y1 + 2) / k));
  return { left, top, width: right - left, height: bottom - top };
}
