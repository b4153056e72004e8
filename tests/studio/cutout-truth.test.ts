import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cutOut } from '../../server/studio/cutout';
import { judgeMask } from '../../server/studio/gate';
import { loadOpenCv } from '../../server/studio/wasm';
import { GATE_PHOTOS, loadTruth, maskOfPng, type Truth } from './truth';

// Real photos through WASM on a shared 2-core machine.
vi.setConfig({ testTimeout: 900_000 });

const truths: Truth[] = [];
/** The largest missed part of each accepted cut-out, filled by the test that makes them. */
const missed: Array<{ photo: string; box: boolean; share: number }> = [];
beforeAll(async () => {
  for (const name of GATE_PHOTOS) truths.push(await loadTruth(name));
});

/** The photo in Lab and a mask at the gate's working size (320 px long side), as the cut-out has them. */
async function atWorkingSize(t: Truth, mask: Uint8Array) {
  const { cv } = await loadOpenCv();
  const small = await sharp(t.photo).rotate().removeAlpha().resize(320, 320, { fit: 'inside' }).raw().toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = small.info;
  const rgb = cv.matFromArray(h, w, cv.CV_8UC3, small.data);
  const lab = new cv.Mat();
  cv.cvtColor(rgb, lab, cv.COLOR_RGB2Lab);
  const labData = Uint8Array.from(lab.data as Uint8Array);
  rgb.delete();
  lab.delete();
  const m = await sharp(
    Uint8Array.from(mask, (v) => v * 255),
    { raw: { width: t.width, height: t.height, channels: 1 } },
  )
    .resize(w, h, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { lab: labData, mask: Uint8Array.from(m, (v) => (v >= 128 ? 1 : 0)), w, h };
}

/** The product's pixel box at full size. */
function pixelBox(t: Truth) {
  return {
    x0: Math.round(t.box.x * t.width),
    y0: Math.round(t.box.y * t.height),
    x1: Math.round((t.box.x + t.box.width) * t.width),
    y1: Math.round((t.box.y + t.box.height) * t.height),
  };
}

/** A disc of radius r wholly on the product inside the box (its centre and 16 points at 1.3 r), or null. */
function discOnProduct(t: Truth, b: ReturnType<typeof pixelBox>, r: number): { cx: number; cy: number; r: number } | null {
  const cy0 = Math.round((b.y0 + b.y1) / 2);
  for (let dy = 0; dy < (b.y1 - b.y0) / 2; dy += 4) {
    for (const sy of [1, -1]) {
      const y = cy0 + sy * dy;
      for (let x = b.x0 + r; x < b.x1 - r; x += 4) {
        let all = !!t.mask[y * t.width + x];
        for (let k = 0; k < 16 && all; k++) {
          const px = Math.round(x + r * 1.3 * Math.cos((k * Math.PI) / 8));
          const py = Math.round(y + r * 1.3 * Math.sin((k * Math.PI) / 8));
          all = !!t.mask[py * t.width + px];
        }
        if (all) return { cx: x, cy: y, r };
      }
    }
  }
  return null;
}

/** Enclosed holes (unkept parts not reaching the frame) over `minShare` of the kept area. */
function holes(mask: Uint8Array, w: number, h: number, minShare: number): number[] {
  const seen = new Uint8Array(w * h);
  const kept = mask.reduce((s, v) => s + v, 0);
  const found: number[] = [];
  for (let s = 0; s < w * h; s++) {
    if (mask[s] || seen[s]) continue;
    const stack = [s];
    seen[s] = 1;
    let size = 0;
    let border = false;
    while (stack.length) {
      const p = stack.pop()!;
      size++;
      const x = p % w;
      const y = (p - x) / w;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) border = true;
      for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < h - 1 ? p + w : -1]) {
        if (q >= 0 && !mask[q] && !seen[q]) {
          seen[q] = 1;
          stack.push(q);
        }
      }
    }
    if (!border && size > kept * minShare) found.push(size);
  }
  return found;
}

/** The largest connected part of the product the mask misses, as a share of the product. */
function largestMiss(truth: Uint8Array, got: Uint8Array, w: number, h: number): number {
  const miss = Uint8Array.from(truth, (v, i) => (v && !got[i] ? 1 : 0));
  const seen = new Uint8Array(w * h);
  const total = truth.reduce((s, v) => s + v, 0);
  let best = 0;
  for (let s = 0; s < w * h; s++) {
    if (!miss[s] || seen[s]) continue;
    const stack = [s];
    seen[s] = 1;
    let size = 0;
    while (stack.length) {
      const p = stack.pop()!;
      size++;
      const x = p % w;
      for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, p - w, p + w]) {
        if (q >= 0 && q < w * h && miss[q] && !seen[q]) {
          seen[q] = 1;
          stack.push(q);
        }
      }
    }
    best = Math.max(best, size);
  }
  return best / total;
}

describe('the cut-out gate on hand-made ground truth (real photos)', () => {
  it('does not refuse the true masks', async () => {
    for (const t of truths) {
      const s = await atWorkingSize(t, t.mask);
      expect({ photo: t.name, reasons: judgeMask({ ...s, box: t.box }).reasons }).toEqual({ photo: t.name, reasons: [] });
    }
  });

  it('refuses a mask cut off along a straight line through the product (the right 40% missing)', async () => {
    const straight: string[] = [];
    for (const t of truths) {
      const b = pixelBox(t);
      const cutAt = Math.round(b.x0 + (b.x1 - b.x0) * 0.6);
      const damaged = Uint8Array.from(t.mask, (v, i) => (i % t.width >= cutAt ? 0 : v));
      const s = await atWorkingSize(t, damaged);
      const { reasons, figures } = judgeMask({ ...s, box: t.box });
      if (process.env.GATE_FIGURES) console.log(t.name, figures);
      // Refused for one reason or another (the cut also leaves the mask short of its box)...
      expect({ photo: t.name, refused: reasons.length > 0 }).toEqual({ photo: t.name, refused: true });
      if (reasons.includes('straight_cut')) straight.push(t.name);
    }
    // ...and named as a straight cut on the cup and the butterfly; on the grainy apple and orange the
    // skin's own texture reads as edges along the line, and only the box check catches them (README).
    expect(straight).toEqual(expect.arrayContaining(['coffee', 'butterfly']));
  });

  it('refuses a mask with a hole inside the product where the photo shows product', async () => {
    for (const t of truths) {
      const b = pixelBox(t);
      // A disc of a fifth of the box's smaller side (smaller on the flat-lay, whose objects are small),
      // placed where the whole disc lies on the product inside the box.
      let spot: { cx: number; cy: number; r: number } | null = null;
      for (const share of [0.1, 0.07, 0.05]) {
        spot = discOnProduct(t, b, Math.round(Math.min(b.x1 - b.x0, b.y1 - b.y0) * share));
        if (spot) break;
      }
      expect({ photo: t.name, found: !!spot }).toEqual({ photo: t.name, found: true });
      const { cx, cy, r } = spot!;
      const damaged = Uint8Array.from(t.mask, (v, i) => (((i % t.width) - cx) ** 2 + (Math.floor(i / t.width) - cy) ** 2 <= r * r ? 0 : v));
      const s = await atWorkingSize(t, damaged);
      expect({ photo: t.name, reasons: judgeMask({ ...s, box: t.box }).reasons }).toEqual({ photo: t.name, reasons: ['hole'] });
    }
  });

  it('refuses a mask much smaller than its box (the product reduced to a part of it)', async () => {
    for (const t of truths) {
      const b = pixelBox(t);
      const cx = (b.x0 + b.x1) / 2;
      const cy = (b.y0 + b.y1) / 2;
      const part = Uint8Array.from(t.mask, (v, i) => {
        const x = i % t.width;
        const y = Math.floor(i / t.width);
        return Math.abs(x - cx) < (b.x1 - b.x0) * 0.25 && Math.abs(y - cy) < (b.y1 - b.y0) * 0.25 ? v : 0;
      });
      const s = await atWorkingSize(t, part);
      expect({ photo: t.name, small: judgeMask({ ...s, box: t.box }).reasons.includes('small_for_box') }).toEqual({
        photo: t.name,
        small: true,
      });
    }
  });

  it('accepts no automatic or boxed cut-out with a hole the truth does not have or a missing part of the product', async () => {
    let accepted = 0;
    for (const t of truths) {
      for (const hints of [{}, { subject: t.box }]) {
        const r = await cutOut(t.photo, hints);
        if (!r.ok) {
          // Untrusted: never a cut-out, but its mask is there for the overlay.
          expect('png' in r).toBe(false);
          continue;
        }
        accepted++;
        const got = await maskOfPng(r.png, t.width, t.height);
        const label = { photo: t.name, box: 'subject' in hints };
        expect({ ...label, holes: holes(got, t.width, t.height, 0.002) }).toEqual({ ...label, holes: [] });
        missed.push({ ...label, share: Math.round(largestMiss(t.mask, got, t.width, t.height) * 1000) / 1000 });
        if (process.env.GATE_FIGURES) console.log(missed[missed.length - 1]);
      }
    }
    // The promise is not met by refusing everything: clear products are cut out.
    expect(accepted).toBeGreaterThanOrEqual(4);
  });

  // Was a known gap (it.fails): the automatic apple was accepted with its shaded bottom missing (IoU
  // 0.867). The detector's box now seeds its shaded part as probable product, and the gate sees such a
  // missing part (the next test, on that very mask).
  it('accepts no cut-out of a single product that misses over 3% of it in one piece', () => {
    const single = missed.filter((m) => m.photo !== 'stuff');
    expect(single.length).toBeGreaterThanOrEqual(4);
    expect(single.filter((m) => m.share >= 0.03)).toEqual([]);
  });

  // Known gap, kept visible: the automatic flat-lay is accepted without its coin (4% of the product):
  // a small, low-contrast object of its own, dropped as a speck next to the ball; no check sees an
  // object missing altogether. When it is kept (or the gate sees it), this fails and becomes ordinary.
  it.fails('accepts no cut-out of the flat-lay that misses over 3% of it in one piece (fails: the coin)', () => {
    const flat = missed.filter((m) => m.photo === 'stuff');
    expect(flat.length).toBeGreaterThanOrEqual(1);
    expect(flat.filter((m) => m.share >= 0.03)).toEqual([]);
  });

  it('refuses the automatic apple that lost its shaded bottom (no hole, no straight line: a missing part)', async () => {
    const t = truths.find((x) => x.name === 'apple')!;
    // The mask the cut-out of 2026-11-25 accepted (tests/fixtures/ground-truth/README.md).
    const old = await maskOfPng(
      readFileSync(fileURLToPath(new URL('../fixtures/ground-truth/apple-missing-part.png', import.meta.url))),
      t.width,
      t.height,
    );
    expect(largestMiss(t.mask, old, t.width, t.height)).toBeGreaterThan(0.05);
    const s = await atWorkingSize(t, old);
    const detectorBox = { x: 0.07, y: 0.12, width: 0.83, height: 0.86 };
    for (const box of [t.box, detectorBox]) {
      const { reasons, figures } = judgeMask({ ...s, box });
      expect(reasons).toEqual(['small_for_box']);
      expect(figures.missingShare).toBeGreaterThan(0.03);
      expect(figures.holeShare).toBe(0);
    }
  });

  it('refuses the apple with a bite out of its outline, wherever the bite is', async () => {
    const t = truths.find((x) => x.name === 'apple')!;
    const kept = t.mask.reduce((s, v) => s + v, 0);
    const r = Math.min(t.box.width * t.width, t.box.height * t.height) * 0.2;
    for (const [sx, sy] of [
      [-1, 1],
      [1, 1],
      [1, -1],
      [-1, -1],
    ] as const) {
      // Centred on the outline's farthest pixel towards that corner: about 6% of the apple is bitten off.
      let best = -Infinity;
      let cx = 0;
      let cy = 0;
      for (let i = 0; i < t.mask.length; i++) {
        if (!t.mask[i]) continue;
        const x = i % t.width;
        const y = (i - x) / t.width;
        if (sx * x + sy * y > best) {
          best = sx * x + sy * y;
          cx = x;
          cy = y;
        }
      }
      const bitten = Uint8Array.from(t.mask, (v, i) => (((i % t.width) - cx) ** 2 + (Math.floor(i / t.width) - cy) ** 2 <= r * r ? 0 : v));
      expect(1 - bitten.reduce((s, v) => s + v, 0) / kept).toBeGreaterThan(0.05);
      const s = await atWorkingSize(t, bitten);
      expect({ corner: [sx, sy], reasons: judgeMask({ ...s, box: t.box }).reasons }).toEqual({
        corner: [sx, sy],
        reasons: ['small_for_box'],
      });
    }
  });
});
