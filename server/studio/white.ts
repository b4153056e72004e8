import sharp from 'sharp';
import { MAX_OUTPUT_LONG_SIDE, MAX_SILENT_UPSCALE, WHITE_PRODUCT_FILL } from '../../shared/constants.js';
import type { Product } from './product.js';
import type { CameraView } from './view.js';

/**
 * The marketplace white image (outputs[0] when there is a cut-out): a square of
 * pure #FFFFFF to every edge, the product centred with its longer side at
 * WHITE_PRODUCT_FILL of the canvas, and a faint contact shadow: right under its
 * base when the photo was taken level, all around its outline when it was taken
 * from above (a flat-lay lies on the white; issue 38 item 9).
 * The canvas is as large as the product allows without upscaling it more than
 * MAX_SILENT_UPSCALE times (honest sizes, docs/decisions.md D31).
 */
export async function composeWhite(
  product: Product,
  view: CameraView = 'side',
): Promise<{ image: sharp.Sharp; width: number; height: number }> {
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

  const shadow = view === 'top' && product.alpha ? await outlineShadow(alpha, pw, ph, side, left, top) : baseShadow(pw, ph, side, top);
  const image = sharp({ create: { width: side, height: side, channels: 3, background: { r: 255, g: 255, b: 255 } } }).composite([
    shadow,
    { input: layer, raw: { width: pw, height: ph, channels: 4 }, left, top },
  ]);
  return { image, width: side, height: side };
}

/** Level: a soft dark ellipse under the base, kept well inside the canvas. */
function baseShadow(pw: number, ph: number, side: number, top: number): sharp.OverlayOptions {
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
  return { input: shadow, raw: { width: sw, height: shh, channels: 4 }, left: Math.round((side - sw) / 2), top: shadowTop };
}

/**
 * From above: the product's own outline, blurred, as a faint halo on every side (the light from
 * overhead), no stronger below than beside it. It ends well inside the canvas, so every edge stays RGB 255.
 */
async function outlineShadow(
  alpha: Buffer,
  pw: number,
  ph: number,
  side: number,
  left: number,
  top: number,
): Promise<sharp.OverlayOptions> {
  // A tight shadow where the product touches the white and a wider, fainter one around it.
  const tight = Math.max(0.8, side * 0.004);
  const wide = Math.max(1, side * 0.015);
  // The halo reaches 3σ past the outline, never into the canvas' outer 1%.
  const pad = Math.min(Math.ceil(wide * 3), Math.max(0, Math.min(left, top, side - left - pw, side - top - ph) - Math.ceil(side * 0.01)));
  const w = pw + 2 * pad;
  const h = ph + 2 * pad;
  const padded = Buffer.alloc(w * h);
  for (let y = 0; y < ph; y++) alpha.copy(padded, (y + pad) * w + pad, y * pw, (y + 1) * pw);
  const blur = (sigma: number) =>
    sharp(padded, { raw: { width: w, height: h, channels: 1 } })
      .blur(sigma)
      .toColourspace('b-w')
      .raw()
      .toBuffer();
  const [near, far] = await Promise.all([blur(tight), blur(wide)]);
  const rgba = Buffer.alloc(w * h * 4);
  for (let i = 0; i < w * h; i++) {
    const a = (near[i]! / 255) * 0.22 + (far[i]! / 255) * 0.2;
    // The halo's last few levels fade to nothing: the white beyond it is exactly 255.
    rgba[i * 4 + 3] = a * 255 < 2 ? 0 : Math.round(a * 255);
  }
  return { input: rgba, raw: { width: w, height: h, channels: 4 }, left: left - pad, top: top - pad };
}
