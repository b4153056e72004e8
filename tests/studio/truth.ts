import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Box } from '../../server/studio/detect';
import type { Point } from '../../server/studio/cutout';

/** The ground-truth set (tests/fixtures/ground-truth/README.md): each photo with its product mask. */
export const TRUTH_PHOTOS = [
  'coffee',
  'apple',
  'orange',
  'butterfly',
  'stuff',
  'box',
  'suzanne',
  'fish',
  'camera',
  'squirrel',
  'rocket',
  'smarties',
  'coins',
  'shapes',
  'astronaut',
] as const;
/**
 * The first five, on which the gate's own checks are held against damaged copies of the true mask
 * (cutout-truth.test.ts); the promise over the whole set is editor-truth.test.ts.
 */
export const GATE_PHOTOS = TRUTH_PHOTOS.slice(0, 5);
/** Photos kept in tests/fixtures/photos/ (shared with other tests); the rest are in ground-truth/. */
const IN_PHOTOS: readonly TruthName[] = ['coffee', 'stuff', 'rocket', 'smarties'];
export type TruthName = (typeof TRUTH_PHOTOS)[number];

const dir = fileURLToPath(new URL('../fixtures/', import.meta.url));
export type Truth = { name: TruthName; photo: Buffer; mask: Uint8Array; width: number; height: number; box: Box };

export async function loadTruth(name: TruthName): Promise<Truth> {
  const photo = readFileSync(IN_PHOTOS.includes(name) ? join(dir, 'photos', `${name}.jpg`) : join(dir, 'ground-truth', `${name}.jpg`));
  const { data, info } = await sharp(join(dir, 'ground-truth', `${name}.png`))
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const mask = Uint8Array.from(data, (v) => (v >= 128 ? 1 : 0));
  return { name, photo, mask, width: info.width, height: info.height, box: boxOf(mask, info.width, info.height) };
}

/** The product's bounding box as a seller would drag it: the mask's box, grown by 3% on each side. */
function boxOf(mask: Uint8Array, w: number, h: number): Box {
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let i = 0; i < w * h; i++) {
    if (!mask[i]) continue;
    const x = i % w;
    const y = (i - x) / w;
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  const gx = (x1 - x0) * 0.03;
  const gy = (y1 - y0) * 0.03;
  const bx = Math.max(0, x0 - gx) / w;
  const by = Math.max(0, y0 - gy) / h;
  return { x: bx, y: by, width: Math.min(1, (x1 + 1 + gx) / w) - bx, height: Math.min(1, (y1 + 1 + gy) / h) - by };
}

/** A cut-out PNG's alpha (or an overlay's grey) as a 0/1 mask at the given size. */
export async function maskOfPng(png: Buffer, width: number, height: number): Promise<Uint8Array> {
  const meta = await sharp(png).metadata();
  const channel = meta.hasAlpha ? 3 : 0;
  const data = await sharp(png).extractChannel(channel).resize(width, height, { fit: 'fill' }).raw().toBuffer();
  return Uint8Array.from(data, (v) => (v >= 128 ? 1 : 0));
}

export function iou(a: Uint8Array, b: Uint8Array): number {
  let inter = 0;
  let uni = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] && b[i]) inter++;
    if (a[i] || b[i]) uni++;
  }
  return uni ? inter / uni : 1;
}

/**
 * One round of simulated corrective clicks, as a careful seller would place them: the largest
 * wrong regions first (missed product → keep, kept background → remove), one click each, on the
 * region's pixel farthest from its edge, up to `max` clicks; regions under 0.05% of the photo are left.
 */
export function correctiveClicks(truth: Uint8Array, got: Uint8Array, w: number, h: number, max = 15): { keep: Point[]; remove: Point[] } {
  const wrong = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) wrong[i] = truth[i] === got[i] ? 0 : truth[i] ? 1 : 2;
  const seen = new Uint8Array(w * h);
  const regions: Array<{ kind: number; pixels: number[] }> = [];
  for (let s = 0; s < w * h; s++) {
    if (!wrong[s] || seen[s]) continue;
    const kind = wrong[s]!;
    const pixels = [s];
    seen[s] = 1;
    for (let k = 0; k < pixels.length; k++) {
      const p = pixels[k]!;
      const x = p % w;
      for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, p - w, p + w]) {
        if (q >= 0 && q < w * h && !seen[q] && wrong[q] === kind) {
          seen[q] = 1;
          pixels.push(q);
        }
      }
    }
    if (pixels.length >= w * h * 0.0005) regions.push({ kind, pixels });
  }
  regions.sort((a, b) => b.pixels.length - a.pixels.length);
  // Clicks go to the largest regions first, a big region getting a share of them by its area
  // (a seller paints several strokes across a large missed part), at least one each.
  const total = regions.reduce((s, r) => s + r.pixels.length, 0);
  const keep: Point[] = [];
  const remove: Point[] = [];
  let left = max;
  for (const r of regions) {
    if (left <= 0) break;
    const n = Math.min(left, Math.max(1, Math.round((r.pixels.length / total) * max)));
    left -= n;
    for (const p of interior(r.pixels, wrong, r.kind, w, h, n)) {
      (r.kind === 1 ? keep : remove).push({ x: ((p % w) + 0.5) / w, y: (Math.floor(p / w) + 0.5) / h });
    }
  }
  return { keep, remove };
}

/** `n` pixels spread over the region's inner half (its edge peeled to half its depth), in raster order. */
function interior(pixels: number[], wrong: Uint8Array, kind: number, w: number, h: number, n: number): number[] {
  const layers = [pixels];
  const inRegion = new Set(pixels);
  for (;;) {
    const layer = layers[layers.length - 1]!;
    const next = layer.filter((p) => {
      const x = p % w;
      const y = (p - x) / w;
      return x > 0 && y > 0 && x < w - 1 && y < h - 1 && [p - 1, p + 1, p - w, p + w].every((q) => inRegion.has(q) && wrong[q] === kind);
    });
    if (!next.length) break;
    inRegion.clear();
    for (const p of next) inRegion.add(p);
    layers.push(next);
  }
  const core = n === 1 ? layers[layers.length - 1]! : layers[Math.floor(layers.length / 2)]!;
  const sorted = [...core].sort((a, b) => a - b);
  return Array.from({ length: Math.min(n, sorted.length) }, (_, k) => sorted[Math.floor(((k + 0.5) * sorted.length) / n)]!);
}
