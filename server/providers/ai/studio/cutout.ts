import sharp from 'sharp';
import { ProviderError } from '../errors.js';
import { detectObjects, type Box } from './detect.js';
import { otsu, saliencyMap } from './saliency.js';
import { loadOpenCv, type Cv } from './wasm.js';
import { CUTOUT_GATE, CUTOUT_LIMITS } from '../../../../shared/constants.js';
import type { CutoutNoteCode } from '../../../../shared/schemas/generations.js';
import { judgeMask, type GateFigures } from './gate.js';

// Pixel loops read typed arrays at indexes below their length (the loop bounds: w * h pixels,
// 3 or 4 channels each); the `!` on those reads states that, at no run-time cost.

/**
 * Stage 1 of the studio: the product's mask from a real photo, offline.
 *
 * NanoDet box + MB+ saliency seed an OpenCV grabCut at ~320 px; three fixed
 * RNG seeds must agree; a guided filter carries the mask to full size with
 * soft, edge-following alpha. The seller's box and keep/remove strokes (as
 * fractions of the oriented photo) replace or sharpen the automatic seeds.
 * When the result is not trustworthy it says why (`reason`) instead of
 * returning a wrong cut-out: wrong cut-outs look worse than the framed photo.
 */

export type Point = { x: number; y: number };
export type CutoutHints = { subject?: Box | null; keep?: Point[]; remove?: Point[] };
/** Why a cut-out is not trusted; each has its Turkish explanation in the message catalogue. */
export type CutoutReason = CutoutNoteCode;

export type CutoutResult = {
  /** Oriented photo size; the PNG (when there is one) has exactly this size. */
  width: number;
  height: number;
  /** 0..1; how clearly the mask separates from its surroundings. */
  confidence: number;
  /**
   * The mask the gate judged, as a grey PNG (white = kept) at most CUTOUT_GATE.overlayLongSide on
   * the longer side: the editor's overlay, also when the mask was not trusted. Null when none was made.
   */
  maskPng: Buffer | null;
  /** The gate's measures (gate.ts), for the benchmark and the logs. */
  figures: GateFigures | null;
  timings: { totalMs: number };
} & (
  | { ok: true; png: Buffer; /** share of the photo covered by the product */ coverage: number; box: Box }
  | { ok: false; /** every check that failed, first the one that matters most */ reasons: CutoutReason[] }
);

const WORK_LONG_SIDE = 320;
const DETECT_LONG_SIDE = 512;
const SEEDS = [1, 2, 3];
const ITERATIONS = 5;

// grabCut mask values
const BGD = 0;
const FGD = 1;
const PR_BGD = 2;
const PR_FGD = 3;

export async function cutOut(bytes: Buffer, hints: CutoutHints = {}): Promise<CutoutResult> {
  const started = Date.now();
  const { cv } = await loadOpenCv();
  let full: { data: Buffer; info: sharp.OutputInfo };
  try {
    full = await sharp(bytes, { limitInputPixels: CUTOUT_LIMITS.maxInputPixels })
      .rotate()
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (cause) {
    throw new ProviderError('invalid_input', { retryable: false, detail: 'image could not be decoded', cause });
  }
  const W = full.info.width;
  const H = full.info.height;
  type Partial =
    { ok: true; png: Buffer; coverage: number; box: Box; confidence: number } | { ok: false; reasons: CutoutReason[]; confidence: number };
  const done = (r: Partial, maskPng: Buffer | null = null, figures: GateFigures | null = null): CutoutResult =>
    ({ ...r, maskPng, figures, width: W, height: H, timings: { totalMs: Date.now() - started } }) as CutoutResult;

  const small = await sharp(full.data, { raw: { width: W, height: H, channels: 3 } })
    .resize({ width: WORK_LONG_SIDE, height: WORK_LONG_SIDE, fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sw = small.info.width;
  const sh = small.info.height;
  const guided = !!hints.subject || !!hints.keep?.length || !!hints.remove?.length;

  // Where the product is: the seller's box, else the detector's best non-furniture box.
  let subject: Box | null = hints.subject ?? null;
  if (!subject) {
    const medium = await sharp(full.data, { raw: { width: W, height: H, channels: 3 } })
      .resize({ width: DETECT_LONG_SIDE, height: DETECT_LONG_SIDE, fit: 'inside' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const found = await detectObjects(medium.data, medium.info.width, medium.info.height);
    const best = found[0];
    if (best && !guided && best.width * best.height > CUTOUT_LIMITS.maxSubjectShare) {
      return done({ ok: false, reasons: ['fills_frame'], confidence: 0 });
    }
    subject = best ?? null;
  }

  const mats: Array<{ delete(): void }> = [];
  const keepMat = <T extends { delete(): void }>(m: T) => (mats.push(m), m);
  try {
    const rgb = keepMat(cv.matFromArray(sh, sw, cv.CV_8UC3, small.data));
    const lab = keepMat(new cv.Mat());
    cv.cvtColor(rgb, lab, cv.COLOR_RGB2Lab);
    const sal = saliencyMap(lab.data as Uint8Array, sw, sh);
    const t = Math.max(0.25, otsu(sal));

    // Region the product may occupy.
    let salBox = boxOf((i) => sal[i]! > t, sw, sh);
    let roi: Box;
    if (hints.subject) roi = grow(hints.subject, 0.02);
    else if (subject) roi = grow(union(subject, salBox && overlaps(salBox, subject) ? salBox : subject), 0.08);
    else if (salBox) roi = grow(salBox, 0.08);
    else return done({ ok: false, reasons: ['no_subject'], confidence: 0 });
    salBox = salBox ?? roi;

    const seeds = new Uint8Array(sw * sh);
    const core = erodeBinary(
      Uint8Array.from(sal, (v) => (v > Math.min(0.9, t + 0.25) ? 1 : 0)),
      sw,
      sh,
      2,
    );
    const border = Math.max(1, Math.round(Math.min(sw, sh) * 0.01));
    for (let y = 0; y < sh; y++) {
      for (let x = 0; x < sw; x++) {
        const i = y * sw + x;
        const u = (x + 0.5) / sw;
        const v = (y + 0.5) / sh;
        const inRoi = u >= roi.x && u <= roi.x + roi.width && v >= roi.y && v <= roi.y + roi.height;
        const inSubject = subject && u >= subject.x && u <= subject.x + subject.width && v >= subject.y && v <= subject.y + subject.height;
        const atBorder = x < border || y < border || x >= sw - border || y >= sh - border;
        if (!inRoi || (atBorder && !hints.subject)) seeds[i] = BGD;
        else if (core[i] && inSubject) seeds[i] = FGD;
        else if (sal[i]! > t) seeds[i] = PR_FGD;
        else if (hints.subject) seeds[i] = sal[i]! > t * 0.5 ? PR_FGD : PR_BGD;
        else seeds[i] = PR_BGD;
      }
    }
    const stroke = Math.max(2, Math.round(Math.max(sw, sh) * CUTOUT_LIMITS.strokeRadius));
    for (const p of hints.keep ?? []) paint(seeds, sw, sh, p, stroke, FGD);
    for (const p of hints.remove ?? []) paint(seeds, sw, sh, p, stroke, BGD);
    if (!seeds.some((s) => s === FGD || s === PR_FGD)) return done({ ok: false, reasons: ['no_subject'], confidence: 0 });
    if (!seeds.some((s) => s === BGD || s === PR_BGD)) return done({ ok: false, reasons: ['fills_frame'], confidence: 0 });

    const runs: Uint8Array[] = [];
    for (const seed of SEEDS) runs.push(grabCut(cv, rgb, seeds, sw, sh, seed, keepMat));
    // grabCut is random: accept only when at least two fixed-seed runs agree.
    let agreed: Uint8Array | null = null;
    for (let a = 0; a < runs.length && !agreed; a++) {
      for (let b = a + 1; b < runs.length && !agreed; b++) {
        if (overlap(runs[a]!, runs[b]!) >= CUTOUT_LIMITS.minAgreement) agreed = runs[a]!;
      }
    }
    const overlay = (m: Uint8Array) => overlayPng(smoothOutline(cv, m, sw, sh, keepMat), sw, sh, W, H);
    if (!agreed) return done({ ok: false, reasons: ['runs_disagree'], confidence: 0 }, await overlay(runs[0]!));
    const mask = fillSalientHoles(keepComponents(cv, agreed, sw, sh, hints.keep ?? [], keepMat), sal, t, sw, sh, hints.remove ?? []);

    // The gate, for automatic and guided cut-outs alike: every failed check is a reason.
    const area = mask.reduce((s, v) => s + v, 0) / (sw * sh);
    const confidence = contrastConfidence(sal, mask);
    const maskBox = boxOf((i) => mask[i]! > 0, sw, sh);
    if (!maskBox || area < CUTOUT_LIMITS.minCoverage) return done({ ok: false, reasons: ['no_subject'], confidence }, await overlay(mask));
    const reasons: CutoutReason[] = [];
    if (area > CUTOUT_LIMITS.maxCoverage) reasons.push('fills_frame');
    const judged = judgeMask({ mask, lab: lab.data as Uint8Array, w: sw, h: sh, box: hints.subject ?? subject, remove: hints.remove });
    reasons.push(...judged.reasons);
    // Saliency contrast says little once the seller has pointed at the product (a rocket at dusk).
    if (!guided && confidence < CUTOUT_LIMITS.minConfidence && !reasons.includes('weak_edges')) reasons.push('weak_edges');
    const maskPng = await overlay(mask);
    if (reasons.length) return done({ ok: false, reasons, confidence }, maskPng, judged.figures);

    const alpha = guidedUpscale(cv, smoothOutline(cv, mask, sw, sh, keepMat), sw, sh, full.data, W, H, keepMat);
    // The seller's box is a hard limit: nothing outside it is kept, whatever the smoothing did.
    const sb = hints.subject;
    const clip = sb
      ? { x0: Math.floor(sb.x * W), y0: Math.floor(sb.y * H), x1: Math.ceil((sb.x + sb.width) * W), y1: Math.ceil((sb.y + sb.height) * H) }
      : null;
    // Pixels that are fully transparent carry no colour: smaller PNG, no hidden background.
    const rgba = Buffer.alloc(W * H * 4);
    for (let i = 0, j = 0; i < W * H; i++, j += 3) {
      const a = alpha[i];
      if (clip) {
        const x = i % W;
        const y = (i - x) / W;
        if (x < clip.x0 || x >= clip.x1 || y < clip.y0 || y >= clip.y1) continue;
      }
      if (!a) continue;
      rgba[i * 4] = full.data[j]!;
      rgba[i * 4 + 1] = full.data[j + 1]!;
      rgba[i * 4 + 2] = full.data[j + 2]!;
      rgba[i * 4 + 3] = a;
    }
    const png = await sharp(rgba, { raw: { width: W, height: H, channels: 4 } })
      .png({ compressionLevel: 4, adaptiveFiltering: false })
      .toBuffer();
    return done({ ok: true, png, coverage: area, box: maskBox, confidence }, maskPng, judged.figures);
  } finally {
    for (const m of mats) m.delete();
  }
}

/** The judged mask as a grey PNG for the editor's overlay, in the photo's shape (bilinear, so its edge is soft). */
async function overlayPng(mask: Uint8Array, sw: number, sh: number, W: number, H: number): Promise<Buffer> {
  const scale = Math.min(1, CUTOUT_GATE.overlayLongSide / Math.max(W, H));
  return sharp(
    Uint8Array.from(mask, (v) => v * 255),
    { raw: { width: sw, height: sh, channels: 1 } },
  )
    .resize(Math.max(1, Math.round(W * scale)), Math.max(1, Math.round(H * scale)), { fit: 'fill', kernel: 'linear' })
    .toColourspace('b-w')
    .png({ compressionLevel: 4 })
    .toBuffer();
}

function grabCut(
  cv: Cv,
  rgb: Cv,
  seeds: Uint8Array,
  w: number,
  h: number,
  seed: number,
  keepMat: <T extends { delete(): void }>(m: T) => T,
): Uint8Array {
  const mask = keepMat(cv.matFromArray(h, w, cv.CV_8UC1, seeds));
  const bgd = keepMat(new cv.Mat());
  const fgd = keepMat(new cv.Mat());
  cv.setRNGSeed(seed);
  cv.grabCut(rgb, mask, new cv.Rect(0, 0, w, h), bgd, fgd, ITERATIONS, cv.GC_INIT_WITH_MASK);
  const out = new Uint8Array(w * h);
  const m = mask.data as Uint8Array;
  for (let i = 0; i < w * h; i++) out[i] = m[i] === FGD || m[i] === PR_FGD ? 1 : 0;
  return out;
}

/** Drops specks: keeps the largest part and parts at least 15% of its size (or touched by a keep stroke). */
function keepComponents(
  cv: Cv,
  mask: Uint8Array,
  w: number,
  h: number,
  keep: Point[],
  keepMat: <T extends { delete(): void }>(m: T) => T,
): Uint8Array {
  const src = keepMat(cv.matFromArray(h, w, cv.CV_8UC1, mask));
  const labels = keepMat(new cv.Mat());
  const stats = keepMat(new cv.Mat());
  const centroids = keepMat(new cv.Mat());
  const count = cv.connectedComponentsWithStats(src, labels, stats, centroids, 8, cv.CV_32S);
  const areas: number[] = [];
  for (let c = 1; c < count; c++) areas[c] = stats.intAt(c, cv.CC_STAT_AREA);
  const largest = Math.max(0, ...areas.filter((a) => a !== undefined));
  const lab = labels.data32S as Int32Array;
  const wanted = new Set<number>();
  for (let c = 1; c < count; c++) if (areas[c]! >= largest * 0.15) wanted.add(c);
  for (const p of keep) {
    const l = lab[Math.min(h - 1, Math.floor(p.y * h)) * w + Math.min(w - 1, Math.floor(p.x * w))]!;
    if (l > 0) wanted.add(l);
  }
  const out = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) out[i] = wanted.has(lab[i]!) ? 1 : 0;
  return out;
}

/** A 320 px mask has stair-steps and ragged bits; a small blur and re-threshold smooths the outline. */
function smoothOutline(cv: Cv, mask: Uint8Array, w: number, h: number, keepMat: <T extends { delete(): void }>(m: T) => T): Uint8Array {
  const src = keepMat(
    cv.matFromArray(
      h,
      w,
      cv.CV_8UC1,
      Uint8Array.from(mask, (v) => v * 255),
    ),
  );
  const dst = keepMat(new cv.Mat());
  cv.GaussianBlur(src, dst, new cv.Size(5, 5), 1.2, 1.2, cv.BORDER_REPLICATE);
  const d = dst.data as Uint8Array;
  return Uint8Array.from(d, (v) => (v >= 128 ? 1 : 0));
}

/**
 * Fast guided filter: coefficients at a middle resolution, guided by the
 * photo's luminance, then applied at full size. The alpha follows real edges
 * (hair, handles, rims) instead of the 320 px mask's staircase.
 */
function guidedUpscale(
  cv: Cv,
  mask: Uint8Array,
  sw: number,
  sh: number,
  fullRgb: Buffer,
  W: number,
  H: number,
  keepMat: <T extends { delete(): void }>(m: T) => T,
): Uint8Array {
  const midScale = Math.min(1, CUTOUT_LIMITS.guideLongSide / Math.max(W, H));
  const mw = Math.max(1, Math.round(W * midScale));
  const mh = Math.max(1, Math.round(H * midScale));
  const grayFull = keepMat(new cv.Mat());
  // The full-size RGB mat is freed at once to keep the peak down.
  const fullRgbMat = cv.matFromArray(H, W, cv.CV_8UC3, fullRgb);
  try {
    cv.cvtColor(fullRgbMat, grayFull, cv.COLOR_RGB2GRAY);
  } finally {
    fullRgbMat.delete();
  }
  const grayMid8 = keepMat(new cv.Mat());
  cv.resize(grayFull, grayMid8, new cv.Size(mw, mh), 0, 0, cv.INTER_AREA);
  const I = keepMat(new cv.Mat());
  grayMid8.convertTo(I, cv.CV_32F, 1 / 255);
  const small = keepMat(cv.matFromArray(sh, sw, cv.CV_8UC1, mask));
  const smallF = keepMat(new cv.Mat());
  small.convertTo(smallF, cv.CV_32F, 1);
  const p = keepMat(new cv.Mat());
  cv.resize(smallF, p, new cv.Size(mw, mh), 0, 0, cv.INTER_LINEAR);

  const r = Math.max(2, Math.round(Math.max(mw, mh) / 160));
  const ksize = new cv.Size(2 * r + 1, 2 * r + 1);
  const box = (src: Cv) => {
    const dst = keepMat(new cv.Mat());
    cv.boxFilter(src, dst, cv.CV_32F, ksize, new cv.Point(-1, -1), true, cv.BORDER_REFLECT);
    return dst;
  };
  const mul = (a: Cv, b: Cv) => {
    const dst = keepMat(new cv.Mat());
    cv.multiply(a, b, dst);
    return dst;
  };
  const meanI = box(I);
  const meanP = box(p);
  const corrIp = box(mul(I, p));
  const corrII = box(mul(I, I));
  const n = mw * mh;
  const a = keepMat(new cv.Mat(mh, mw, cv.CV_32F));
  const b = keepMat(new cv.Mat(mh, mw, cv.CV_32F));
  const mI = meanI.data32F as Float32Array;
  const mP = meanP.data32F as Float32Array;
  const cIp = corrIp.data32F as Float32Array;
  const cII = corrII.data32F as Float32Array;
  const A = a.data32F as Float32Array;
  const B = b.data32F as Float32Array;
  // Larger than the textbook 1e-3: the edge should follow the product's outline, not the grain of
  // a wooden table next to it.
  const eps = CUTOUT_LIMITS.guideEps;
  for (let i = 0; i < n; i++) {
    const varI = cII[i]! - mI[i]! * mI[i]!;
    const cov = cIp[i]! - mI[i]! * mP[i]!;
    A[i] = cov / (varI + eps);
    B[i] = mP[i]! - A[i]! * mI[i]!;
  }
  const meanA = box(a);
  const meanB = box(b);
  const fullA = keepMat(new cv.Mat());
  const fullB = keepMat(new cv.Mat());
  const fullP = keepMat(new cv.Mat());
  cv.resize(meanA, fullA, new cv.Size(W, H), 0, 0, cv.INTER_LINEAR);
  cv.resize(meanB, fullB, new cv.Size(W, H), 0, 0, cv.INTER_LINEAR);
  cv.resize(meanP, fullP, new cv.Size(W, H), 0, 0, cv.INTER_LINEAR);
  const FA = fullA.data32F as Float32Array;
  const FB = fullB.data32F as Float32Array;
  const FP = fullP.data32F as Float32Array;
  const G = grayFull.data as Uint8Array;
  const out = new Uint8Array(W * H);
  for (let i = 0; i < W * H; i++) {
    // Away from the mask's edge band the mask decides (solid inside, clean outside);
    // inside the band the guided filter follows the photo's own edges.
    const m = FP[i]!;
    if (m <= 0.02) continue;
    if (m >= 0.98) {
      out[i] = 255;
      continue;
    }
    const q = FA[i]! * (G[i]! / 255) + FB[i]!;
    const v = (q - 0.5) * 1.4 + 0.5;
    out[i] = v <= 0.03 ? 0 : v >= 0.97 ? 255 : Math.round(v * 255);
  }
  return out;
}

/**
 * Holes enclosed by the product are background showing through (a cup handle)
 * or a part grabCut lost (a shiny spoon on a saucer). A hole is filled when it
 * is salient like the product, unless the seller marked it for removal.
 */
function fillSalientHoles(mask: Uint8Array, sal: Float32Array, t: number, w: number, h: number, remove: Point[]): Uint8Array {
  const seen = new Uint8Array(w * h);
  const queue = new Int32Array(w * h);
  const out = Uint8Array.from(mask);
  const removed = new Set(remove.map((p) => Math.min(h - 1, Math.floor(p.y * h)) * w + Math.min(w - 1, Math.floor(p.x * w))));
  for (let start = 0; start < w * h; start++) {
    if (mask[start] || seen[start]) continue;
    let tail = 0;
    queue[tail++] = start;
    seen[start] = 1;
    let touchesBorder = false;
    let salSum = 0;
    let marked = false;
    for (let head = 0; head < tail; head++) {
      const p = queue[head]!;
      const x = p % w;
      const y = (p - x) / w;
      salSum += sal[p]!;
      if (removed.has(p)) marked = true;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) touchesBorder = true;
      for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < h - 1 ? p + w : -1]) {
        if (q >= 0 && !mask[q] && !seen[q]) {
          seen[q] = 1;
          queue[tail++] = q;
        }
      }
    }
    if (touchesBorder || marked || salSum / tail < t * 0.8) continue;
    for (let k = 0; k < tail; k++) out[queue[k]!] = 1;
  }
  return out;
}

function contrastConfidence(sal: Float32Array, mask: Uint8Array): number {
  let inSum = 0;
  let inN = 0;
  let outSum = 0;
  let outN = 0;
  for (let i = 0; i < mask.length; i++) {
    if (mask[i]) {
      inSum += sal[i]!;
      inN++;
    } else {
      outSum += sal[i]!;
      outN++;
    }
  }
  if (!inN || !outN) return 0;
  return Math.max(0, Math.min(1, inSum / inN - outSum / outN));
}

function overlap(a: Uint8Array, b: Uint8Array): number {
  let inter = 0;
  let uni = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] && b[i]) inter++;
    if (a[i] || b[i]) uni++;
  }
  return uni ? inter / uni : 1;
}

function paint(seeds: Uint8Array, w: number, h: number, p: Point, r: number, value: number): void {
  const cx = Math.round(p.x * w);
  const cy = Math.round(p.y * h);
  for (let y = Math.max(0, cy - r); y <= Math.min(h - 1, cy + r); y++) {
    for (let x = Math.max(0, cx - r); x <= Math.min(w - 1, cx + r); x++) {
      if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) seeds[y * w + x] = value;
    }
  }
}

function erodeBinary(m: Uint8Array, w: number, h: number, times: number): Uint8Array {
  let cur = m;
  for (let t = 0; t < times; t++) {
    const next = new Uint8Array(w * h);
    for (let y = 1; y < h - 1; y++) {
      for (let x = 1; x < w - 1; x++) {
        const i = y * w + x;
        next[i] = cur[i]! & cur[i - 1]! & cur[i + 1]! & cur[i - w]! & cur[i + w]!;
      }
    }
    cur = next;
  }
  return cur;
}

function boxOf(test: (i: number) => boolean, w: number, h: number): Box | null {
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!test(y * w + x)) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return x1 < 0 ? null : { x: x0 / w, y: y0 / h, width: (x1 + 1 - x0) / w, height: (y1 + 1 - y0) / h };
}

function grow(b: Box, share: number): Box {
  const dx = b.width * share;
  const dy = b.height * share;
  const x = Math.max(0, b.x - dx);
  const y = Math.max(0, b.y - dy);
  return { x, y, width: Math.min(1, b.x + b.width + dx) - x, height: Math.min(1, b.y + b.height + dy) - y };
}

function union(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * For the editor's warm sessions (refine.ts): the working size and the steps cutOut finishes a mask
 * with, so a mask the seller refined becomes a cut-out exactly the way an automatic one does.
 */
export const cutoutSteps = { WORK_LONG_SIDE, keepComponents, smoothOutline, guidedUpscale, overlayPng, contrastConfidence, boxOf };
