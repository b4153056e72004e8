import type { Box } from './detect.js';

/**
 * The studio's mask helpers, one convention for all of them (issue 37): a mask is a row-major
 * `Uint8Array` of `w × h` values (0/1, or 0–255 for a grey or alpha plane), and a pixel rectangle is
 * half-open: `x0 ≤ x < x1`, `y0 ≤ y < y1`, so its width is `x1 - x0`. Neighbours are the four
 * direct ones.
 */
export type PixelBox = { x0: number; y0: number; x1: number; y1: number };

/**
 * The bounding box of the pixels `kept(i)` says are in, within `within` (default the whole frame),
 * half-open; null when there is none.
 */
export function boundsOf(kept: (i: number) => boolean, w: number, h: number, within?: PixelBox): PixelBox | null {
  const r = within ?? { x0: 0, y0: 0, x1: w, y1: h };
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = r.y0; y < r.y1; y++) {
    for (let x = r.x0; x < r.x1; x++) {
      if (!kept(y * w + x)) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return x1 < 0 ? null : { x0, y0, x1: x1 + 1, y1: y1 + 1 };
}

/** The bounding box of a 0/1 mask's kept pixels (any value above `above`), half-open; null when empty. */
export function maskBounds(mask: ArrayLike<number>, w: number, h: number, above = 0): PixelBox | null {
  return boundsOf((i) => mask[i]! > above, w, h);
}

/** The same box as fractions of the frame; null when no pixel is in. */
export function fractionBounds(kept: (i: number) => boolean, w: number, h: number): Box | null {
  const b = boundsOf(kept, w, h);
  return b && toFractions(b, w, h);
}

/** A pixel box as fractions of the frame (the `Box` the detector, the seller and the gate speak). */
export function toFractions(b: PixelBox, w: number, h: number): Box {
  return { x: b.x0 / w, y: b.y0 / h, width: (b.x1 - b.x0) / w, height: (b.y1 - b.y0) / h };
}

/** A fractional box as the pixels it covers at `w × h` (rounded outwards, clipped to the frame). */
export function toPixels(b: Box, w: number, h: number): PixelBox {
  return {
    x0: Math.max(0, Math.floor(b.x * w)),
    y0: Math.max(0, Math.floor(b.y * h)),
    x1: Math.min(w, Math.ceil((b.x + b.width) * w)),
    y1: Math.min(h, Math.ceil((b.y + b.height) * h)),
  };
}

/** The index of the pixel a point in fractions of the frame falls in (half-open pixels; 1.0 is the last one). */
export function pixelAt(p: { x: number; y: number }, w: number, h: number): number {
  return Math.min(h - 1, Math.floor(p.y * h)) * w + Math.min(w - 1, Math.floor(p.x * w));
}

/**
 * Erosion by `times` 4-neighbour steps: each pixel becomes the smallest of itself and its
 * neighbours. `frame` is the value outside the picture: 1 (kept: a product running out of the frame
 * is not eaten from the edge) or 0 (the frame's own pixels go too).
 */
export function erode(m: Uint8Array, w: number, h: number, times = 1, frame: 0 | 1 = 1): Uint8Array {
  return morph(m, w, h, times, Math.min, frame ? 255 : 0);
}

/** Dilation by `times` 4-neighbour steps: each pixel becomes the largest of itself and its neighbours. */
export function dilate(m: Uint8Array, w: number, h: number, times = 1): Uint8Array {
  return morph(m, w, h, times, Math.max, 0);
}

function morph(m: Uint8Array, w: number, h: number, times: number, pick: (...v: number[]) => number, outside: number): Uint8Array {
  let cur = m;
  for (let t = 0; t < times; t++) {
    const next = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        next[i] = pick(
          cur[i]!,
          x > 0 ? cur[i - 1]! : outside,
          x < w - 1 ? cur[i + 1]! : outside,
          y > 0 ? cur[i - w]! : outside,
          y < h - 1 ? cur[i + w]! : outside,
        );
      }
    }
    cur = next;
  }
  return cur === m ? Uint8Array.from(m) : cur;
}

/**
 * Grows 8-connected regions from `seeds` into every pixel `enter(q, x, y)` lets in, marking them in
 * `into` (a new map unless given: pass one map to grow several regions apart). Seeds are marked as
 * given; `visit` sees every marked pixel once. Returns `into`.
 */
export function flood8(
  seeds: Iterable<number>,
  w: number,
  h: number,
  enter: (q: number, x: number, y: number) => boolean,
  visit?: (p: number, x: number, y: number) => void,
  into = new Uint8Array(w * h),
): Uint8Array {
  const stack: number[] = [];
  for (const s of seeds) {
    if (into[s]) continue;
    into[s] = 1;
    stack.push(s);
  }
  while (stack.length) {
    const p = stack.pop()!;
    const x = p % w;
    const y = (p - x) / w;
    visit?.(p, x, y);
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const X = x + dx;
        const Y = y + dy;
        if (X < 0 || Y < 0 || X >= w || Y >= h) continue;
        const q = Y * w + X;
        if (into[q] || !enter(q, X, Y)) continue;
        into[q] = 1;
        stack.push(q);
      }
    }
  }
  return into;
}

/**
 * The 4-connected component of `start` over the pixels `member` lets in, each marked in `seen` (start
 * included; the caller checks it is an unseen member). Its pixels are `queue[0, size)`, in the order
 * reached. `open`: it reaches the frame, or a neighbour outside it that `opens` accepts.
 */
export function component4(
  start: number,
  w: number,
  h: number,
  queue: Int32Array,
  seen: Uint8Array,
  member: (q: number) => boolean,
  opens: (q: number) => boolean = () => false,
): { size: number; open: boolean } {
  let size = 0;
  queue[size++] = start;
  seen[start] = 1;
  let open = false;
  for (let head = 0; head < size; head++) {
    const p = queue[head]!;
    const x = p % w;
    const y = (p - x) / w;
    if (x === 0 || y === 0 || x === w - 1 || y === h - 1) open = true;
    for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < h - 1 ? p + w : -1]) {
      if (q < 0) continue;
      if (member(q)) {
        if (!seen[q]) {
          seen[q] = 1;
          queue[size++] = q;
        }
      } else if (opens(q)) open = true;
    }
  }
  return { size, open };
}
