import sharp from 'sharp';
import type { StudioPool } from '../../server/studio/pool';
import type { EditorMask, EditorPhoto } from '../../server/studio/refine';
import type { EditorStroke } from '../../shared/schemas/editor';
import type { CutoutNoteCode } from '../../shared/schemas/generations';
import { judgeMask } from '../../server/studio/gate';
import { CUTOUT_LIMITS } from '../../shared/constants';
import { correctiveClicks, iou, loadTruth, maskOfPng, type TruthName } from './truth';

export type EditorWalk = {
  /** The automatic cut-out the editor opened on: trusted (the gate's ok), and its IoU at full size when it was. */
  automatic: { trusted: boolean; iou: number | null };
  boxIoU: number;
  afterRoundsIoU: number;
  /** IoU after each round, the box round first. */
  rounds: number[];
  /**
   * The gate's verdict the editor shows (no reasons: trusted) on the hand mask with the walk's box (the
   * editor's judgeMask, without its coverage reasons), on the box round's mask and after the two passes.
   */
  verdicts: Record<'hand' | 'box' | 'after', WalkVerdict>;
  clicks: number;
  openMs: number;
  boxMs: number;
  /** Every box round's time: the first, then `boxRepeats - 1` more of the same box from the same mask (the bench's p50/p95). */
  boxRoundsMs: number[];
  strokeMs: number[];
};

export type WalkVerdict = { iou: number; reasons: CutoutNoteCode[]; /** kept share of the photo */ coverage: number };

const coverage = (mask: Uint8Array) => mask.reduce((s, v) => s + v, 0) / mask.length;

/**
 * The editor opened on a ground-truth photo as a seller meets it: on the automatic cut-out's mask.
 * `want`: the hand mask at the editor's working size.
 */
export async function openOnTruth(pool: StudioPool, name: TruthName, owner: { owner: string; interactive: boolean }) {
  const truth = await loadTruth(name);
  const auto = await pool.run({ kind: 'cutout', bytes: truth.photo, hints: {} }, owner);
  const t = performance.now();
  const opened: { photo: EditorPhoto; opening: EditorMask } = await pool.run(
    { kind: 'editor-open', bytes: truth.photo, maskPng: auto.maskPng ? Buffer.from(auto.maskPng) : null },
    owner,
  );
  const openMs = Math.round(performance.now() - t);
  const automatic = {
    trusted: auto.ok,
    iou: auto.ok ? iou(truth.mask, await maskOfPng(Buffer.from(auto.png), truth.width, truth.height)) : null,
  };
  const { w, h } = opened.photo;
  const small = await sharp(Buffer.from(truth.mask.map((v) => v * 255)), { raw: { width: truth.width, height: truth.height, channels: 1 } })
    .resize(w, h, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { truth, automatic, opened, openMs, want: Uint8Array.from(small, (v) => (v >= 128 ? 1 : 0)) };
}

/**
 * A seller's walk through the editor on a ground-truth photo: the editor opens on the automatic
 * mask, the product's box is drawn (a box round), then two passes of up to 15 corrective clicks,
 * each click one stroke and one round. Shared by the editor's benchmark (times) and its test (IoU).
 */
export async function editorWalk(pool: StudioPool, name: TruthName, boxRepeats = 1): Promise<EditorWalk> {
  const owner = { owner: 'walk', interactive: true };
  const { truth, automatic, opened, openMs, want } = await openOnTruth(pool, name, owner);
  const photo = opened.photo;
  let t = performance.now();
  let cur = await pool.run(
    { kind: 'refine', input: { photo, from: opened.opening.mask, box: truth.box, strokes: [], fresh: 0, boxRound: true } },
    owner,
  );
  const boxMs = Math.round(performance.now() - t);
  const boxRoundsMs = [boxMs];
  for (let k = 1; k < boxRepeats; k++) {
    t = performance.now();
    await pool.run(
      { kind: 'refine', input: { photo, from: opened.opening.mask, box: truth.box, strokes: [], fresh: 0, boxRound: true } },
      owner,
    );
    boxRoundsMs.push(Math.round(performance.now() - t));
  }
  const boxIoU = iou(want, cur.mask);
  const boxVerdict: WalkVerdict = { iou: boxIoU, reasons: cur.reasons, coverage: coverage(cur.mask) };
  const rounds = [boxIoU];
  const strokes: EditorStroke[] = [];
  const strokeMs: number[] = [];
  for (let pass = 0; pass < 2; pass++) {
    const clicks = correctiveClicks(want, cur.mask, photo.w, photo.h, 15);
    const next = [
      ...clicks.keep.map((p) => ({ kind: 'keep' as const, radius: CUTOUT_LIMITS.strokeRadius, points: [p] })),
      ...clicks.remove.map((p) => ({ kind: 'remove' as const, radius: CUTOUT_LIMITS.strokeRadius, points: [p] })),
    ];
    for (const s of next) {
      strokes.push(s);
      t = performance.now();
      cur = await pool.run(
        { kind: 'refine', input: { photo, from: cur.mask, box: truth.box, strokes, fresh: strokes.length - 1, boxRound: false } },
        owner,
      );
      strokeMs.push(performance.now() - t);
      rounds.push(iou(want, cur.mask));
    }
  }
  const afterRoundsIoU = iou(want, cur.mask);
  const hand = judgeMask({ mask: want, lab: photo.lab, w: photo.w, h: photo.h, box: truth.box, sellerBox: true });
  const verdicts: EditorWalk['verdicts'] = {
    hand: { iou: 1, reasons: hand.reasons, coverage: coverage(want) },
    box: boxVerdict,
    after: { iou: afterRoundsIoU, reasons: cur.reasons, coverage: coverage(cur.mask) },
  };
  return { automatic, boxIoU, afterRoundsIoU, rounds, verdicts, clicks: strokes.length, openMs, boxMs, boxRoundsMs, strokeMs };
}
