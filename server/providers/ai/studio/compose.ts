import sharp from 'sharp';
import type { Look } from './looks.js';
import type { Product } from './product.js';

// Pixel loops read typed arrays at indexes below their length (the loop bounds: w * h pixels,
// 3 or 4 channels each); the `!` on those reads states that, at no run-time cost.

export type Canvas = { width: number; height: number };

// Masks are 1-channel raw buffers; every pipeline producing one ends in
// toColourspace('b-w') because sharp otherwise writes raw output as sRGB.

/**
 * Soft layers (backdrop, shadows) are computed in JS at about this long side
 * and scaled up bilinearly by libvips: they have no detail to lose, and this
 * keeps the per-pixel JS work small whatever the output size.
 */
const SOFT_LONG_SIDE = 640;

/**
 * Builds one studio shot: backdrop with shadows, optional floor reflection,
 * and the toned product on top. Returns an un-encoded pipeline so the caller
 * picks JPEG (images) or raw frames (video).
 */
export async function composeShot(product: Product, look: Look, canvas: Canvas): Promise<sharp.Sharp> {
  const place = placeProduct(product, look, canvas);
  return composeAt(product, look, canvas, place);
}

async function composeAt(product: Product, look: Look, canvas: Canvas, place: Placement): Promise<sharp.Sharp> {
  const { width: W, height: H } = canvas;
  const layer = await productLayer(product, look, place.width, place.height);

  const softScale = Math.max(1, Math.max(W, H) / SOFT_LONG_SIDE);
  const sw = Math.ceil(W / softScale);
  const sh = Math.ceil(H / softScale);
  const backdrop = await softBackdrop(layer.alpha, place, look, canvas, sw, sh, softScale);

  const overlays: sharp.OverlayOptions[] = [];
  if (look.grain) {
    // Only dark backdrops show 8-bit banding; a full-size blend costs ~0.4 s at 4K, so not for all.
    overlays.push({ input: grainTile(), raw: { width: GRAIN_SIZE, height: GRAIN_SIZE, channels: 3 }, tile: true, blend: 'soft-light' });
  }
  if (look.reflection) {
    const reflection = await reflectionLayer(layer.rgba, place.width, place.height);
    const top = place.top + place.height;
    if (top < H) {
      const visible = Math.min(reflection.height, H - top);
      const cropped = await sharp(reflection.data, { raw: { width: place.width, height: reflection.height, channels: 4 } })
        .extract({ left: 0, top: 0, width: place.width, height: visible })
        .raw()
        .toBuffer();
      overlays.push({ input: cropped, raw: { width: place.width, height: visible, channels: 4 }, left: place.left, top });
    }
  }
  overlays.push({
    input: layer.rgba,
    raw: { width: place.width, height: place.height, channels: 4 },
    left: place.left,
    top: place.top,
  });

  return sharp(backdrop, { raw: { width: sw, height: sh, channels: 3 } })
    .resize(W, H, { fit: 'fill', kernel: 'linear' })
    .composite(overlays);
}

export type Placement = { left: number; top: number; width: number; height: number };

export function placeProduct(product: Product, look: Look, canvas: Canvas): Placement {
  const { width: W, height: H } = canvas;
  const topMargin = H * 0.07;
  const maxW = W * look.scale;
  const maxH = Math.min(H * look.scale, H * look.baseline - topMargin);
  const k = Math.min(maxW / product.width, maxH / product.height);
  const width = Math.max(1, Math.round(product.width * k));
  const height = Math.max(1, Math.round(product.height * k));
  const left = Math.round((W - width) / 2 + look.offsetX * W);
  const top = Math.round(H * look.baseline - height);
  return { left: clamp(left, 0, W - width), top: clamp(top, 0, H - height), width, height };
}

/** The product resized, toned per look, with its mask (or a rounded card) as alpha. */
async function productLayer(product: Product, look: Look, width: number, height: number) {
  const alpha = product.alpha
    ? await sharp(product.alpha, { raw: { width: product.width, height: product.height, channels: 1 } })
        .resize(width, height, { fit: 'fill', kernel: 'cubic' })
        .toColourspace('b-w')
        .raw()
        .toBuffer()
    : await roundedCardMask(width, height);

  const { brightness, contrast } = look.tone;
  const rgba = await sharp(product.rgb, { raw: { width: product.width, height: product.height, channels: 3 } })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .recomb(toneMatrix(look))
    .linear(contrast * brightness, 128 * (1 - contrast))
    .joinChannel(alpha, { raw: { width, height, channels: 1 } })
    .raw()
    .toBuffer();
  return { rgba, alpha };
}

/**
 * Saturation and warmth as one 3x3 matrix (Rec. 709 luma weights): a single
 * linear pass instead of sharp's modulate(), which round-trips through LCh.
 */
function toneMatrix(look: Look): [[number, number, number], [number, number, number], [number, number, number]] {
  const { saturation: s, warmth: w } = look.tone;
  const luma = [0.2126, 0.7152, 0.0722];
  const row = (i: number, gain: number): [number, number, number] =>
    [0, 1, 2].map((j) => gain * (luma[j]! * (1 - s) + (i === j ? s : 0))) as [number, number, number];
  return [row(0, 1 + w), row(1, 1), row(2, 1 - w)];
}

async function roundedCardMask(width: number, height: number): Promise<Buffer> {
  const r = Math.round(Math.min(width, height) * 0.03);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${r}" ry="${r}" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).extractChannel(0).raw().toBuffer();
}

/**
 * Backdrop plus two shadows, all at low resolution: a soft ambient shadow from
 * the product's own silhouette, and a tight contact shadow where it stands.
 */
async function softBackdrop(
  alpha: Buffer,
  place: Placement,
  look: Look,
  canvas: Canvas,
  sw: number,
  sh: number,
  softScale: number,
): Promise<Buffer> {
  const aspect = canvas.width / canvas.height;
  const s = 1 / softScale;
  const mw = Math.max(1, Math.round(place.width * s));
  const mh = Math.max(1, Math.round(place.height * s));
  const smallMask = await sharp(alpha, { raw: { width: place.width, height: place.height, channels: 1 } })
    .resize(mw, mh, { fit: 'fill' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();

  // Ambient shadow: the silhouette, nudged down and blurred.
  const silhouette = Buffer.alloc(sw * sh);
  const ox = Math.round(place.left * s + (look.shadow.dx ?? 0) * mw);
  const oy = Math.round(place.top * s + sh * 0.012);
  for (let y = 0; y < mh; y++) {
    const ty = y + oy;
    if (ty < 0 || ty >= sh) continue;
    for (let x = 0; x < mw; x++) {
      const tx = x + ox;
      if (tx >= 0 && tx < sw) silhouette[ty * sw + tx] = smallMask[y * mw + x]!;
    }
  }
  const ambient = await sharp(silhouette, { raw: { width: sw, height: sh, channels: 1 } })
    .blur(Math.max(0.5, Math.max(sw, sh) * 0.012))
    .toColourspace('b-w')
    .raw()
    .toBuffer();

  const out = Buffer.alloc(sw * sh * 3);
  const cx = (place.left + place.width / 2) * s;
  const cy = (place.top + place.height) * s;
  const rx = Math.max(1, place.width * s * 0.48);
  const ry = Math.max(0.6, place.height * s * 0.035 + sh * 0.008);
  const [shR, shG, shB] = look.shadow.color;
  for (let y = 0; y < sh; y++) {
    for (let x = 0; x < sw; x++) {
      const [r, g, b] = look.backdrop((x + 0.5) / sw, (y + 0.5) / sh, aspect);
      const dx = (x + 0.5 - cx) / rx;
      const dy = (y + 0.5 - cy) / ry;
      const contact = Math.exp(-(dx * dx + dy * dy) * 1.6);
      const amb = ambient[y * sw + x]! / 255;
      const a = Math.min(1, look.shadow.opacity * Math.max(contact, amb * 0.55));
      const i = (y * sw + x) * 3;
      out[i] = r + (shR - r) * a;
      out[i + 1] = g + (shG - g) * a;
      out[i + 2] = b + (shB - b) * a;
    }
  }
  return out;
}

/** Mirror image under the product, fading out, for the glossy-floor look. */
async function reflectionLayer(rgba: Buffer, width: number, height: number) {
  const depth = Math.max(1, Math.round(height * 0.35));
  const data = await sharp(rgba, { raw: { width, height, channels: 4 } })
    .flip()
    .extract({ left: 0, top: 0, width, height: depth })
    .raw()
    .toBuffer();
  for (let y = 0; y < depth; y++) {
    const fade = 0.3 * (1 - y / depth) ** 2;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4 + 3;
      data[i] = data[i]! * fade;
    }
  }
  return { data, height: depth };
}

const GRAIN_SIZE = 128;
let grain: Buffer | null = null;
/** A small fixed noise tile; soft-light blended, it hides gradient banding. */
function grainTile(): Buffer {
  if (!grain) {
    const px = Buffer.alloc(GRAIN_SIZE * GRAIN_SIZE * 3);
    let seed = 0x9e3779b9;
    for (let i = 0; i < GRAIN_SIZE * GRAIN_SIZE; i++) {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      const v = 128 + ((seed >>> 24) % 13) - 6;
      px[i * 3] = px[i * 3 + 1] = px[i * 3 + 2] = v;
    }
    grain = px;
  }
  return grain;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
