import sharp from 'sharp';
import { ProviderError } from '../providers/ai/errors.js';
import type { Product } from './product.js';
import { boundsOf } from './mask.js';

// Pixel loops read typed arrays at indexes below their length (the loop bounds: w * h pixels,
// 3 or 4 channels each); the `!` on those reads states that, at no run-time cost.

/** Alpha at or under this is treated as empty when finding the product's extent. */
const EMPTY_ALPHA = 8;

/**
 * A stored cut-out (PNG with alpha at the photo's own size) as a compositing
 * Product: cropped to the visible product, its alpha kept at full resolution
 * (the guided filter's soft edges survive into every output).
 */
export async function productFromCutout(png: Buffer): Promise<Product> {
  let decoded: { data: Buffer; info: sharp.OutputInfo };
  try {
    decoded = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  } catch (cause) {
    throw new ProviderError('invalid_input', { retryable: false, detail: 'cut-out could not be decoded', cause });
  }
  const { data, info } = decoded;
  const { width, height } = info;
  const kept = boundsOf((i) => data[i * 4 + 3]! > EMPTY_ALPHA, width, height);
  if (!kept) throw new ProviderError('invalid_input', { retryable: false, detail: 'cut-out is empty' });
  const crop = { left: kept.x0, top: kept.y0, width: kept.x1 - kept.x0, height: kept.y1 - kept.y0 };
  const region = await sharp(data, { raw: { width, height, channels: 4 } })
    .extract(crop)
    .raw()
    .toBuffer();
  const n = crop.width * crop.height;
  const rgb = Buffer.alloc(n * 3);
  const alpha = Buffer.alloc(n);
  for (let i = 0; i < n; i++) {
    rgb[i * 3] = region[i * 4]!;
    rgb[i * 3 + 1] = region[i * 4 + 1]!;
    rgb[i * 3 + 2] = region[i * 4 + 2]!;
    alpha[i] = region[i * 4 + 3]!;
  }
  await bleedColour(rgb, alpha, crop.width, crop.height);
  return { rgb, width: crop.width, height: crop.height, alpha, sourceAspect: width / height, sourceLongSide: Math.max(width, height) };
}

/**
 * Transparent pixels carry no colour in the stored PNG (black). Resizing colour
 * and alpha separately would pull that black into the soft edge, so edge and
 * empty pixels get the colour of the product next to them (a normalised blur).
 */
async function bleedColour(rgb: Buffer, alpha: Buffer, width: number, height: number): Promise<void> {
  const n = width * height;
  const pre = Buffer.alloc(n * 3);
  for (let i = 0; i < n; i++) {
    const a = alpha[i]! / 255;
    pre[i * 3] = rgb[i * 3]! * a;
    pre[i * 3 + 1] = rgb[i * 3 + 1]! * a;
    pre[i * 3 + 2] = rgb[i * 3 + 2]! * a;
  }
  const sigma = Math.max(2, Math.max(width, height) / 150);
  const [preBlur, alphaBlur] = await Promise.all([
    sharp(pre, { raw: { width, height, channels: 3 } })
      .blur(sigma)
      .raw()
      .toBuffer(),
    sharp(alpha, { raw: { width, height, channels: 1 } })
      .blur(sigma)
      .toColourspace('b-w')
      .raw()
      .toBuffer(),
  ]);
  for (let i = 0; i < n; i++) {
    const a = alpha[i]!;
    if (a === 255) continue;
    const ab = alphaBlur[i]!;
    if (ab < 1) continue;
    const k = a / 255;
    for (let c = 0; c < 3; c++) {
      const bled = Math.min(255, (preBlur[i * 3 + c]! * 255) / ab);
      rgb[i * 3 + c] = Math.round(rgb[i * 3 + c]! * k + bled * (1 - k));
    }
  }
}
