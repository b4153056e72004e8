import sharp from 'sharp';
import { MAX_OUTPUT_LONG_SIDE, MAX_SILENT_UPSCALE } from '../../shared/constants.js';
import type { Product } from './product.js';
import type { SceneSetup, SceneStyle } from './scene-style.js';
import { makeNoise, makeSurface, type Rgb } from './surfaces.js';
import type { CameraView } from './view.js';

// Pixel loops read typed arrays at indexes below their length (the loop bounds: w * h pixels,
// 1, 3 or 4 channels each); the `!` on those reads states that, at no run-time cost.

/**
 * One prompt scene composed around the cut-out, at any canvas size and shape (the run's own
 * images and every export preset are composed here, never cropped or padded afterwards).
 *
 * Seen from above ('top'), the product lies on a surface that fills the frame (flat-lay): no
 * horizon, a soft contact shadow around each object and a short cast shadow away from the light.
 * Seen level ('side'), it stands on a floor in front of a wall: each object's base touches the
 * floor, the shadow falls away from the light along the floor, and an optional reflection fades
 * out under it. Several objects keep the arrangement of the photo; each is grounded where it is.
 *
 * The surface, light and shadows are computed in JS at TEXTURE_LONG_SIDE and scaled up (they are
 * smooth at that scale); the product is resized once from its full-resolution pixels.
 */
const TEXTURE_LONG_SIDE = 960;

export type Canvas = { width: number; height: number };
export type Placement = { left: number; top: number; width: number; height: number };
export type SceneRender = { image: sharp.Sharp; width: number; height: number; upscale: number };

/** The product's box on this canvas for this style and set-up. */
export function placeScene(product: Product, style: SceneStyle, setup: SceneSetup, view: CameraView, canvas: Canvas): Placement {
  const { width: W, height: H } = canvas;
  const fit = Math.min(0.92, style.productSize * setup.size);
  let k = Math.min((W * fit) / product.width, (H * fit) / product.height);
  let width = Math.max(1, Math.round(product.width * k));
  let height = Math.max(1, Math.round(product.height * k));
  let cx = W * (0.5 + setup.offsetX);
  let top: number;
  if (view === 'top') {
    top = H * (0.5 + setup.offsetY) - height / 2;
  } else {
    // Standing: the base low in the frame, room above the product for the wall.
    const base = H * (0.87 + setup.offsetY * 0.5);
    const room = base - H * 0.08;
    if (height > room) {
      k *= room / height;
      width = Math.max(1, Math.round(product.width * k));
      height = Math.max(1, Math.round(product.height * k));
    }
    top = base - height;
  }
  // A seed moves the product, but keeps it off the frame's side tenths where it fits in the middle (and a flat-lay off the top and bottom 6%).
  const mx = Math.min(W * 0.1, Math.max(0, (W - width) / 2));
  cx = clamp(cx, width / 2 + mx, W - width / 2 - mx);
  const my = view === 'top' ? Math.min(H * 0.06, Math.max(0, (H - height) / 2)) : 0;
  return { left: Math.round(cx - width / 2), top: Math.round(clamp(top, my, H - height - my)), width, height };
}

/**
 * The largest canvas of this shape (up to MAX_OUTPUT_LONG_SIDE) on which the scene draws the
 * product at most MAX_SILENT_UPSCALE times its real pixel size.
 */
export function honestSceneCanvas(product: Product, style: SceneStyle, setup: SceneSetup, view: CameraView, aspect: number): Canvas {
  const shape = (long: number): Canvas =>
    aspect >= 1 ? { width: long, height: Math.round(long / aspect) } : { width: Math.round(long * aspect), height: long };
  const probe = placeScene(product, style, setup, view, shape(1000));
  const long = Math.max(64, Math.min(MAX_OUTPUT_LONG_SIDE, Math.floor((1000 * MAX_SILENT_UPSCALE * product.width) / probe.width)));
  return shape(long);
}

/** What a scene is made of at texture size: the placement, the product's shadow darkness, and the wall-floor seam. */
async function sceneShade(product: Product, style: SceneStyle, setup: SceneSetup, view: CameraView, canvas: Canvas) {
  const { width: W, height: H } = canvas;
  const place = placeScene(product, style, setup, view, canvas);
  const s = Math.max(1, Math.max(W, H) / TEXTURE_LONG_SIDE);
  const tw = Math.max(8, Math.round(W / s));
  const th = Math.max(8, Math.round(H / s));
  const sx = tw / W;
  const sy = th / H;

  // The product's mask at texture size, placed: shadows are cast from it.
  const mw = Math.max(1, Math.round(place.width * sx));
  const mh = Math.max(1, Math.round(place.height * sy));
  const small = product.alpha
    ? await sharp(product.alpha, { raw: { width: product.width, height: product.height, channels: 1 } })
        .resize(mw, mh, { fit: 'fill' })
        .toColourspace('b-w')
        .raw()
        .toBuffer()
    : Buffer.alloc(mw * mh, 255);
  const mask = new Float32Array(tw * th);
  const ml = Math.round(place.left * sx);
  const mt = Math.round(place.top * sy);
  for (let y = 0; y < mh; y++) {
    const ty = y + mt;
    if (ty < 0 || ty >= th) continue;
    for (let x = 0; x < mw; x++) {
      const tx = x + ml;
      if (tx >= 0 && tx < tw) mask[ty * tw + tx] = small[y * mw + x]! / 255;
    }
  }

  const horizon = view === 'side' ? horizonRow(mask, tw, th, mt, mh, setup.camera) : -1;
  const shade = await shadows(mask, tw, th, style, setup, view);
  return { place, tw, th, horizon, shade };
}

export async function renderScene(
  product: Product,
  style: SceneStyle,
  setup: SceneSetup,
  view: CameraView,
  canvas: Canvas,
): Promise<SceneRender> {
  const { width: W, height: H } = canvas;
  const { place, tw, th, horizon, shade } = await sceneShade(product, style, setup, view, canvas);
  const backdrop = paintBackdrop(tw, th, style, setup, view, horizon, shade);

  const layer = await productLayer(product, style, place.width, place.height);
  const overlays: sharp.OverlayOptions[] = [];
  if (view === 'side' && style.reflection) {
    const r = reflection(layer, place, H);
    if (r) overlays.push(r);
  }
  overlays.push({ input: layer, raw: { width: place.width, height: place.height, channels: 4 }, left: place.left, top: place.top });
  const image = sharp(backdrop, { raw: { width: tw, height: th, channels: 3 } })
    .resize(W, H, { fit: 'fill', kernel: 'cubic' })
    .composite(overlays);
  return { image, width: W, height: H, upscale: place.width / product.width };
}

/**
 * The same scene as separate layers, for the video, which moves the product over its scene: the
 * empty surface (and wall), the product's shadows and reflection as one transparent layer (black
 * with the shadow's darkness as alpha: laid over the surface it darkens it exactly as the still's
 * shadow does), and the toned product. All at the canvas size except the product, at `place`.
 */
export async function renderSceneLayers(
  product: Product,
  style: SceneStyle,
  setup: SceneSetup,
  view: CameraView,
  canvas: Canvas,
): Promise<{ backdrop: sharp.Sharp; shade: sharp.Sharp; product: Buffer; place: Placement }> {
  const { width: W, height: H } = canvas;
  const { place, tw, th, horizon, shade } = await sceneShade(product, style, setup, view, canvas);
  const empty = paintBackdrop(tw, th, style, setup, view, horizon, new Float32Array(tw * th));
  const darkness = style.pureWhite ? 0.8 : 0.85;
  const shadeRgba = Buffer.alloc(tw * th * 4);
  for (let i = 0; i < tw * th; i++) shadeRgba[i * 4 + 3] = Math.round(255 * Math.min(1, shade[i]! * darkness));
  const layer = await productLayer(product, style, place.width, place.height);
  const overlays: sharp.OverlayOptions[] = [];
  if (view === 'side' && style.reflection) {
    const r = reflection(layer, place, H);
    if (r) overlays.push(r);
  }
  const shadeLayer = await sharp(shadeRgba, { raw: { width: tw, height: th, channels: 4 } })
    .resize(W, H, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
  return {
    backdrop: sharp(empty, { raw: { width: tw, height: th, channels: 3 } }).resize(W, H, { fit: 'fill', kernel: 'cubic' }),
    shade: sharp(shadeLayer, { raw: { width: W, height: H, channels: 4 } }).composite(overlays),
    product: layer,
    place,
  };
}

/**
 * The wall-floor seam of a side view, as a texture row: at the camera's height on the product (a
 * level camera sees the horizon at its own height: `camera` -1 low near the base, 0 the middle,
 * 1 high above its top), but below every object's base, so each stands on the floor and none
 * straddles the seam.
 */
function horizonRow(mask: Float32Array, tw: number, th: number, mt: number, mh: number, camera: number): number {
  let highestBase = th;
  for (let x = 0; x < tw; x++) {
    for (let y = th - 1; y > 0; y--) {
      // A base: the bottom of a run of product pixels at least 3 tall.
      if (
        mask[y * tw + x]! > 0.5 &&
        mask[(y - 1) * tw + x]! > 0.5 &&
        (y + 1 >= th || mask[(y + 1) * tw + x]! <= 0.5) &&
        y > 2 &&
        mask[(y - 2) * tw + x]! > 0.5
      ) {
        highestBase = Math.min(highestBase, y);
        break;
      }
    }
  }
  const eye = mt + mh * (0.5 - 0.65 * camera);
  return Math.round(clamp(Math.min(eye, highestBase - th * 0.05), th * 0.12, th * 0.8));
}

/** Shadow darkness 0..1 per texture pixel: contact shadow at each object's edge or base, and the cast shadow away from the light. */
async function shadows(
  mask: Float32Array,
  tw: number,
  th: number,
  style: SceneStyle,
  setup: SceneSetup,
  view: CameraView,
): Promise<Float32Array> {
  const out = new Float32Array(tw * th);
  if (style.shadow <= 0) return out;
  const low = Math.min(1.2, style.light.low * setup.shadowLength);
  const softness = style.light.softness * setup.shadowSoftness;
  const away = { x: -Math.cos(setup.azimuth), y: Math.sin(setup.azimuth) };
  const short = Math.min(tw, th);
  const cast = new Uint8Array(tw * th);
  const contact = new Uint8Array(tw * th);
  if (view === 'top') {
    // Lying flat: the shadow is the silhouette, nudged away from the light; contact is the silhouette itself.
    const d = short * (0.008 + 0.02 * low);
    const dx = Math.round(away.x * d);
    const dy = Math.round(away.y * d);
    for (let y = 0; y < th; y++) {
      for (let x = 0; x < tw; x++) {
        const a = mask[y * tw + x]!;
        if (a <= 0) continue;
        contact[y * tw + x] = a * 255;
        const tx = x + dx;
        const ty = y + dy;
        if (tx >= 0 && tx < tw && ty >= 0 && ty < th) cast[ty * tw + tx] = a * 255;
      }
    }
  } else {
    // Standing: each column's runs of product pixels drop their shadow onto the floor from their own base.
    const along = 1.1 * low;
    const back = 0.18 + 0.25 * low;
    for (let x = 0; x < tw; x++) {
      let base = -1;
      for (let y = th - 1; y >= 0; y--) {
        const a = mask[y * tw + x]!;
        if (a <= 0.5) {
          base = -1;
          continue;
        }
        if (base < 0) {
          base = y;
          contact[y * tw + x] = 255;
        }
        const h = base - y;
        const px = Math.round(x + away.x * h * along);
        // The light is in front of the product: its shadow falls back along the floor (up the frame).
        const py = Math.round(base - h * back * Math.max(0.3, away.y));
        if (px >= 0 && px < tw && py >= 0 && py < th) cast[py * tw + px] = Math.max(cast[py * tw + px]!, a * 255);
      }
    }
  }
  const blurCast = Math.max(0.8, short * (softness * style.productSize + 0.004));
  const [castBlur, contactTight, contactWide] = await Promise.all([
    blurGrey(cast, tw, th, blurCast),
    blurGrey(contact, tw, th, Math.max(0.6, short * 0.0025)),
    blurGrey(contact, tw, th, Math.max(1, short * 0.012)),
  ]);
  const castStrength = view === 'top' ? 0.45 : 0.5;
  for (let i = 0; i < out.length; i++) {
    const c = (castBlur[i]! / 255) * castStrength + (contactTight[i]! / 255) * 0.45 + (contactWide[i]! / 255) * 0.35;
    out[i] = Math.min(0.92, c * style.shadow * (view === 'top' ? 1 : 1.15));
  }
  return out;
}

function blurGrey(data: Uint8Array, w: number, h: number, sigma: number): Promise<Buffer> {
  return sharp(data, { raw: { width: w, height: h, channels: 1 } })
    .blur(sigma)
    .toColourspace('b-w')
    .raw()
    .toBuffer();
}

/** Surface (and wall), light falloff and colour, shadows and a little noise, at texture size. */
function paintBackdrop(
  tw: number,
  th: number,
  style: SceneStyle,
  setup: SceneSetup,
  view: CameraView,
  horizon: number,
  shade: Float32Array,
): Buffer {
  const out = Buffer.alloc(tw * th * 3);
  const noise = makeNoise(setup.noiseSeed);
  const { light } = style;
  const short = Math.min(tw, th);
  if (style.pureWhite) {
    // The marketplaces' white: RGB 255 wherever no shadow falls.
    for (let i = 0; i < tw * th; i++) {
      const v = Math.round(255 * (1 - shade[i]! * 0.8));
      out[i * 3] = out[i * 3 + 1] = out[i * 3 + 2] = v;
    }
    return out;
  }
  const surface = makeSurface(style.surface.material, style.surface.colour, noise, setup.angle);
  const wallNoise = makeNoise(setup.noiseSeed ^ 0x5bd1e995);
  let grainState = setup.noiseSeed | 1;
  // The key light's pool: towards the light's side of the frame.
  const lx = tw / 2 + Math.cos(setup.azimuth) * tw * 0.3;
  const ly = th / 2 - Math.sin(setup.azimuth) * th * 0.3;
  const spread = light.spread * Math.max(tw, th);
  const norm = 1 / (light.ambient + (1 - light.ambient) * 0.7);
  const unit = (short / 2) * setup.patternScale; // pixels per surface unit in a flat-lay
  const [tr, tg, tb] = light.tint;
  // Fine grain (±1.5 levels) against banding in smooth gradients: a cheap xorshift per pixel.
  const grain = () => {
    grainState ^= grainState << 13;
    grainState ^= grainState >>> 17;
    grainState ^= grainState << 5;
    return ((grainState >>> 0) / 4294967296 - 0.5) * 3;
  };
  for (let y = 0; y < th; y++) {
    for (let x = 0; x < tw; x++) {
      let c: Rgb;
      if (view === 'top') {
        c = surface((x - tw / 2) / unit + 31.7, (y - th / 2) / unit + 12.9);
      } else if (y < horizon) {
        // The wall: a soft vertical gradient, plaster tooth, and a darker cove where it meets the floor.
        const t = y / Math.max(1, horizon);
        const cove = Math.exp(-(horizon - y) / (th * 0.02)) * 0.16;
        const plaster = 1 + (wallNoise.fbm(x / (short * 0.15), y / (short * 0.15), 2) - 0.5) * 0.04;
        const k = plaster * (1 - cove);
        const { top, bottom } = style.wall;
        c = [(top[0] + (bottom[0] - top[0]) * t) * k, (top[1] + (bottom[1] - top[1]) * t) * k, (top[2] + (bottom[2] - top[2]) * t) * k];
      } else {
        // The floor in perspective: distance grows towards the seam; far texture fades to its mean colour (no moiré).
        // A higher camera looks down on the floor: it runs less steeply away.
        const d = (y - horizon + 0.5) / (th - horizon);
        const z = 1 / (d + 0.12 * (1 + 0.6 * setup.camera));
        const fx = ((x - tw / 2) / unit) * z * 0.55;
        const fy = z * 1.6;
        const near = surface(fx + 31.7, fy + 12.9);
        const far = clamp((z - 2.5) / 5, 0, 1);
        const base = style.surface.colour;
        c = [near[0] + (base[0] - near[0]) * far, near[1] + (base[1] - near[1]) * far, near[2] + (base[2] - near[2]) * far];
        const haze = 1 - 0.1 * (1 - d);
        c = [c[0] * haze, c[1] * haze, c[2] * haze];
      }
      const dx = x - lx;
      const dy = y - ly;
      const pool = Math.exp(-(dx * dx + dy * dy) / (2 * spread * spread));
      const k = (light.ambient + (1 - light.ambient) * pool) * norm * (1 - shade[y * tw + x]! * 0.85);
      const n = grain();
      const i = (y * tw + x) * 3;
      out[i] = clamp(c[0] * k * tr + n, 0, 255);
      out[i + 1] = clamp(c[1] * k * tg + n, 0, 255);
      out[i + 2] = clamp(c[2] * k * tb + n, 0, 255);
    }
  }
  return out;
}

/** The product resized once, toned by the style (saturation, warmth, contrast) and lit by half the light's colour; RGBA. */
async function productLayer(product: Product, style: SceneStyle, width: number, height: number): Promise<Buffer> {
  const alpha = product.alpha
    ? await sharp(product.alpha, { raw: { width: product.width, height: product.height, channels: 1 } })
        .resize(width, height, { fit: 'fill', kernel: 'cubic' })
        .toColourspace('b-w')
        .raw()
        .toBuffer()
    : Buffer.alloc(width * height, 255);
  const { saturation: sat, warmth, contrast, brightness } = style.tone;
  const luma = [0.2126, 0.7152, 0.0722];
  // Half the light's colour reaches the product: it sits in the light without losing its own colours.
  const gains = style.light.tint.map((t, i) => (1 + (t - 1) * 0.5) * (i === 0 ? 1 + warmth : i === 2 ? 1 - warmth : 1));
  const matrix = [0, 1, 2].map((i) => [0, 1, 2].map((j) => gains[i]! * (luma[j]! * (1 - sat) + (i === j ? sat : 0)))) as [
    [number, number, number],
    [number, number, number],
    [number, number, number],
  ];
  return sharp(product.rgb, { raw: { width: product.width, height: product.height, channels: 3 } })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .recomb(matrix)
    .linear(contrast * brightness, 128 * (1 - contrast))
    .joinChannel(alpha, { raw: { width, height, channels: 1 } })
    .raw()
    .toBuffer();
}

/** The product mirrored under its base, fading to nothing within the frame (a glossy floor, never a cut-off band). */
function reflection(layer: Buffer, place: Placement, H: number): sharp.OverlayOptions | null {
  const base = place.top + place.height;
  const depth = Math.min(Math.round(place.height * 0.4), H - base);
  if (depth < 4) return null;
  // Row y under the base mirrors row (height - 1 - y) of the product (sharp would extract before flipping).
  const rowBytes = place.width * 4;
  const data = Buffer.alloc(depth * rowBytes);
  for (let y = 0; y < depth; y++) {
    const from = (place.height - 1 - y) * rowBytes;
    layer.copy(data, y * rowBytes, from, from + rowBytes);
    const fade = 0.3 * (1 - y / depth) ** 2.2;
    for (let i = y * rowBytes + 3; i < (y + 1) * rowBytes; i += 4) data[i] = data[i]! * fade;
  }
  return { input: data, raw: { width: place.width, height: depth, channels: 4 }, left: place.left, top: base };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
