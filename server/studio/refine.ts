import sharp from 'sharp';
import { ProviderError } from '../providers/ai/errors.js';
import { BGD, FGD, PR_BGD, PR_FGD, cutoutSteps, type CutoutResult, type Point } from './cutout.js';
import type { Box } from './detect.js';
import { islandShare, judgeMask } from './gate.js';
import { grabCutIterations } from './grabcut.js';
import { boundsOf, dilate, flood8, fractionBounds, pixelAt, toPixels, type PixelBox } from './mask.js';
import { personMap } from './person.js';
import { saliencyMap } from './saliency.js';
import { loadOpenCv, type Cv } from './wasm.js';
import { CUTOUT_GATE, CUTOUT_LIMITS } from '../../shared/constants.js';
import type { CutoutNoteCode } from '../../shared/schemas/generations.js';
import type { EditorStroke } from '../../shared/schemas/editor.js';

// Pixel loops read typed arrays at indexes below their length (the loop bounds: w * h pixels,
// 3 channels each); the `!` on those reads states that, at no run-time cost.

/**
 * The editor's live preview (issue 26 (docs/history.md)), run on the studio threads. A session
 * (services/cutout-sessions.ts) holds the photo decoded once at the cut-out's working size, its Lab
 * copy, the current mask and the grabCut colour models; each refinement is one grabCut pass
 * (GC_EVAL, the models kept) on a window around the new strokes only, the rest of the mask staying
 * as it was. The final full-size cut-out is made once, at accept, from the mask the seller saw.
 */

/** What a session keeps between rounds (typed arrays: they cross the thread hop by copy, ~1 ms). */
export type EditorPhoto = {
  /** Oriented full size. */
  W: number;
  H: number;
  /** Working size (cutOut's). */
  w: number;
  h: number;
  rgb: Uint8Array;
  lab: Uint8Array;
  /** grabCut's GMMs (1×65 doubles each), learnt once from the opening mask; null while it had no product or no background. */
  bgd: Float64Array | null;
  fgd: Float64Array | null;
  /** Where a person is, 0..255 per working pixel (person.ts); null when the photo shows none. */
  person: Uint8Array | null;
};

export type EditorMask = {
  mask: Uint8Array;
  /** The mask as a white PNG with alpha (white, kept) at the working size: the client tints and cuts with it. */
  png: Buffer;
  /** The gate's preview verdict on this mask (accept judges again at full size). */
  reasons: CutoutNoteCode[];
};

export type RefineInput = {
  photo: EditorPhoto;
  /** The mask the round starts from (the previous round's, or the opening one). */
  from: Uint8Array;
  box: Box | null;
  /** Every stroke, in order; from `fresh` on they are new since `from`. */
  strokes: EditorStroke[];
  fresh: number;
  /** The box changed: the whole box is cut again (a slower round). */
  boxRound: boolean;
};

/** Context around new strokes that one round may change, as a share of the longer side. */
const WINDOW_MARGIN = 0.08;
/** The share of a stroke's radius that is a hard label; the rest of the brush is "probably". */
const BRUSH_CORE = 0.4;
/** A box covering this share of the frame or more is the whole product (a packshot filling the frame). */
const FRAME_FILLING_BOX = 0.95;
/** Iterations per round: a stroke round starts from a good mask and kept models, a box round from scratch. */
const STROKE_ITERATIONS = 1;
const BOX_ITERATIONS = 2;

type Keep = <T extends { delete(): void }>(m: T) => T;

/** A box round's grabCut runs at most this long side first (the full window only along the outline). */
const BOX_COARSE_SIDE = 240;
/** Half-width, in working pixels, of the band along the coarse outline that the full-size pass decides. */
const BOX_BAND = 3;

/**
 * A box round's grabCut, coarse to fine (issue 37 item 7: most of a box round was grabCut over the
 * whole box at 320 px): the full grabCut (colour models learnt from the seeds, BOX_ITERATIONS) on the
 * window shrunk to BOX_COARSE_SIDE, then one pass at full size with those models, on the band along
 * the coarse outline only; away from it the coarse answer stands, and the seeds' hard labels always.
 * `mask` holds the seeds and gets the result (grabCut's four values).
 */
function coarseToFine(cv: Cv, rgbMat: Cv, rgb: Uint8Array, mask: Uint8Array, ww: number, wh: number, keepMat: Keep): void {
  const scale = BOX_COARSE_SIDE / Math.max(ww, wh);
  const cw = Math.max(2, Math.round(ww * scale));
  const ch = Math.max(2, Math.round(wh * scale));
  const small = keepMat(new cv.Mat());
  cv.resize(rgbMat, small, new cv.Size(cw, ch), 0, 0, cv.INTER_AREA);
  const seeds = Uint8Array.from(mask);
  const c = new Uint8Array(cw * ch);
  // A coarse pixel is a hard label only when the whole of it is (else the label it mostly has, "probably").
  for (let y = 0; y < ch; y++)
    for (let x = 0; x < cw; x++) {
      const x0 = Math.floor((x * ww) / cw);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * ww) / cw));
      const y0 = Math.floor((y * wh) / ch);
      const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * wh) / ch));
      let fg = 0;
      let hardFg = 0;
      let hardBg = 0;
      let n = 0;
      for (let Y = y0; Y < y1; Y++)
        for (let X = x0; X < x1; X++) {
          const v = seeds[Y * ww + X]!;
          n++;
          if (v === FGD || v === PR_FGD) fg++;
          if (v === FGD) hardFg++;
          if (v === BGD) hardBg++;
        }
      c[y * cw + x] = hardFg === n ? FGD : hardBg === n ? BGD : fg * 2 >= n ? PR_FGD : PR_BGD;
    }
  const smallRgb = Uint8Array.from(small.data as Uint8Array);
  const models = initModels(cv, small, c, cw, ch, keepMat);
  grabCutIterations(smallRgb, cw, ch, c, models.bgd, models.fgd, BOX_ITERATIONS);
  const up = new Uint8Array(ww * wh);
  for (let y = 0; y < wh; y++)
    for (let x = 0; x < ww; x++) {
      const v = c[Math.min(ch - 1, Math.floor(((y + 0.5) * ch) / wh)) * cw + Math.min(cw - 1, Math.floor(((x + 0.5) * cw) / ww))]!;
      up[y * ww + x] = v === FGD || v === PR_FGD ? 1 : 0;
    }
  // The band: pixels within BOX_BAND of the coarse outline.
  const outline = new Uint8Array(ww * wh);
  for (let y = 0; y < wh; y++)
    for (let x = 0; x < ww; x++) {
      const i = y * ww + x;
      if ((x > 0 && up[i - 1] !== up[i]) || (y > 0 && up[i - ww] !== up[i]))
        outline[i] = outline[x > 0 && up[i - 1] !== up[i] ? i - 1 : i - ww] = 1;
    }
  const band = dilate(outline, ww, wh, BOX_BAND);
  for (let i = 0; i < ww * wh; i++) {
    const v = seeds[i]!;
    mask[i] = v === FGD || v === BGD ? v : band[i] ? (up[i] ? PR_FGD : PR_BGD) : up[i] ? FGD : BGD;
  }
  grabCutIterations(rgb, ww, wh, mask, models.bgd, models.fgd, 1);
}

/**
 * The colour models OpenCV's grabCut learns from the seeds (GC_INIT_WITH_MASK, its k-means; no
 * iteration): the iterations then run in grabcut.ts, which gives OpenCV.js's masks several times faster.
 */
function initModels(cv: Cv, rgbMat: Cv, seeds: Uint8Array, w: number, h: number, keepMat: Keep) {
  const maskMat = keepMat(cv.matFromArray(h, w, cv.CV_8UC1, seeds));
  const bgd = keepMat(new cv.Mat());
  const fgd = keepMat(new cv.Mat());
  cv.grabCut(rgbMat, maskMat, new cv.Rect(0, 0, w, h), bgd, fgd, 0, cv.GC_INIT_WITH_MASK);
  return { bgd: Float64Array.from(bgd.data64F as Float64Array), fgd: Float64Array.from(fgd.data64F as Float64Array) };
}

/** Decodes the photo once at working size and sets up the opening mask (the upload's latest judged mask, if any). */
export async function openEditorPhoto(bytes: Buffer, maskPng: Buffer | null): Promise<{ photo: EditorPhoto; opening: EditorMask }> {
  const { cv } = await loadOpenCv();
  let small: { data: Buffer; info: sharp.OutputInfo };
  let size: { W: number; H: number };
  try {
    const img = sharp(bytes, { limitInputPixels: CUTOUT_LIMITS.maxInputPixels }).rotate();
    size = await cutoutSteps.orientedSize(bytes);
    const side = cutoutSteps.WORK_LONG_SIDE;
    small = await img
      .toColourspace('srgb')
      .removeAlpha()
      .resize({ width: side, height: side, fit: 'inside' })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (cause) {
    throw new ProviderError('invalid_input', { retryable: false, detail: 'image could not be decoded', cause });
  }
  const W = size.W || small.info.width;
  const H = size.H || small.info.height;
  const w = small.info.width;
  const h = small.info.height;
  const mats: Array<{ delete(): void }> = [];
  const keepMat: Keep = (m) => (mats.push(m), m);
  try {
    const rgbMat = keepMat(cv.matFromArray(h, w, cv.CV_8UC3, small.data));
    const labMat = keepMat(new cv.Mat());
    cv.cvtColor(rgbMat, labMat, cv.COLOR_RGB2Lab);
    const lab = Uint8Array.from(labMat.data as Uint8Array);
    const rgb = Uint8Array.from(small.data);
    let mask = new Uint8Array(w * h);
    if (maskPng) {
      const m = await sharp(maskPng).resize(w, h, { fit: 'fill' }).toColourspace('b-w').raw().toBuffer();
      mask = Uint8Array.from(m, (v) => (v >= 128 ? 1 : 0));
    }
    const models = learnModels(cv, rgbMat, mask, w, h, keepMat);
    const photo: EditorPhoto = { W, H, w, h, rgb, lab, ...models, person: await personMap(rgb, w, h) };
    return { photo, opening: await describe(cv, photo, mask, null, [], keepMat) };
  } finally {
    for (const m of mats) m.delete();
  }
}

/** One refinement round: grabCut on the window the new strokes (or the new box) touch, the rest kept. */
export async function refineMask(input: RefineInput): Promise<EditorMask> {
  const { cv } = await loadOpenCv();
  const { photo, box, strokes, fresh, boxRound } = input;
  const { w, h } = photo;
  const mats: Array<{ delete(): void }> = [];
  const keepMat: Keep = (m) => (mats.push(m), m);
  try {
    const mask = Uint8Array.from(input.from);
    const boxPx = box ? toPixels(cutoutSteps.grow(box, 0.02), w, h) : null;
    // A box over (nearly) the whole frame leaves no background to learn from: the product fills the
    // frame, and the round answers with the box itself rather than a guess (issue 37 item 5). Unless
    // the mask already spans the box: then the seller drew the box around what the mask holds (coins
    // laid out to the frame's edges), and the round refines that mask as any box round does.
    if (boxRound && boxPx && (boxPx.x1 - boxPx.x0) * (boxPx.y1 - boxPx.y0) >= w * h * FRAME_FILLING_BOX && !spansBox(mask, w, h, boxPx))
      return describe(cv, photo, frameFillingAnswer(cv, photo, boxPx, keepMat), box, strokes, keepMat);
    let win: Px;
    if (boxRound && boxPx) win = expand(boxPx, Math.round(Math.max(w, h) * WINDOW_MARGIN), w, h);
    else {
      const changed = strokes.slice(fresh);
      if (!changed.length) return describe(cv, photo, mask, box, strokes, keepMat);
      win = strokeWindow(changed, w, h);
    }
    const ww = win.x1 - win.x0;
    const wh = win.y1 - win.y0;
    const seeds = new Uint8Array(ww * wh);
    // A box round starts inside the box from the product the mask already holds there, or from
    // "probably product" everywhere when the mask missed the box (a new subject).
    let inBox = 0;
    let kept = 0;
    if (boxRound && boxPx) {
      for (let y = boxPx.y0; y < boxPx.y1; y++) for (let x = boxPx.x0; x < boxPx.x1; x++, inBox++) kept += mask[y * w + x]!;
    }
    const fresher = boxRound && kept < inBox * 0.2;
    // As cutOut does with the seller's box: all of it is probably product except what is coloured like
    // the photo around the box (a shaded half the mask had lost comes back; the table stays out).
    const aroundBox = boxRound && box ? cutoutSteps.backgroundColoured(photo.lab, w, h, cutoutSteps.grow(box, 0.02)) : null;
    // A mask that kept the surface the product lies on (it holds the box's margin, or it holds the
    // surface whole around background-coloured things, the box drawn loose around it) would teach
    // grabCut that surface as product: that surface starts as probable background instead.
    const surface = boxRound && boxPx ? (heldSurface(photo, mask, boxPx) ?? keptSurface(photo, mask, boxPx)) : null;
    for (let y = 0; y < wh; y++) {
      for (let x = 0; x < ww; x++) {
        const X = x + win.x0;
        const Y = y + win.y0;
        const m = mask[Y * w + X]!;
        const ring = (x === 0 && X > 0) || (y === 0 && Y > 0) || (x === ww - 1 && X < w - 1) || (y === wh - 1 && Y < h - 1);
        let s = m ? PR_FGD : PR_BGD;
        if (fresher) s = PR_FGD;
        if (aroundBox && !m) s = aroundBox(Y * w + X) ? PR_BGD : PR_FGD;
        // The window's edge keeps what the mask says there, so the new part joins the old seamlessly.
        if (ring && !boxRound) s = m ? FGD : BGD;
        if (boxPx && (X < boxPx.x0 || X >= boxPx.x1 || Y < boxPx.y0 || Y >= boxPx.y1)) s = BGD;
        else if (surface?.[Y * w + X]) s = PR_BGD;
        seeds[y * ww + x] = s;
      }
    }
    for (const st of strokes) paintStroke(seeds, ww, wh, win, st, w, h);
    const hasFg = seeds.some((s) => s === FGD || s === PR_FGD);
    const hasBg = seeds.some((s) => s === BGD || s === PR_BGD);
    if (hasFg && hasBg) {
      const crop = new Uint8Array(ww * wh * 3);
      for (let y = 0; y < wh; y++)
        crop.set(photo.rgb.subarray(((y + win.y0) * w + win.x0) * 3, ((y + win.y0) * w + win.x1) * 3), y * ww * 3);
      const rgbMat = keepMat(cv.matFromArray(wh, ww, cv.CV_8UC3, crop));
      cv.setRNGSeed(1);
      if (boxRound && Math.max(ww, wh) > BOX_COARSE_SIDE) coarseToFine(cv, rgbMat, crop, seeds, ww, wh, keepMat);
      else {
        // A stroke round evaluates with the session's models (GC_EVAL); a box round learns its own.
        const models =
          !boxRound && photo.bgd && photo.fgd
            ? { bgd: Float64Array.from(photo.bgd), fgd: Float64Array.from(photo.fgd) }
            : initModels(cv, rgbMat, seeds, ww, wh, keepMat);
        grabCutIterations(crop, ww, wh, seeds, models.bgd, models.fgd, boxRound ? BOX_ITERATIONS : STROKE_ITERATIONS);
      }
    }
    for (let y = 0; y < wh; y++) {
      for (let x = 0; x < ww; x++) {
        // grabCut wrote its answer into the seeds.
        const v = seeds[y * ww + x];
        mask[(y + win.y0) * w + x + win.x0] = v === FGD || v === PR_FGD ? 1 : 0;
      }
    }
    if (boxPx)
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) if (x < boxPx.x0 || x >= boxPx.x1 || y < boxPx.y0 || y >= boxPx.y1) mask[y * w + x] = 0;
    if (!boxRound)
      return describe(cv, photo, strokeRound(photo, input.from, mask, strokes.slice(fresh), boxPx, win), box, strokes, keepMat);
    const keepPoints = strokes.filter((s) => s.kind === 'keep').flatMap((s) => s.points);
    const cleaned = cutoutSteps.keepComponents(cv, mask, w, h, keepPoints, keepMat);
    return describe(cv, photo, cleaned, box, strokes, keepMat);
  } finally {
    for (const m of mats) m.delete();
  }
}

/**
 * A frame-filling box round's answer: the box itself, or where the photo shows a person (a model
 * wearing the product, framed to the photo's edges) the person segmenter's mask (person.ts), with
 * what the person holds and without its loose specks. grabCut from that mask was slower (0.5 s) and
 * worse (astronaut IoU 0.85 against 0.93): with no background in the frame it still has none to learn.
 */
function frameFillingAnswer(cv: Cv, photo: EditorPhoto, boxPx: Px, keepMat: Keep): Uint8Array {
  const { w, h, person } = photo;
  const mask = new Uint8Array(w * h);
  let kept = 0;
  if (person)
    for (let y = boxPx.y0; y < boxPx.y1; y++)
      for (let i = y * w + boxPx.x0; i < y * w + boxPx.x1; i++) kept += mask[i] = person[i]! >= 128 ? 1 : 0;
  if (kept >= w * h * CUTOUT_LIMITS.minCoverage) return cutoutSteps.keepComponents(cv, mask, w, h, [], keepMat);
  for (let y = boxPx.y0; y < boxPx.y1; y++) mask.fill(1, y * w + boxPx.x0, y * w + boxPx.x1);
  return mask;
}

/** An accepted mask's cut-out; `warnings`: the gate's findings on a mask the seller decided on. */
export type AcceptResult = CutoutResult & { warnings?: CutoutNoteCode[] };

/**
 * The final cut-out from the mask the seller accepted, judged by the gate the way cutOut judges a
 * guided one (coverage, then judgeMask's checks) and carried to full size by the same guided filter.
 * `sellerDecides` (the seller edited the mask, issue 37): the gate's findings are only warnings and
 * the cut-out is made anyway, unless there is no product at all to cut.
 */
export async function acceptMask(input: {
  bytes: Buffer;
  photo: Pick<EditorPhoto, 'w' | 'h' | 'lab'>;
  mask: Uint8Array;
  box: Box | null;
  remove: Point[];
  sellerDecides?: boolean;
}): Promise<AcceptResult> {
  const started = Date.now();
  const { cv } = await loadOpenCv();
  const { w, h, lab } = input.photo;
  // Only the size here: the full-size photo is decoded by the cut-out's own full-size step, once.
  let W: number;
  let H: number;
  try {
    ({ W, H } = await cutoutSteps.orientedSize(input.bytes));
  } catch (cause) {
    throw new ProviderError('invalid_input', { retryable: false, detail: 'image could not be decoded', cause });
  }
  if (!W || !H) throw new ProviderError('invalid_input', { retryable: false, detail: 'image has no size' });
  const mats: Array<{ delete(): void }> = [];
  const keepMat: Keep = (m) => (mats.push(m), m);
  try {
    const mask = input.mask;
    const smooth = cutoutSteps.smoothOutline(cv, mask, w, h, keepMat);
    const maskPng = await cutoutSteps.overlayPng(smooth, w, h, W, H);
    const sal = saliencyMap(lab, w, h);
    const confidence = cutoutSteps.contrastConfidence(sal, mask);
    const base = { width: W, height: H, confidence, maskPng, timings: { totalMs: 0 } };
    const area = mask.reduce((s, v) => s + v, 0) / (w * h);
    const maskBox = fractionBounds((i: number) => mask[i]! > 0, w, h);
    const reasons: CutoutNoteCode[] = [];
    if (!maskBox || area < CUTOUT_LIMITS.minCoverage) reasons.push('no_subject');
    else if (area > CUTOUT_LIMITS.maxCoverage) reasons.push('fills_frame');
    // The box here is the seller's (drawn in the editor), as in the rounds' preview (describe).
    const judged = judgeMask({ mask, lab, w, h, box: input.box, remove: input.remove, sellerBox: true });
    if (maskBox) reasons.push(...judged.reasons);
    const timings = () => ({ totalMs: Date.now() - started });
    const empty = !maskBox || reasons.includes('no_subject');
    if (!maskBox || (reasons.length && (!input.sellerDecides || empty)))
      return { ...base, ok: false, reasons, figures: judged.figures, timings: timings() };

    const photo = cutoutSteps.fullSizePhoto(input.bytes, W, H);
    const png = await cutoutSteps.fullSizeCutout(photo, smooth, w, h, W, H, input.box);
    return { ...base, ok: true, png, coverage: area, box: maskBox, figures: judged.figures, timings: timings(), warnings: reasons };
  } finally {
    for (const m of mats) m.delete();
  }
}

/** The round's answer: the mask, its preview PNG and the gate's preview reasons. */
async function describe(
  cv: Cv,
  photo: EditorPhoto,
  mask: Uint8Array,
  box: Box | null,
  strokes: EditorStroke[],
  keepMat: Keep,
): Promise<EditorMask> {
  const { w, h, lab } = photo;
  const smooth = cutoutSteps.smoothOutline(cv, mask, w, h, keepMat);
  const alpha = Buffer.alloc(w * h * 2);
  for (let i = 0; i < w * h; i++) {
    alpha[i * 2] = 255;
    alpha[i * 2 + 1] = smooth[i]! * 255;
  }
  const png = await sharp(alpha, { raw: { width: w, height: h, channels: 2 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
  const area = mask.reduce((s, v) => s + v, 0) / (w * h);
  const reasons: CutoutNoteCode[] = [];
  if (area < CUTOUT_LIMITS.minCoverage) reasons.push('no_subject');
  else {
    if (area > CUTOUT_LIMITS.maxCoverage) reasons.push('fills_frame');
    const remove = strokes.filter((s) => s.kind === 'remove').flatMap((s) => s.points);
    reasons.push(...judgeMask({ mask, lab, w, h, box, remove, sellerBox: true }).reasons);
  }
  return { mask, png, reasons };
}

/** The colour models grabCut keeps between rounds, learnt from the opening mask (no segmentation pass). */
function learnModels(cv: Cv, rgb: Cv, mask: Uint8Array, w: number, h: number, keepMat: Keep) {
  let fg = 0;
  for (const v of mask) fg += v;
  if (fg < 16 || fg > w * h - 16) return { bgd: null, fgd: null };
  const seeds = keepMat(
    cv.matFromArray(
      h,
      w,
      cv.CV_8UC1,
      Uint8Array.from(mask, (v) => (v ? PR_FGD : PR_BGD)),
    ),
  );
  const bgd = keepMat(new cv.Mat());
  const fgd = keepMat(new cv.Mat());
  cv.setRNGSeed(1);
  // No iterations: only the GMMs are initialised from the mask.
  cv.grabCut(rgb, seeds, new cv.Rect(0, 0, w, h), bgd, fgd, 0, cv.GC_INIT_WITH_MASK);
  return { bgd: Float64Array.from(bgd.data64F as Float64Array), fgd: Float64Array.from(fgd.data64F as Float64Array) };
}

type Px = PixelBox;

/** The box's margin, as a share of its width and height, where a seller's box has background. */
const BOX_MARGIN = 0.02;
/** The share of that margin the mask must hold for the mask to have kept the surface under the product. */
const MARGIN_HELD = 0.5;

/**
 * The surface under the product when the mask a box round starts from kept it (the light box under
 * the blades, kept whole by the automatic cut-out, with the seller's box drawn inside it): the mask
 * holds most of the box's margin (its sides at the frame's edge aside, where a product may run out of
 * the frame) and of the ring just outside the box, and the surface is what is connected to that margin inside the box without crossing
 * one of the photo's edges. Null when the mask left the margin out, as it does around a product.
 */
function heldSurface(photo: EditorPhoto, mask: Uint8Array, box: Px): Uint8Array | null {
  const { w, h } = photo;
  const mx = Math.max(1, Math.round((box.x1 - box.x0) * BOX_MARGIN));
  const my = Math.max(1, Math.round((box.y1 - box.y0) * BOX_MARGIN));
  const inMargin = (x: number, y: number) =>
    (box.x0 > 0 && x < box.x0 + mx) ||
    (box.x1 < w && x >= box.x1 - mx) ||
    (box.y0 > 0 && y < box.y0 + my) ||
    (box.y1 < h && y >= box.y1 - my);
  // The ring just outside the box, as wide: a mask holding it too ran on past the box (a surface), where
  // a tight box around a product the mask holds whole has the mask stop at the box.
  const outer = { x0: Math.max(0, box.x0 - mx), y0: Math.max(0, box.y0 - my), x1: Math.min(w, box.x1 + mx), y1: Math.min(h, box.y1 + my) };
  let n = 0;
  let held = 0;
  let nOut = 0;
  let heldOut = 0;
  for (let y = outer.y0; y < outer.y1; y++)
    for (let x = outer.x0; x < outer.x1; x++) {
      const inside = x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1;
      if (inside && inMargin(x, y)) {
        n++;
        held += mask[y * w + x]!;
      } else if (!inside) {
        nOut++;
        heldOut += mask[y * w + x]!;
      }
    }
  if (!n || held < n * MARGIN_HELD || heldOut < nOut * MARGIN_HELD) return null;
  const edge = edgeMap(photo.lab, w, h);
  const start: number[] = [];
  for (let y = box.y0; y < box.y1; y++)
    for (let x = box.x0; x < box.x1; x++) if (inMargin(x, y) && edge[y * w + x]! < FLOOD_EDGE) start.push(y * w + x);
  return flood8(start, w, h, (q, x, y) => x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1 && edge[q]! < FLOOD_EDGE);
}

/** How far inside the outline keptSurface's flood starts, in working pixels. */
const OUTLINE_REACH = 3;

/**
 * The surface under the product when the mask a box round starts from kept it whole inside the box
 * (the light box under the blades, the seller's box drawn loose around it, so heldSurface's margin
 * is the table): the mask holds enclosed parts coloured like the background over the gate's share
 * (gate.ts islandShare), and the surface is the kept part connected to the mask's outline inside the
 * box without crossing one of the photo's edges, with all the mask left out. Null otherwise.
 */
function keptSurface(photo: EditorPhoto, mask: Uint8Array, box: Px): Uint8Array | null {
  const { w, h, lab } = photo;
  if (islandShare(mask, lab, w, h) <= CUTOUT_GATE.maxIslandShare) return null;
  const edge = edgeMap(lab, w, h);
  const inBox = (x: number, y: number) => x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1;
  // Just inside the outline (its own pixels sit on the surface's edge): kept pixels a few steps from an unkept one.
  const near = dilate(
    Uint8Array.from(mask, (v) => 1 - v),
    w,
    h,
    OUTLINE_REACH,
  );
  const start: number[] = [];
  for (let y = box.y0; y < box.y1; y++)
    for (let x = box.x0; x < box.x1; x++) {
      const i = y * w + x;
      if (mask[i] && near[i] && edge[i]! < FLOOD_EDGE) start.push(i);
    }
  const surface = flood8(start, w, h, (q, x, y) => inBox(x, y) && mask[q]! > 0 && edge[q]! < FLOOD_EDGE);
  // The product lies on that surface: what the mask left out around it is no product either (else the
  // table at a box side on the frame's edge, dark as the blades, starts as probable product).
  for (let i = 0; i < w * h; i++) if (!mask[i]) surface[i] = 1;
  return surface;
}
/** The mask's extent inside the box reaches this share of the box's width and of its height. */
const SPANS_BOX = 0.85;

/** Whether the mask, inside the box, reaches across SPANS_BOX of the box each way. */
function spansBox(mask: Uint8Array, w: number, h: number, box: Px): boolean {
  const b = boundsOf((i) => mask[i]! > 0, w, h, box);
  return !!b && b.x1 - b.x0 >= (box.x1 - box.x0) * SPANS_BOX && b.y1 - b.y0 >= (box.y1 - box.y0) * SPANS_BOX;
}

function expand(p: Px, by: number, w: number, h: number): Px {
  return { x0: Math.max(0, p.x0 - by), y0: Math.max(0, p.y0 - by), x1: Math.min(w, p.x1 + by), y1: Math.min(h, p.y1 + by) };
}

/** Radius of a stroke in working pixels (a share of the longer side). */
const radiusPx = (s: EditorStroke, w: number, h: number) => Math.max(1, Math.round(Math.max(w, h) * s.radius));

/** The new strokes' bounding box with their brush and the context around them. */
function strokeWindow(strokes: EditorStroke[], w: number, h: number): Px {
  let x0 = w;
  let y0 = h;
  let x1 = 0;
  let y1 = 0;
  for (const s of strokes) {
    const r = radiusPx(s, w, h);
    for (const p of s.points) {
      x0 = Math.min(x0, Math.floor(p.x * w) - r);
      y0 = Math.min(y0, Math.floor(p.y * h) - r);
      x1 = Math.max(x1, Math.ceil(p.x * w) + r + 1);
      y1 = Math.max(y1, Math.ceil(p.y * h) + r + 1);
    }
  }
  return expand(
    { x0: Math.max(0, x0), y0: Math.max(0, y0), x1: Math.min(w, x1), y1: Math.min(h, y1) },
    Math.round(Math.max(w, h) * WINDOW_MARGIN),
    w,
    h,
  );
}

/** Paints a stroke (its points joined by segments, so a fast drag leaves no gaps) into the window's seeds. */
function paintStroke(seeds: Uint8Array, ww: number, wh: number, win: Px, s: EditorStroke, w: number, h: number, ring = true): void {
  const r = radiusPx(s, w, h);
  // The brush's core is a hard label; the rest of its disc only "probably" (grabCut finds the
  // product's edge under the brush, so a click that overlaps the edge does not paint over it).
  const core = Math.max(1, Math.round(r * BRUSH_CORE));
  const value = s.kind === 'keep' ? FGD : BGD;
  const soft = s.kind === 'keep' ? PR_FGD : PR_BGD;
  const dot = (cx: number, cy: number) => {
    for (let y = Math.max(win.y0, cy - r); y <= Math.min(win.y1 - 1, cy + r); y++) {
      for (let x = Math.max(win.x0, cx - r); x <= Math.min(win.x1 - 1, cx + r); x++) {
        const d2 = (x - cx) ** 2 + (y - cy) ** 2;
        const i = (y - win.y0) * ww + (x - win.x0);
        if (d2 <= core * core) seeds[i] = value;
        else if (ring && d2 <= r * r && seeds[i] !== FGD && seeds[i] !== BGD) seeds[i] = soft;
      }
    }
  };
  let prev: { x: number; y: number } | null = null;
  for (const p of s.points) {
    const cur = { x: p.x * w, y: p.y * h };
    const steps = prev ? Math.max(1, Math.ceil(Math.hypot(cur.x - prev.x, cur.y - prev.y) / Math.max(1, r / 2))) : 1;
    for (let k = 1; k <= steps; k++) {
      const t = prev ? k / steps : 1;
      // The pixel the point falls in (half-open pixels, mask.ts), not the one after it.
      dot(
        Math.min(w - 1, Math.floor((prev?.x ?? cur.x) + (cur.x - (prev?.x ?? cur.x)) * t)),
        Math.min(h - 1, Math.floor((prev?.y ?? cur.y) + (cur.y - (prev?.y ?? cur.y)) * t)),
      );
    }
    prev = cur;
  }
  void wh;
}

/** Lab distance (8-bit OpenCV Lab) under which a pixel has the colour a stroke was drawn on. */
const FLOOD_COLOUR = 12;
/** Lab distance across a pixel's two neighbours at which the colour flood stops (an edge in the photo). */
const FLOOD_EDGE = 8;
/**
 * The same two when the stroke's colour is also what grabCut kept on the other side (no colour to tell
 * apart): only an edge tells the sides apart, so the faintest one stops it (at 6 a _Sil_ click on the
 * orange's shadow crossed edges of 4-12 into its dark rim, which has the shadow's colour: issue 37 item 5).
 */
const FLOOD_COLOUR_ALONE = 8;
const FLOOD_EDGE_ALONE = 4;
/**
 * A _Sil_ click's brush core takes no pixel on an edge this strong (Lab across the pixel) but the click's
 * own: that is the outline between the two sides, which a remove brush laid next to it does not decide
 * (the packshot's dark outline column at the frame's edge, the astronaut's suit beside the flag). Any
 * value from 12 to 24 gives the walk no drop; at 8 the squirrel's fur loses a round. Not for _Koru_
 * clicks: there staleReach covers the same case, and this rule cost the fish a drop and the camera 0.015.
 */
const CORE_EDGE = 16;
/** A flooded pixel is this many times nearer the stroke's colour than the other side's. */
const FLOOD_MARGIN = 3;

/**
 * What a stroke round may change (issue 37 item 5): only what the new strokes were drawn on, never
 * far away. A keep stroke only adds and a remove stroke only takes away. It changes the brush's core
 * where that has the stroke's colour; the connected region of the stroke's colour it was drawn on (a
 * floor patch goes in one stroke, wherever it reaches), stopped by the photo's edges, but only when
 * the session's colour models (grabCut's, learnt from the mask the editor opened on) agree that colour
 * belongs on the stroke's side (a keep click on a drawing's white patch does not flood its white
 * background, nor one on the rocket's dark lattice the dark sky); and, in the window next to the
 * stroke, what grabCut moved to the stroke's side, where that looks more like the stroke than like the
 * other side, only when either the models agree or the other side has a colour of its own to tell
 * apart. The flood's edge pixels join the colour flood (not the brush or grabCut's part). A keep click
 * on a pixel the mask already keeps changes only the part of its core it was drawn on (staleReach).
 * Everything else stays as it was.
 */
function strokeRound(photo: EditorPhoto, from: Uint8Array, cut: Uint8Array, fresh: EditorStroke[], boxPx: Px | null, win: Px): Uint8Array {
  const { w, h, lab } = photo;
  const out = Uint8Array.from(from);
  const all: Px = { x0: 0, y0: 0, x1: w, y1: h };
  const outsideBox = (x: number, y: number) => !!boxPx && (x < boxPx.x0 || x >= boxPx.x1 || y < boxPx.y0 || y >= boxPx.y1);
  const dist = (i: number, L: number, A: number, B: number) => Math.hypot(lab[i * 3]! - L, lab[i * 3 + 1]! - A, lab[i * 3 + 2]! - B);
  const edge = edgeMap(lab, w, h);
  for (const s of fresh) {
    const want = s.kind === 'keep' ? 1 : 0;
    const painted = new Uint8Array(w * h);
    paintStroke(painted, w, h, all, { ...s, kind: 'keep' }, w, h, false);
    const clicked = s.points.map((p) => pixelAt(p, w, h));
    const reach = staleReach(photo, clicked, painted, out, want, edge);
    // The stroke's colour: the mean of its core where the mask is on the wrong side.
    let n = 0;
    let sL = 0;
    let sA = 0;
    let sB = 0;
    for (let pass = 0; pass < 2 && !n; pass++)
      for (let i = 0; i < w * h; i++)
        if (painted[i] === FGD && (!reach || reach[i]) && (pass || out[i] !== want)) {
          n++;
          sL += lab[i * 3]!;
          sA += lab[i * 3 + 1]!;
          sB += lab[i * 3 + 2]!;
        }
    if (!n) continue;
    const L = sL / n;
    const A = sA / n;
    const B = sB / n;
    // The other side's colour: the mean of what grabCut left on the other side in the window. A pixel
    // floods only when it is nearer the stroke's colour than that (a white table next to a white
    // saucer is told apart by the edge between them, a red apple on a brown table by its colour).
    let m = 0;
    let oL = 0;
    let oA = 0;
    let oB = 0;
    for (let y = win.y0; y < win.y1; y++)
      for (let x = win.x0; x < win.x1; x++) {
        const i = y * w + x;
        if (cut[i] === want || painted[i] === FGD) continue;
        m++;
        oL += lab[i * 3]!;
        oA += lab[i * 3 + 1]!;
        oB += lab[i * 3 + 2]!;
      }
    // No other side to tell apart (grabCut kept the stroke's colour there too, as when the whole
    // frame was kept): the photo's edges alone stop the flood.
    const mean = m ? ([oL / m, oA / m, oB / m] as const) : null;
    const other = mean && Math.hypot(mean[0] - L, mean[1] - A, mean[2] - B) >= FLOOD_COLOUR ? mean : null;
    const nearer = (i: number, d: number, margin: number) => !other || d * margin < dist(i, other[0], other[1], other[2]);
    // Without another side to compare with, only the closest colours flood, and the faintest edge stops them.
    // The colour flood (which may reach far) needs the colour models' agreement.
    const agrees = strokeAgrees(photo, painted, out, want);
    const near = other ? FLOOD_COLOUR : FLOOD_COLOUR_ALONE;
    const stop = other ? FLOOD_EDGE : FLOOD_EDGE_ALONE;
    const similar = (i: number) => {
      const d = dist(i, L, A, B);
      return agrees && d < near && nearer(i, d, FLOOD_MARGIN);
    };
    const inWin = (x: number, y: number) => x >= win.x0 && x < win.x1 && y >= win.y0 && y < win.y1;
    const seeds: number[] = [];
    for (let i = 0; i < w * h; i++) {
      const x = i % w;
      if (
        painted[i] === FGD &&
        (!reach || reach[i]) &&
        out[i] !== want &&
        dist(i, L, A, B) < near &&
        nearer(i, dist(i, L, A, B), FLOOD_MARGIN) &&
        !(want && outsideBox(x, (i - x) / w)) &&
        (want || edge[i]! < CORE_EDGE || clicked.includes(i))
      )
        seeds.push(i);
    }
    const flooded = new Uint8Array(w * h);
    const region = flood8(seeds, w, h, (q, X, Y) => {
      if (out[q] === want || (want && outsideBox(X, Y))) return false;
      // The stroke's colour, up to the photo's edges; or what grabCut moved to the stroke's side.
      if (similar(q) && edge[q]! < stop) return ((flooded[q] = 1), true);
      if (!inWin(X, Y) || cut[q] !== want) return false;
      const d = dist(q, L, A, B);
      return nearer(q, d, 1) && (agrees || !!other);
    });
    // The flood stops a pixel or two short of an edge (the edge's own pixels): those that are nearer
    // the stroke's colour than the other side's join it.
    for (let step = 0; step < 2; step++) {
      const ring = dilate(flooded, w, h);
      for (let i = 0; i < w * h; i++) {
        const x = i % w;
        if (
          ring[i] &&
          !region[i] &&
          out[i] !== want &&
          !(want && outsideBox(x, (i - x) / w)) &&
          (other ? nearer(i, dist(i, L, A, B), 1) : dist(i, L, A, B) < near)
        )
          region[i] = flooded[i] = 1;
      }
    }
    for (let i = 0; i < w * h; i++) if (region[i]) out[i] = want;
  }
  return out;
}

/**
 * A keep click whose own pixel the mask already keeps (the seller clicked next to a part the mask has
 * right): the brush core it may change is only what it was drawn on, the core's pixels joined to the
 * click's pixel without crossing one of the photo's edges and with its colour, and so is what the
 * colour flood and grabCut's part grow from. Before, the core's far side (the background just past
 * the product's outline) gave the stroke its colour and went in, with grabCut's part behind it (the
 * rocket's lattice 0.903 → 0.898; a pixel or two on stuff and suzanne). Null when the click's pixel is
 * on the wrong side, and for remove clicks: there the same rule lost the grabCut parts that carry most
 * of the squirrel's corrections (after two passes 0.937 → 0.914, and two rounds lowering it, by up to 0.0115).
 */
function staleReach(
  photo: EditorPhoto,
  centres: number[],
  painted: Uint8Array,
  out: Uint8Array,
  want: number,
  edge: Float32Array,
): Uint8Array | null {
  const { w, h, lab } = photo;
  if (!want || centres.some((c) => out[c] !== want)) return null;
  const near = (q: number) =>
    centres.some(
      (c) => Math.hypot(lab[q * 3]! - lab[c * 3]!, lab[q * 3 + 1]! - lab[c * 3 + 1]!, lab[q * 3 + 2]! - lab[c * 3 + 2]!) < FLOOD_COLOUR,
    );
  return flood8(centres, w, h, (q) => painted[q] === FGD && edge[q]! < FLOOD_EDGE && near(q));
}

/**
 * Whether grabCut's colour models of the session say the colour under the stroke's core (where the
 * mask is on the wrong side) is more likely the stroke's side than the other: the mean log-likelihood
 * ratio of product to background over those pixels, by the stroke's sign. True without models.
 */
function strokeAgrees(photo: EditorPhoto, painted: Uint8Array, out: Uint8Array, want: number): boolean {
  if (!photo.fgd || !photo.bgd) return true;
  const fg = gmm(photo.fgd);
  const bg = gmm(photo.bgd);
  let sum = 0;
  let n = 0;
  for (let i = 0; i < painted.length; i++) {
    if (painted[i] !== FGD || out[i] === want) continue;
    const r = photo.rgb[i * 3]!;
    const g = photo.rgb[i * 3 + 1]!;
    const b = photo.rgb[i * 3 + 2]!;
    sum += Math.log(fg(r, g, b) + 1e-300) - Math.log(bg(r, g, b) + 1e-300);
    n++;
  }
  if (!n) return true;
  return want ? sum >= 0 : sum <= 0;
}

/** An OpenCV grabCut GMM (5 components: weights, means, covariances; 65 doubles) as a density over RGB. */
function gmm(model: Float64Array): (r: number, g: number, b: number) => number {
  const K = 5;
  const parts: Array<{ weight: number; mean: number[]; inv: number[]; norm: number }> = [];
  for (let k = 0; k < K; k++) {
    const weight = model[k]!;
    if (weight <= 0) continue;
    const mean = [model[K + k * 3]!, model[K + k * 3 + 1]!, model[K + k * 3 + 2]!];
    const c = Array.from({ length: 9 }, (_, j) => model[K * 4 + k * 9 + j]!);
    const det = c[0]! * (c[4]! * c[8]! - c[5]! * c[7]!) - c[1]! * (c[3]! * c[8]! - c[5]! * c[6]!) + c[2]! * (c[3]! * c[7]! - c[4]! * c[6]!);
    if (!(det > 1e-12)) continue;
    const inv = [
      (c[4]! * c[8]! - c[5]! * c[7]!) / det,
      (c[2]! * c[7]! - c[1]! * c[8]!) / det,
      (c[1]! * c[5]! - c[2]! * c[4]!) / det,
      (c[5]! * c[6]! - c[3]! * c[8]!) / det,
      (c[0]! * c[8]! - c[2]! * c[6]!) / det,
      (c[2]! * c[3]! - c[0]! * c[5]!) / det,
      (c[3]! * c[7]! - c[4]! * c[6]!) / det,
      (c[1]! * c[6]! - c[0]! * c[7]!) / det,
      (c[0]! * c[4]! - c[1]! * c[3]!) / det,
    ];
    parts.push({ weight, mean, inv, norm: 1 / Math.sqrt(det) });
  }
  return (r, g, b) => {
    let p = 0;
    for (const { weight, mean, inv, norm } of parts) {
      const d0 = r - mean[0]!;
      const d1 = g - mean[1]!;
      const d2 = b - mean[2]!;
      const q =
        d0 * (inv[0]! * d0 + inv[1]! * d1 + inv[2]! * d2) +
        d1 * (inv[3]! * d0 + inv[4]! * d1 + inv[5]! * d2) +
        d2 * (inv[6]! * d0 + inv[7]! * d1 + inv[8]! * d2);
      p += weight * norm * Math.exp(-0.5 * q);
    }
    return p;
  };
}

/** Per pixel, the largest Lab distance between its opposite neighbours (left/right, up/down): an edge's strength. */
function edgeMap(lab: Uint8Array, w: number, h: number): Float32Array {
  const e = new Float32Array(w * h);
  const d = (a: number, b: number) =>
    Math.hypot(lab[a * 3]! - lab[b * 3]!, lab[a * 3 + 1]! - lab[b * 3 + 1]!, lab[a * 3 + 2]! - lab[b * 3 + 2]!);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const gx = d(y * w + Math.max(0, x - 1), y * w + Math.min(w - 1, x + 1));
      const gy = d(Math.max(0, y - 1) * w + x, Math.min(h - 1, y + 1) * w + x);
      e[i] = Math.max(gx, gy);
    }
  return e;
}
