import sharp from 'sharp';
import { MAX_OUTPUT_LONG_SIDE, MAX_SILENT_UPSCALE, WHITE_PRODUCT_FILL } from '../../shared/constants.js';
import type { Product } from './product.js';

/**
 * The marketplace white image (outputs[0] when there is a cut-out): a square of
 * pure #FFFFFF to every edge, the product centred with its longer side at
 * WHITE_PRODUCT_FILL of the canvas, and a faint contact shadow right under it.
 * The canvas is as large as the product allows without upscaling it more than
 * MAX_SILENT_UPSCALE times (honest sizes, docs/decisions.md D31).
 */
export async function composeWhite(product: Product): Promise<{ image: sharp.Sharp; width: number; height: number }> {
  const long = Math.max(product.width, product.height);
  const side = Math.max(64, Math.min(MAX_OUTPUT_LONG_SIDE, Math.floor((long * MAX_SILENT_UPSCALE) / WHITE_PRODUCT_FILL)));
  const k = (side * WHITE_PRODUCT_FILL) / long;
  const pw = Math.max(1, Math.round(product.width * k));
  const ph = Math.max(1, Math.round(product.height * k));
  const left = Math.round((side - pw) / 2);
  const top = Math.round((side - ph) / 2);

  const alpha = product.alpha
    ? await sharp(product.alpha, { raw: { width: product.width, height: product.height, channels: 1 } })
        .resize(pw, ph, { fit: 'fill', kernel: 'cubic' })
        .toColourspace('b-w')
        .raw()
        .toBuffer()
    : Buffer.alloc(pw * ph, 255);
  const layer = await sharp(product.rgb, { raw: { width: product.width, height: product.height, channels: 3 } })
    .resize(pw, ph, { fit: 'fill', kernel: 'lanczos3' })
    .joinChannel(alpha, { raw: { width: pw, height: ph, channels: 1 } })
    .raw()
    .toBuffer();

  // Contact shadow: a soft dark ellipse under the base, kept well inside the canvas.
  const sw = Math.max(2, Math.round(pw * 0.9));
  const shh = Math.max(2, Math.round(Math.min(ph * 0.08, (side - top - ph) * 0.9 + ph * 0.04)));
  const shadow = Buffer.alloc(sw * shh * 4);
  for (let y = 0; y < shh; y++) {
    for (let x = 0; x < sw; x++) {
      const dx = (x + 0.5 - sw / 2) / (sw / 2);
      const dy = (y + 0.5 - shh / 2) / (shh / 2);
      const a = Math.exp(-(dx * dx + dy * dy) * 3) * 0.22;
      shadow[(y * sw + x) * 4 + 3] = a * 255 < 1 ? 0 : Math.round(a * 255);
    }
  }
  const shadowTop = Math.min(side - shh, top + ph - Math.round(shh * 0.6));
  const image = sharp({ create: { width: side, height: side, channels: 3, background: { r: 255, g: 255, b: 255 } } }).composite([
    { input: shadow, raw: { width: sw, height: shh, channels: 4 }, left: Math.round((side - sw) / 2), top: shadowTop },
    { input: layer, raw: { width: pw, height: ph, channels: 4 }, left, top },
  ]);
  return { image, width: side, height: side };
}
