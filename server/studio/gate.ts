import type { CutoutNoteCode } from '../../shared/schemas/generations.js';
import { CUTOUT_GATE, CUTOUT_LIMITS } from '../../shared/constants.js';
import type { Box } from './detect.js';
import { boundsOf, component4, dilate, erode, flood8, maskBounds, pixelAt, toPixels } from './mask.js';

// Pixel loops read typed arrays at indexes below their length (the loop bounds: w * h pixels,
// 3 channels each); the `!` on those reads states that, at no run-time cost.

/**
 * The cut-out gate: judges a working-size mask (1 = kept) against the photo before anyone sees it
 * as a success. Each check names a way a wrong cut-out looked right in the trials:
 * - hole: an enclosed hole whose colours look like the kept product rather than the background
 *   (a fish's eye, a bite out of an apple); holes showing background (a cup handle) are fine;
 * - straight_cut: the outline runs along a long straight line where the photo has no edge (a box
 *   cut off at the detector's or the seller's box line, half an orange);
 * - small_for_box: the mask spans much less than the box it was asked to fill (a cat reduced to
 *   its eyes and nose), or fills little of it while the rest of the box does not look like the
 *   background around the box (several small objects on a cloth fill little of their box, and the
 *   cloth between them is the cloth around them: that is a clean cut-out, not a missing product);
 *   or a part of the box next to the mask looks like the kept product rather than the background
 *   (an apple's shaded bottom left out: no hole, no straight line, but a missing part); a seller's
 *   box in the editor (sellerBox) is judged by that last one only;
 * - weak_edges: the outline as a whole does not sit on the photo's edges;
 * - uncertain: the mask kept a surface whole around enclosed parts coloured like the background
 *   (dark blades on a light box kept with the box, the seller's box drawn loose around it): the
 *   product may be those parts, not the surface; or the mask comes to all four sides of the frame
 *   (a backdrop kept around a figure): the background it was cut from is then hardly in the photo.
 * Pure JS on the 320 px arrays the cut-out already holds: a few milliseconds.
 */
export type GateInput = {
  mask: Uint8Array;
  /** Lab photo at the mask's size, 3 bytes a pixel (OpenCV's 8-bit Lab). */
  lab: Uint8Array;
  w: number;
  h: number;
  /** The seller's box, else the detector's (fractions of the photo); null when there was none. */
  box: Box | null;
  /** The seller's remove strokes (fractions): a hole they painted is their decision, not a fault. */
  remove?: Array<{ x: number; y: number }>;
  /**
   * The box is one the seller drew in the editor: it says where the product is, not how big it is (a
   * box drawn loose around it is as right), so the mask's span and fill of it are not judged, only a
   * product-coloured part of it left out next to the mask (small_for_box's missing part).
   */
  sellerBox?: boolean;
};

export type GateFigures = {
  holeShare: number;
  /** Share of the kept area in enclosed kept parts coloured like the background (enclosedParts). */
  islandShare: number;
  straightRun: number;
  boxSpan: number;
  boxFill: number;
  /** Share of the box's unkept pixels coloured like the background outside the box. */
  boxBackground: number;
  /** The largest product-coloured unkept part of the box touching the mask, as a share of the kept area. */
  missingShare: number;
  edgeRatio: number;
  /** The least of the four sides' frame contact (frameContact): over the limit, the mask comes to every side. */
  sidesContact: number;
};

export function judgeMask(input: GateInput): { reasons: CutoutNoteCode[]; figures: GateFigures } {
  const { mask, lab, w, h, box } = input;
  const grad = gradient(lab, w, h);
  const reasons: CutoutNoteCode[] = [];
  const removed = new Set((input.remove ?? []).map((p) => pixelAt(p, w, h)));
  const { holes: holeShare, islands: islandShare } = enclosedParts(mask, lab, w, h, removed);
  if (holeShare > CUTOUT_GATE.maxHoleShare) reasons.push('hole');
  const straightRun = weakStraightRun(mask, grad, w, h);
  if (straightRun > CUTOUT_GATE.maxStraightRun) reasons.push('straight_cut');
  const { span: boxSpan, fill: boxFill } = boxFit(mask, w, h, box);
  const { background: boxBackground, missing: missingShare } = boxContents(mask, lab, w, h, box, removed);
  // A detector's box is sized to the product, a seller's only bounds it (editor-loose-box.test.ts).
  const sized = !input.sellerBox;
  const thinOrSeveral = sized && boxFill < CUTOUT_GATE.minBoxFill && boxBackground < CUTOUT_GATE.minBoxBackground;
  if ((sized && boxSpan < CUTOUT_LIMITS.minBoxSpan) || thinOrSeveral || missingShare > CUTOUT_GATE.maxMissingShare)
    reasons.push('small_for_box');
  const edgeRatio = outlineEdgeRatio(mask, grad, w, h);
  if (edgeRatio < CUTOUT_GATE.minEdgeRatio) reasons.push('weak_edges');
  const sidesContact = Math.min(...frameContact(mask, w, h));
  // A surface kept whole around background-coloured things: which of the two is the product the gate cannot
  // tell. A mask at every side of the frame left only an enclosed part of it as the background: the same doubt.
  if (islandShare > CUTOUT_GATE.maxIslandShare || sidesContact > UNATTENDED.maxFrameContact) reasons.push('uncertain');
  return {
    reasons,
    figures: { holeShare, islandShare, straightRun, boxSpan, boxFill, boxBackground, missingShare, edgeRatio, sidesContact },
  };
}

/** Colour gradient magnitude (Lab, central differences), 0 at the frame. */
function gradient(lab: Uint8Array, w: number, h: number): Float32Array {
  const g = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      let s = 0;
      for (let c = 0; c < 3; c++) {
        const dx = lab[(i + 1) * 3 + c]! - lab[(i - 1) * 3 + c]!;
        const dy = lab[(i + w) * 3 + c]! - lab[(i - w) * 3 + c]!;
        s += dx * dx + dy * dy;
      }
      g[i] = Math.sqrt(s);
    }
  }
  return g;
}

const BINS = 8;
const binOf = (lab: Uint8Array, i: number) =>
  ((lab[i * 3]! * BINS) >> 8) * BINS * BINS + ((lab[i * 3 + 1]! * BINS) >> 8) * BINS + ((lab[i * 3 + 2]! * BINS) >> 8);

/**
 * The enclosed parts of the mask, scored by a colour histogram of the kept pixels against one of the
 * background (the part of the unkept area that reaches the frame):
 * - holes: the share of the kept area taken by enclosed holes that look like the product (a hole
 *   counts when most of it is more product-like);
 * - islands: the mirror, the share of the kept area taken by kept parts that look like the background
 *   and touch no unkept pixel: the mask kept the surface around them (a light box kept whole under the
 *   dark blades lying on it, the seller's box drawn loose around it).
 */
function enclosedParts(mask: Uint8Array, lab: Uint8Array, w: number, h: number, removed: Set<number>): { holes: number; islands: number } {
  const n = w * h;
  const seen = new Uint8Array(n);
  const queue = new Int32Array(n);
  const holes: number[][] = [];
  const outside = new Uint8Array(n);
  const unkept = (q: number) => !mask[q];
  for (let start = 0; start < n; start++) {
    if (mask[start] || seen[start]) continue;
    const { size, open: border } = component4(start, w, h, queue, seen, unkept);
    const members = Array.from(queue.subarray(0, size));
    if (border) for (const p of members) outside[p] = 1;
    holes.push(border ? [] : members);
  }
  let kept = 0;
  const fg = new Float32Array(BINS ** 3).fill(1);
  const bg = new Float32Array(BINS ** 3).fill(1);
  for (let i = 0; i < n; i++) {
    if (mask[i]) {
      kept++;
      fg[binOf(lab, i)]! += 1;
    } else if (outside[i]) bg[binOf(lab, i)]! += 1;
  }
  if (!kept) return { holes: 0, islands: 0 };
  const fgTotal = fg.reduce((s, v) => s + v, 0);
  const bgTotal = bg.reduce((s, v) => s + v, 0);
  const productLike = (p: number) => {
    const b = binOf(lab, p);
    return fg[b]! / fgTotal > bg[b]! / bgTotal;
  };
  let productLikeHoles = 0;
  for (const hole of holes) {
    // Specks of a few pixels are the outline's noise, not a missing part.
    if (hole.length < Math.max(4, kept * CUTOUT_GATE.minHoleShare)) continue;
    if (hole.some((p) => removed.has(p))) continue;
    let votes = 0;
    for (const p of hole) if (productLike(p)) votes++;
    if (votes > hole.length / 2) productLikeHoles += hole.length;
  }
  // Clearly background: twice as likely background as product (a fringe of mixed pixels is neither).
  const backgroundLike = (p: number) => {
    const b = binOf(lab, p);
    return bg[b]! / bgTotal > (2 * fg[b]!) / fgTotal;
  };
  // Islands: 4-connected background-like kept pixels, none of them at the frame or next to an unkept one.
  seen.fill(0);
  let islands = 0;
  const keptBackground = (q: number) => !!mask[q] && backgroundLike(q);
  for (let start = 0; start < n; start++) {
    if (!keptBackground(start) || seen[start]) continue;
    const { size, open } = component4(start, w, h, queue, seen, keptBackground, unkept);
    if (!open) islands += size;
  }
  return { holes: productLikeHoles / kept, islands: islands / kept };
}

/** The island share alone (enclosedParts): whether a mask kept a surface around background-coloured parts. */
export function islandShare(mask: Uint8Array, lab: Uint8Array, w: number, h: number): number {
  return enclosedParts(mask, lab, w, h, new Set()).islands;
}

/**
 * The longest straight horizontal or vertical stretch of the outline (as a share of the mask's
 * own height or width) along which the photo shows no edge. The frame of the photo does not
 * count: a product may run out of the picture.
 */
function weakStraightRun(mask: Uint8Array, grad: Float32Array, w: number, h: number): number {
  const bounds = maskBounds(mask, w, h);
  let edgeSum = 0;
  let edgeN = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!mask[i]) continue;
      if ((x > 0 && !mask[i - 1]) || (x < w - 1 && !mask[i + 1]) || (y > 0 && !mask[i - w]) || (y < h - 1 && !mask[i + w])) {
        edgeSum += grad[i]!;
        edgeN++;
      }
    }
  }
  if (!bounds || !edgeN) return 0;
  const typical = edgeSum / edgeN;
  const weak = typical * CUTOUT_GATE.weakEdgeShare;
  let best = 0;
  // Walk each straight stretch of outline (vertical: column x kept, its neighbour x + dir not; likewise
  // rows), counting its longest part without an edge; a few edge pixels in a row (a highlight, a
  // crossing line) do not end that part, only the stretch's end does.
  const walk = (length: number, at: (k: number) => number, step: number, side: number) => {
    let weakRun = 0;
    let strong = 0;
    for (let k = 0; k <= length; k++) {
      const i = k < length ? at(k) : -1;
      const onStretch = i >= 0 && mask[i] && !mask[i + step];
      if (!onStretch) {
        best = Math.max(best, weakRun / side);
        weakRun = 0;
        strong = 0;
        continue;
      }
      if (Math.max(grad[i]!, grad[i + step]!) < weak) {
        weakRun += 1 + strong;
        strong = 0;
      } else if (++strong > CUTOUT_GATE.edgeGapPixels) {
        best = Math.max(best, weakRun / side);
        weakRun = 0;
        strong = 0;
      }
    }
  };
  const height = bounds.y1 - bounds.y0;
  const width = bounds.x1 - bounds.x0;
  for (const dir of [-1, 1]) {
    for (let x = 1; x < w - 1; x++) walk(h, (y) => y * w + x, dir, height);
    for (let y = 1; y < h - 1; y++) walk(w, (x) => y * w + x, dir * w, width);
  }
  return best;
}

/** How much of the box the mask spans (the smaller of width and height share) and fills (area share). */
function boxFit(mask: Uint8Array, w: number, h: number, box: Box | null): { span: number; fill: number } {
  if (!box) return { span: 1, fill: 1 };
  const r = toPixels(box, w, h);
  let inside = 0;
  const spanned = boundsOf((i) => (mask[i] ? (inside++, true) : false), w, h, r);
  if (!spanned) return { span: 0, fill: 0 };
  const bw = Math.max(1, r.x1 - r.x0);
  const bh = Math.max(1, r.y1 - r.y0);
  return { span: Math.min((spanned.x1 - spanned.x0) / bw, (spanned.y1 - spanned.y0) / bh), fill: inside / (bw * bh) };
}

/**
 * What the unkept part of the box looks like, by colour histograms of the kept pixels and of the
 * unkept pixels outside the box (the background the product was taken from):
 * - background: the share of the box's unkept pixels more likely background than product;
 * - missing: the largest connected part of the unkept pixels inside the convex hull of a kept object
 *   (each connected object its own hull: a bite out of the outline) that is clearly product-coloured
 *   (twice as likely product as background) and touches the mask, as a share of the kept area. A
 *   shadow beside a round product lies outside its hull; a fringe of mixed pixels along the outline
 *   is not a part: the product-coloured pixels are opened (eroded, then grown back) by two pixels
 *   first. Enclosed holes are the hole check's; parts the seller painted Sil are their decision.
 * Without a box the mask's own extent stands in for it.
 */
function boxContents(
  mask: Uint8Array,
  lab: Uint8Array,
  w: number,
  h: number,
  box: Box | null,
  removed: Set<number>,
): { background: number; missing: number } {
  const n = w * h;
  // The seller's or detector's box, else the mask's own (an empty rectangle for an empty mask).
  const { x0, y0, x1, y1 } = box ? toPixels(box, w, h) : (maskBounds(mask, w, h) ?? { x0: w, y0: h, x1: 0, y1: 0 });
  const inBox = (i: number) => {
    const x = i % w;
    const y = (i - x) / w;
    return x >= x0 && x < x1 && y >= y0 && y < y1;
  };
  const fg = new Float32Array(BINS ** 3);
  const bg = new Float32Array(BINS ** 3);
  let fgTotal = 0;
  let bgTotal = 0;
  for (let i = 0; i < n; i++) {
    if (mask[i]) {
      fg[binOf(lab, i)]! += 1;
      fgTotal++;
    } else if (!inBox(i)) {
      bg[binOf(lab, i)]! += 1;
      bgTotal++;
    }
  }
  // A box that is the whole photo leaves no background to compare with: nothing to say.
  if (!fgTotal || bgTotal < n * 0.02) return { background: 1, missing: 0 };
  const hulls = objectHulls(mask, w, h, fgTotal * 0.01);
  const open = reachesFrame(mask, w, h);
  const productLike = new Uint8Array(n);
  let unkept = 0;
  let backgroundLike = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = y * w + x;
      if (mask[i]) continue;
      unkept++;
      const b = binOf(lab, i);
      const pf = (fg[b]! + 0.5) / fgTotal;
      const pb = (bg[b]! + 0.5) / bgTotal;
      if (pb >= pf) backgroundLike++;
      else if (hulls[i] && open[i] && pf > 2 * pb && fg[b]! >= fgTotal * 0.002) productLike[i] = 1;
    }
  }
  const opened = dilate(erode(productLike, w, h, 2), w, h, 2);
  for (let i = 0; i < n; i++) opened[i] = opened[i]! & productLike[i]!;
  const near = dilate(mask, w, h, 2);
  const seen = new Uint8Array(n);
  const queue = new Int32Array(n);
  let largest = 0;
  for (let s = 0; s < n; s++) {
    if (!opened[s] || seen[s]) continue;
    let tail = 0;
    queue[tail++] = s;
    seen[s] = 1;
    let touches = false;
    let marked = false;
    for (let head = 0; head < tail; head++) {
      const p = queue[head]!;
      if (near[p]) touches = true;
      if (removed.has(p)) marked = true;
      const x = p % w;
      for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, p - w, p + w]) {
        if (q >= 0 && q < n && opened[q] && !seen[q]) {
          seen[q] = 1;
          queue[tail++] = q;
        }
      }
    }
    if (touches && !marked) largest = Math.max(largest, tail);
  }
  return { background: unkept ? backgroundLike / unkept : 1, missing: largest / fgTotal };
}

/**
 * The filled convex hull of each kept object (4-connected, at least `minSize` pixels) as a 0/1 map:
 * per object the leftmost and rightmost pixel of each row, Andrew's monotone chain, then each row
 * of the hull filled between its crossings with the hull's edges.
 */
function objectHulls(mask: Uint8Array, w: number, h: number, minSize: number): Uint8Array {
  const n = w * h;
  const out = new Uint8Array(n);
  const seen = new Uint8Array(n);
  const queue = new Int32Array(n);
  for (let s = 0; s < n; s++) {
    if (!mask[s] || seen[s]) continue;
    let tail = 0;
    queue[tail++] = s;
    seen[s] = 1;
    for (let head = 0; head < tail; head++) {
      const p = queue[head]!;
      const x = p % w;
      for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, p - w, p + w]) {
        if (q >= 0 && q < n && mask[q] && !seen[q]) {
          seen[q] = 1;
          queue[tail++] = q;
        }
      }
    }
    if (tail < minSize) continue;
    const left = new Map<number, number>();
    const right = new Map<number, number>();
    for (let k = 0; k < tail; k++) {
      const p = queue[k]!;
      const x = p % w;
      const y = (p - x) / w;
      if (!left.has(y) || x < left.get(y)!) left.set(y, x);
      if (!right.has(y) || x > right.get(y)!) right.set(y, x);
    }
    const points: Array<[number, number]> = [];
    for (const [y, x] of left) points.push([x, y], [right.get(y)!, y]);
    points.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const cross = (o: [number, number], a: [number, number], b: [number, number]) =>
      (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
    const lower: Array<[number, number]> = [];
    for (const p of points) {
      while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
      lower.push(p);
    }
    const upper: Array<[number, number]> = [];
    for (let k = points.length - 1; k >= 0; k--) {
      const p = points[k]!;
      while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
      upper.push(p);
    }
    const hull = [...lower.slice(0, -1), ...upper.slice(0, -1)];
    let yMin = h;
    let yMax = -1;
    for (const y of left.keys()) {
      yMin = Math.min(yMin, y);
      yMax = Math.max(yMax, y);
    }
    for (let y = yMin; y <= yMax; y++) {
      let xa = Infinity;
      let xb = -Infinity;
      for (let k = 0; k < hull.length; k++) {
        const a = hull[k]!;
        const b = hull[(k + 1) % hull.length]!;
        if ((a[1] - y) * (b[1] - y) > 0) continue;
        if (a[1] === b[1]) {
          xa = Math.min(xa, a[0], b[0]);
          xb = Math.max(xb, a[0], b[0]);
          continue;
        }
        const x = a[0] + ((y - a[1]) * (b[0] - a[0])) / (b[1] - a[1]);
        xa = Math.min(xa, x);
        xb = Math.max(xb, x);
      }
      for (let x = Math.max(0, Math.ceil(xa)); x <= Math.min(w - 1, Math.floor(xb)); x++) out[y * w + x] = 1;
    }
  }
  return out;
}

/** The unkept pixels connected to the frame of the photo (everything unkept but enclosed holes). */
function reachesFrame(mask: Uint8Array, w: number, h: number): Uint8Array {
  const n = w * h;
  const out = new Uint8Array(n);
  const queue = new Int32Array(n);
  let tail = 0;
  for (let i = 0; i < n; i++) {
    const x = i % w;
    const y = (i - x) / w;
    if (!mask[i] && (x === 0 || y === 0 || x === w - 1 || y === h - 1)) {
      out[i] = 1;
      queue[tail++] = i;
    }
  }
  for (let head = 0; head < tail; head++) {
    const p = queue[head]!;
    const x = p % w;
    for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, p - w, p + w]) {
      if (q >= 0 && q < n && !mask[q] && !out[q]) {
        out[q] = 1;
        queue[tail++] = q;
      }
    }
  }
  return out;
}

/**
 * Mean colour gradient on the outline against the mean over the photo: an outline on the photo's
 * edges sits well above the photo's average, one cut through flat areas does not.
 */
function outlineEdgeRatio(mask: Uint8Array, grad: Float32Array, w: number, h: number): number {
  let onSum = 0;
  let onN = 0;
  let allSum = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      allSum += grad[i]!;
      if (mask[i] && (!mask[i - 1] || !mask[i + 1] || !mask[i - w] || !mask[i + w])) {
        // The edge may sit one pixel to either side of the mask's last pixel.
        onSum += Math.max(grad[i]!, grad[i - 1]!, grad[i + 1]!, grad[i - w]!, grad[i + w]!);
        onN++;
      }
    }
  }
  const mean = allSum / Math.max(1, (w - 2) * (h - 2));
  return onN && mean > 0 ? onSum / onN / mean : 0;
}

/**
 * Doubts about an automatic cut-out that no person will look at (page, batch, API: issue 37). The
 * checks above catch a mask that is visibly broken; these catch a mask that may be clean but of the
 * wrong extent, where the gate cannot tell and so must not say "ready":
 * - the mask reaches the frame's edge band along over 15% of a side: the automatic cut-out keeps a
 *   ring at the frame as background, so a product that runs out of the frame (a packshot filling it,
 *   a figure cut by it) is clipped there;
 * - the mask fills under 30% of the detector's box: a dark object reduced to a few shards, or
 *   several objects of which one may be missing;
 * - the mask is in three or more parts and one of them comes to the frame's edge band: one of
 *   several objects may be cut by the frame or dropped there.
 * Each doubt reads 'uncertain' (the seller is asked; nothing is charged). A seller's box or strokes
 * (a guided cut-out) and the editor are not judged by these; but judgeMask, for every mask, doubts
 * one over maxFrameContact at all four sides (frameContact).
 */
export const UNATTENDED = { frameBand: 0.02, maxFrameContact: 0.15, minBoxFill: 0.3, maxPartsAtFrame: 2 } as const;

export type UnattendedFigures = { frameContact: number; boxFill: number; parts: number; partAtFrame: boolean };

export function unattendedDoubts(
  mask: Uint8Array,
  w: number,
  h: number,
  box: Box | null,
): { uncertain: boolean; figures: UnattendedFigures } {
  const d = frameBandPixels(w, h);
  const near = (x: number, y: number) => x < d || y < d || x >= w - d || y >= h - d;
  const contact = Math.max(...frameContact(mask, w, h));
  const { fill: boxFill } = boxFit(mask, w, h, box);
  // The mask's parts (8-connected) and whether any reaches the band.
  const seen = new Uint8Array(w * h);
  let parts = 0;
  let partAtFrame = false;
  for (let s = 0; s < w * h; s++) {
    if (!mask[s] || seen[s]) continue;
    parts++;
    flood8(
      [s],
      w,
      h,
      (q) => mask[q]! > 0,
      (_p, x, y) => {
        if (near(x, y)) partAtFrame = true;
      },
      seen,
    );
  }
  const uncertain =
    contact > UNATTENDED.maxFrameContact ||
    (box !== null && boxFill < UNATTENDED.minBoxFill) ||
    (parts > UNATTENDED.maxPartsAtFrame && partAtFrame);
  return { uncertain, figures: { frameContact: contact, boxFill, parts, partAtFrame } };
}

/** The frame's edge band in pixels (UNATTENDED.frameBand of the longer side, at least 3). */
function frameBandPixels(w: number, h: number): number {
  return Math.max(3, Math.round(Math.max(w, h) * UNATTENDED.frameBand));
}

/** Per side of the frame (top, bottom, left, right): the share of its length along which the mask comes within the edge band. */
function frameContact(mask: Uint8Array, w: number, h: number): [number, number, number, number] {
  const d = frameBandPixels(w, h);
  const top = new Uint8Array(w);
  const bottom = new Uint8Array(w);
  const left = new Uint8Array(h);
  const right = new Uint8Array(h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!mask[y * w + x]) continue;
      if (y < d) top[x] = 1;
      if (y >= h - d) bottom[x] = 1;
      if (x < d) left[y] = 1;
      if (x >= w - d) right[y] = 1;
    }
  }
  const share = (a: Uint8Array) => a.reduce((s, v) => s + v, 0) / a.length;
  return [share(top), share(bottom), share(left), share(right)];
}
