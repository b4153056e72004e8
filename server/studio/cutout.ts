import sharp from 'sharp';
import { ProviderError } from '../providers/ai/errors.js';
import { detectObjects, type Box } from './detect.js';
import { otsu, saliencyMap } from './saliency.js';
import { loadOpenCv, type Cv } from './wasm.js';
import { CUTOUT_GATE, CUTOUT_LIMITS } from '../../shared/constants.js';
import type { CutoutNoteCode } from '../../shared/schemas/generations.js';
import { judgeMask, unattendedDoubts, type GateFigures } from './gate.js';
import { component4, erode, fractionBounds, maskBounds, pixelAt, toPixels } from './mask.js';

// Pixel loops read typed arrays at indexes below their length (the loop bounds: w * h pixels,
// 3 or 4 channels each); the `!` on those reads states that, at no run-time cost.

/**
 * Stage 1 of the studio: the product's mask from a real photo, offline.
 *
 * NanoDet box + MB+ saliency seed an OpenCV grabCut at ~320 px; two of three
 * fixed RNG seeds must agree; a guided filter carries the mask to full size
 * with soft, edge-following alpha. Everything before the gate's verdict works
 * on small copies decoded with the JPEG's shrink-on-load; the full-size photo
 * is decoded only for an accepted mask, and the guided filter runs at
 * CUTOUT_LIMITS.guideLongSide with its coefficients applied at full size in one
 * pass (no full-size WASM matrices). The seller's box and keep/remove strokes
 * (as fractions of the oriented photo) replace or sharpen the automatic seeds:
 * inside the seller's box everything is probably product (grabCut's own
 * rectangle mode), so a shaded side of the product is not lost to low saliency.
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
/** grabCut iterations per run: the ground-truth IoU is the same with 3 as with 5 (bench/cutout-truth.ts). */
const ITERATIONS = 3;
/** zlib level of the full-size PNG: level 1 takes about half the time of 4 for a larger file (measured on 12 MP). */
const PNG_COMPRESSION = 1;

// grabCut mask values (refine.ts seeds with them too)
export const BGD = 0;
export const FGD = 1;
export const PR_BGD = 2;
export const PR_FGD = 3;

export async function cutOut(bytes: Buffer, hints: CutoutHints = {}): Promise<CutoutResult> {
  const started = Date.now();
  const { cv } = await loadOpenCv();
  // The detector's and the grabCut's copies come straight from the file (a JPEG shrinks while it
  // decodes: tens of milliseconds for 12 MP); the full-size photo is decoded only for an accepted mask.
  let medium: { data: Buffer; info: sharp.OutputInfo };
  let W: number;
  let H: number;
  try {
    ({ W, H } = await orientedSize(bytes));
    medium = await decodeOriented(bytes)
      .resize({ width: DETECT_LONG_SIDE, height: DETECT_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (cause) {
    throw new ProviderError('invalid_input', { retryable: false, detail: 'image could not be decoded', cause });
  }
  if (!W || !H) throw new ProviderError('invalid_input', { retryable: false, detail: 'image has no size' });
  type Partial =
    { ok: true; png: Buffer; coverage: number; box: Box; confidence: number } | { ok: false; reasons: CutoutReason[]; confidence: number };
  const done = (r: Partial, maskPng: Buffer | null = null, figures: GateFigures | null = null): CutoutResult =>
    ({ ...r, maskPng, figures, width: W, height: H, timings: { totalMs: Date.now() - started } }) as CutoutResult;

  const small = await sharp(medium.data, { raw: { width: medium.info.width, height: medium.info.height, channels: 3 } })
    .resize({ width: WORK_LONG_SIDE, height: WORK_LONG_SIDE, fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sw = small.info.width;
  const sh = small.info.height;
  // The full-size decode (and the guided filter's middle copy) start now, in libvips' threads, while
  // this thread runs the detector and grabCut; when the gate refuses, they are dropped unread.
  const photo = fullSizePhoto(bytes, W, H);
  const guided = !!hints.subject || !!hints.keep?.length || !!hints.remove?.length;

  // Where the product is: the seller's box, else the detector's best non-furniture box.
  let subject: Box | null = hints.subject ?? null;
  if (!subject) {
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
    let salBox = fractionBounds((i) => sal[i]! > t, sw, sh);
    let roi: Box;
    if (hints.subject) roi = grow(hints.subject, 0.02);
    else if (subject) roi = grow(union(subject, salBox && overlaps(salBox, subject) ? salBox : subject), 0.08);
    else if (salBox) roi = grow(salBox, 0.08);
    else return done({ ok: false, reasons: ['no_subject'], confidence: 0 });
    salBox = salBox ?? roi;

    const aroundBox = hints.subject ? backgroundColoured(lab.data as Uint8Array, sw, sh, roi) : null;
    const seeds = new Uint8Array(sw * sh);
    const core = erode(
      Uint8Array.from(sal, (v) => (v > Math.min(0.9, t + 0.25) ? 1 : 0)),
      sw,
      sh,
      2,
      0,
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
        // The seller's box says the product fills it: all of it is probably product (a shaded half of
        // an orange stays) except what is coloured like the background around the box (the table
        // between several objects laid out in one box).
        else if (hints.subject) seeds[i] = aroundBox && aroundBox(i) ? PR_BGD : PR_FGD;
        // In the detector's box, half the saliency threshold is enough (the shaded bottom of an apple).
        else if (inSubject) seeds[i] = sal[i]! > t * 0.5 ? PR_FGD : PR_BGD;
        else seeds[i] = PR_BGD;
      }
    }
    const stroke = Math.max(2, Math.round(Math.max(sw, sh) * CUTOUT_LIMITS.strokeRadius));
    for (const p of hints.keep ?? []) paint(seeds, sw, sh, p, stroke, FGD);
    for (const p of hints.remove ?? []) paint(seeds, sw, sh, p, stroke, BGD);
    if (!seeds.some((s) => s === FGD || s === PR_FGD)) return done({ ok: false, reasons: ['no_subject'], confidence: 0 });
    if (!seeds.some((s) => s === BGD || s === PR_BGD)) return done({ ok: false, reasons: ['fills_frame'], confidence: 0 });

    // grabCut is random: accept only when at least two fixed-seed runs agree. The third seed runs
    // only when the first two disagree (the verdict is the same as running all three, a run sooner).
    const runs: Uint8Array[] = [];
    let agreed: Uint8Array | null = null;
    for (const seed of SEEDS) {
      const run = grabCut(cv, rgb, seeds, sw, sh, seed, keepMat);
      agreed = runs.find((r) => overlap(r, run) >= CUTOUT_LIMITS.minAgreement) ?? null;
      runs.push(run);
      if (agreed) break;
    }
    const overlay = (m: Uint8Array) => overlayPng(smoothOutline(cv, m, sw, sh, keepMat), sw, sh, W, H);
    if (!agreed) return done({ ok: false, reasons: ['runs_disagree'], confidence: 0 }, await overlay(runs[0]!));
    const mask = fillSalientHoles(keepComponents(cv, agreed, sw, sh, hints.keep ?? [], keepMat), sal, t, sw, sh, hints.remove ?? []);

    // The gate, for automatic and guided cut-outs alike: every failed check is a reason.
    const area = mask.reduce((s, v) => s + v, 0) / (sw * sh);
    const confidence = contrastConfidence(sal, mask);
    const maskBox = fractionBounds((i) => mask[i]! > 0, sw, sh);
    if (!maskBox || area < CUTOUT_LIMITS.minCoverage) return done({ ok: false, reasons: ['no_subject'], confidence }, await overlay(mask));
    const reasons: CutoutReason[] = [];
    if (area > CUTOUT_LIMITS.maxCoverage) reasons.push('fills_frame');
    const judged = judgeMask({ mask, lab: lab.data as Uint8Array, w: sw, h: sh, box: hints.subject ?? subject, remove: hints.remove });
    reasons.push(...judged.reasons);
    // Saliency contrast says little once the seller has pointed at the product (a rocket at dusk).
    if (!guided && confidence < CUTOUT_LIMITS.minConfidence && !reasons.includes('weak_edges')) reasons.push('weak_edges');
    // Where no person looks, a mask whose extent the gate cannot vouch for is not called ready (gate.ts).
    if (!guided && !reasons.length && unattendedDoubts(mask, sw, sh, subject).uncertain) reasons.push('uncertain');
    // The overlay's PNG is encoded in libvips' threads while this one computes the full-size alpha.
    const maskPngDone = overlay(mask);
    if (reasons.length) return done({ ok: false, reasons, confidence }, await maskPngDone, judged.figures);

    const outline = smoothOutline(cv, mask, sw, sh, keepMat);
    const [maskPng, png] = await Promise.all([maskPngDone, fullSizeCutout(photo, outline, sw, sh, W, H, hints.subject ?? null)]);
    return done({ ok: true, png, coverage: area, box: maskBox, confidence }, maskPng, judged.figures);
  } finally {
    for (const m of mats) m.delete();
  }
}

/**
 * Whether a pixel inside `box` is coloured like the photo around the box: its Lab colour (8 bins a
 * channel) is at least as common outside the box as inside it. The product's own colours are rare
 * outside its box. (Half as common was tried: it took the shaded half of the orange for background
 * once the seller's remove clicks taught grabCut its dark colours.)
 */
function backgroundColoured(lab: Uint8Array, w: number, h: number, box: Box): ((i: number) => boolean) | null {
  const bin = (i: number) => ((lab[i * 3]! >> 5) << 6) | ((lab[i * 3 + 1]! >> 5) << 3) | (lab[i * 3 + 2]! >> 5);
  const inside = new Float32Array(512);
  const outside = new Float32Array(512);
  let nIn = 0;
  let nOut = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const u = (x + 0.5) / w;
      const v = (y + 0.5) / h;
      const i = y * w + x;
      if (u >= box.x && u <= box.x + box.width && v >= box.y && v <= box.y + box.height) {
        inside[bin(i)]!++;
        nIn++;
      } else {
        outside[bin(i)]!++;
        nOut++;
      }
    }
  }
  // Too little around the box to know its colours: everything in the box stays probable product.
  if (nOut < w * h * 0.05 || !nIn) return null;
  return (i) => {
    const b = bin(i);
    return outside[b]! / nOut >= inside[b]! / nIn;
  };
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
    const l = lab[pixelAt(p, w, h)]!;
    if (l > 0) wanted.add(l);
  }
  const out = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) out[i] = wanted.has(lab[i]!) ? 1 : 0;
  return out;
}

/** A 320 px mask has stair-steps and ragged bits; a small blur and re-threshold smooths the outline. */
function smoothOutline(cv: Cv, mask: Uint8Array, w: number, h: number, keepMat: <T extends { delete(): void }>(m: T) => T): Uint8Array {
  // Plain loops: Uint8Array.from with a mapping function goes through the iterator, many times slower.
  const scaled = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) scaled[i] = mask[i]! * 255;
  const src = keepMat(cv.matFromArray(h, w, cv.CV_8UC1, scaled));
  const dst = keepMat(new cv.Mat());
  cv.GaussianBlur(src, dst, new cv.Size(5, 5), 1.2, 1.2, cv.BORDER_REPLICATE);
  const d = dst.data as Uint8Array;
  const out = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) out[i] = d[i]! >= 128 ? 1 : 0;
  return out;
}

/** The photo's size as displayed (after EXIF orientation), read from its header without decoding it. */
async function orientedSize(bytes: Buffer): Promise<{ W: number; H: number }> {
  const meta = await sharp(bytes, { limitInputPixels: CUTOUT_LIMITS.maxInputPixels }).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  return { W: (turned ? meta.height : meta.width) ?? 0, H: (turned ? meta.width : meta.height) ?? 0 };
}

/** The photo turned upright, sRGB, 3 channels; resize or output steps follow. */
function decodeOriented(bytes: Buffer): sharp.Sharp {
  return sharp(bytes, { limitInputPixels: CUTOUT_LIMITS.maxInputPixels }).rotate().toColourspace('srgb').removeAlpha();
}

type FullSizePhoto = { full: Promise<Buffer>; mid: Promise<Buffer>; mw: number; mh: number };

/** The oriented photo's RGB at full size and at the guided filter's middle size, decoding in the background. */
function fullSizePhoto(bytes: Buffer, W: number, H: number): FullSizePhoto {
  const midScale = Math.min(1, CUTOUT_LIMITS.guideLongSide / Math.max(W, H));
  const mw = Math.max(1, Math.round(W * midScale));
  const mh = Math.max(1, Math.round(H * midScale));
  const full = decodeOriented(bytes).raw().toBuffer();
  const mid = decodeOriented(bytes).resize(mw, mh, { fit: 'fill' }).raw().toBuffer();
  // Unread when the gate refuses: a failure then must not surface as an unhandled rejection.
  full.catch(() => undefined);
  mid.catch(() => undefined);
  return { full, mid, mw, mh };
}

/**
 * The accepted working-size mask as a full-size RGBA PNG. A fast guided filter (He & Sun 2015):
 * its coefficients are computed at CUTOUT_LIMITS.guideLongSide against the photo's luminance and
 * applied, bilinearly interpolated, to every full-size pixel in one pass, so the alpha follows the
 * photo's real edges (rims, handles, hair) instead of the 320 px mask's staircase. Plain JS on
 * typed arrays: a 12 MP photo never enters WASM memory. Away from the mask's edge band the mask
 * decides (solid inside, clean outside). Nothing outside the seller's box is kept.
 */
async function fullSizeCutout(
  photo: FullSizePhoto,
  mask: Uint8Array,
  sw: number,
  sh: number,
  W: number,
  H: number,
  box: Box | null,
): Promise<Buffer> {
  const [full, mid] = await Promise.all([photo.full, photo.mid]);
  const { mw, mh } = photo;
  const r = Math.max(2, Math.round(Math.max(mw, mh) / 160));
  // The filter runs on the window around the mask (grown past the filter's reach), not the whole photo.
  const ext = maskBounds(mask, sw, sh);
  if (!ext) throw new Error('an accepted mask is not empty');
  const pad = 2 * r + 2;
  const ox = Math.max(0, Math.floor((ext.x0 * mw) / sw) - pad);
  const oy = Math.max(0, Math.floor((ext.y0 * mh) / sh) - pad);
  const ww = Math.min(mw, Math.ceil((ext.x1 * mw) / sw) + pad) - ox;
  const wh = Math.min(mh, Math.ceil((ext.y1 * mh) / sh) + pad) - oy;
  const n = ww * wh;
  const I = new Float32Array(n);
  for (let y = 0; y < wh; y++) for (let x = 0; x < ww; x++) I[y * ww + x] = luma(mid, ((oy + y) * mw + ox + x) * 3) / 255;
  const p = sampleBilinear(mask, sw, sh, mw, mh, ox, oy, ww, wh);
  const meanI = boxMean(I, ww, wh, r);
  const meanP = boxMean(p, ww, wh, r);
  const Ip = new Float32Array(n);
  const II = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    Ip[i] = I[i]! * p[i]!;
    II[i] = I[i]! * I[i]!;
  }
  const corrIp = boxMean(Ip, ww, wh, r);
  const corrII = boxMean(II, ww, wh, r);
  const A = new Float32Array(n);
  const B = new Float32Array(n);
  // Larger than the textbook 1e-3: the edge should follow the product's outline, not the grain of
  // a wooden table next to it.
  const eps = CUTOUT_LIMITS.guideEps;
  for (let i = 0; i < n; i++) {
    const varI = corrII[i]! - meanI[i]! * meanI[i]!;
    A[i] = (corrIp[i]! - meanI[i]! * meanP[i]!) / (varI + eps);
    B[i] = meanP[i]! - A[i]! * meanI[i]!;
  }
  const meanA = boxMean(A, ww, wh, r);
  const meanB = boxMean(B, ww, wh, r);

  // Bilinear sampling positions in the window, per full-size column and row.
  const axis = (size: number, gridSize: number, offset: number, windowSize: number) => {
    const i0 = new Int32Array(size);
    const i1 = new Int32Array(size);
    const f = new Float32Array(size);
    for (let k = 0; k < size; k++) {
      const g = Math.min(windowSize - 1, Math.max(0, ((k + 0.5) * gridSize) / size - 0.5 - offset));
      i0[k] = Math.floor(g);
      i1[k] = Math.min(windowSize - 1, i0[k]! + 1);
      f[k] = g - i0[k]!;
    }
    return { i0, i1, f };
  };
  const ax = axis(W, mw, ox, ww);
  const ay = axis(H, mh, oy, wh);
  const sb = box ? toPixels(box, W, H) : { x0: 0, y0: 0, x1: W, y1: H };
  const clip = {
    x0: Math.max(0, sb.x0, Math.floor((ox * W) / mw)),
    y0: Math.max(0, sb.y0, Math.floor((oy * H) / mh)),
    x1: Math.min(W, sb.x1, Math.ceil(((ox + ww) * W) / mw)),
    y1: Math.min(H, sb.y1, Math.ceil(((oy + wh) * H) / mh)),
  };
  // Pixels that are fully transparent carry no colour: smaller PNG, no hidden background.
  const rgba = Buffer.alloc(W * H * 4);
  for (let y = clip.y0; y < clip.y1; y++) {
    const r0 = ay.i0[y]! * ww;
    const r1 = ay.i1[y]! * ww;
    const fy = ay.f[y]!;
    for (let x = clip.x0; x < clip.x1; x++) {
      const c0 = ax.i0[x]!;
      const c1 = ax.i1[x]!;
      const fx = ax.f[x]!;
      const w00 = (1 - fx) * (1 - fy);
      const w01 = fx * (1 - fy);
      const w10 = (1 - fx) * fy;
      const w11 = fx * fy;
      const m = meanP[r0 + c0]! * w00 + meanP[r0 + c1]! * w01 + meanP[r1 + c0]! * w10 + meanP[r1 + c1]! * w11;
      if (m <= 0.02) continue;
      const i = y * W + x;
      let a = 255;
      if (m < 0.98) {
        const ga = meanA[r0 + c0]! * w00 + meanA[r0 + c1]! * w01 + meanA[r1 + c0]! * w10 + meanA[r1 + c1]! * w11;
        const gb = meanB[r0 + c0]! * w00 + meanB[r0 + c1]! * w01 + meanB[r1 + c0]! * w10 + meanB[r1 + c1]! * w11;
        const v = (ga * (luma(full, i * 3) / 255) + gb - 0.5) * 1.4 + 0.5;
        a = v <= 0.03 ? 0 : v >= 0.97 ? 255 : Math.round(v * 255);
        if (!a) continue;
      }
      rgba[i * 4] = full[i * 3]!;
      rgba[i * 4 + 1] = full[i * 3 + 1]!;
      rgba[i * 4 + 2] = full[i * 3 + 2]!;
      rgba[i * 4 + 3] = a;
    }
  }
  return sharp(rgba, { raw: { width: W, height: H, channels: 4 } })
    .png({ compressionLevel: PNG_COMPRESSION, adaptiveFiltering: false })
    .toBuffer();
}

/** Rec. 601 luma of the RGB pixel at byte offset `o`, 0..255. */
const luma = (rgb: Uint8Array, o: number) => 0.299 * rgb[o]! + 0.587 * rgb[o + 1]! + 0.114 * rgb[o + 2]!;

/** Mean over a (2r+1)² window clipped at the border; separable running sums. */
function boxMean(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let sum = 0;
    for (let x = 0; x <= Math.min(r, w - 1); x++) sum += src[row + x]!;
    for (let x = 0; x < w; x++) {
      tmp[row + x] = sum / (Math.min(w - 1, x + r) - Math.max(0, x - r) + 1);
      if (x + r + 1 < w) sum += src[row + x + r + 1]!;
      if (x - r >= 0) sum -= src[row + x - r]!;
    }
  }
  for (let x = 0; x < w; x++) {
    let sum = 0;
    for (let y = 0; y <= Math.min(r, h - 1); y++) sum += tmp[y * w + x]!;
    for (let y = 0; y < h; y++) {
      out[y * w + x] = sum / (Math.min(h - 1, y + r) - Math.max(0, y - r) + 1);
      if (y + r + 1 < h) sum += tmp[(y + r + 1) * w + x]!;
      if (y - r >= 0) sum -= tmp[(y - r) * w + x]!;
    }
  }
  return out;
}

/** The 0/1 mask (w×h) resized bilinearly to W×H (pixel centres aligned), read in a window of that size. */
function sampleBilinear(
  src: Uint8Array,
  w: number,
  h: number,
  W: number,
  H: number,
  ox: number,
  oy: number,
  ww: number,
  wh: number,
): Float32Array {
  const out = new Float32Array(ww * wh);
  for (let y = 0; y < wh; y++) {
    const gy = Math.min(h - 1, Math.max(0, ((oy + y + 0.5) * h) / H - 0.5));
    const y0 = Math.floor(gy);
    const y1 = Math.min(h - 1, y0 + 1);
    const fy = gy - y0;
    for (let x = 0; x < ww; x++) {
      const gx = Math.min(w - 1, Math.max(0, ((ox + x + 0.5) * w) / W - 0.5));
      const x0 = Math.floor(gx);
      const x1 = Math.min(w - 1, x0 + 1);
      const fx = gx - x0;
      const top = src[y0 * w + x0]! * (1 - fx) + src[y0 * w + x1]! * fx;
      const bottom = src[y1 * w + x0]! * (1 - fx) + src[y1 * w + x1]! * fx;
      out[y * ww + x] = top * (1 - fy) + bottom * fy;
    }
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
  const removed = new Set(remove.map((p) => pixelAt(p, w, h)));
  const unkept = (q: number) => !mask[q];
  for (let start = 0; start < w * h; start++) {
    if (mask[start] || seen[start]) continue;
    const { size: tail, open: touchesBorder } = component4(start, w, h, queue, seen, unkept);
    let salSum = 0;
    let marked = false;
    for (let k = 0; k < tail; k++) {
      salSum += sal[queue[k]!]!;
      if (removed.has(queue[k]!)) marked = true;
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
export const cutoutSteps = {
  WORK_LONG_SIDE,
  keepComponents,
  smoothOutline,
  orientedSize,
  grow,
  fullSizePhoto,
  fullSizeCutout,
  backgroundColoured,
  overlayPng,
  contrastConfidence,
};
