import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { StudioPool } from '../server/providers/ai/studio/pool';
import type { EditorPhoto } from '../server/providers/ai/studio/refine';
import type { EditorStroke } from '../shared/schemas/editor';
import { CUTOUT_LIMITS } from '../shared/constants';
import { TRUTH_PHOTOS, correctiveClicks, iou, loadTruth } from '../tests/studio/truth';

/**
 * The editor's live rounds (issue 26 (docs/history.md)) on the ground-truth photos, as a seller
 * works: the editor opens on the automatic mask, draws the product's box (a box round), then two
 * passes of up to 15 corrective clicks, each click one stroke and one round. Timed: each round's
 * trip through the pool (thread hop, grabCut window, gate preview, PNG), as studio.refine pays it
 * minus its ~1 ms rate-limit row. One thread, as a seller alone on a 2-core machine.
 */
export type EditorBench = {
  loadAvg1m: number;
  strokeRounds: number;
  strokeP50: number;
  strokeP95: number;
  boxRounds: number[];
  openMs: number[];
  photos: Array<{ photo: string; boxIoU: number; afterRoundsIoU: number; clicks: number }>;
};

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length - 1) * p))]!;

export async function benchEditor(): Promise<EditorBench> {
  const pool = new StudioPool(1);
  const owner = { owner: 'bench', interactive: true };
  const stroke: number[] = [];
  const boxRounds: number[] = [];
  const openMs: number[] = [];
  const photos: EditorBench['photos'] = [];
  try {
    for (const name of TRUTH_PHOTOS) {
      const truth = await loadTruth(name);
      const auto = await pool.run({ kind: 'cutout', bytes: truth.photo, hints: {} }, owner);
      let t = performance.now();
      const opened = await pool.run(
        { kind: 'editor-open', bytes: truth.photo, maskPng: auto.maskPng ? Buffer.from(auto.maskPng) : null },
        owner,
      );
      openMs.push(Math.round(performance.now() - t));
      const photo: EditorPhoto = opened.photo;
      const small = await sharp(Buffer.from(truth.mask.map((v) => v * 255)), {
        raw: { width: truth.width, height: truth.height, channels: 1 },
      })
        .resize(photo.w, photo.h, { fit: 'fill' })
        .extractChannel(0)
        .raw()
        .toBuffer();
      const want = Uint8Array.from(small, (v) => (v >= 128 ? 1 : 0));
      t = performance.now();
      let cur = await pool.run(
        { kind: 'refine', input: { photo, from: opened.opening.mask, box: truth.box, strokes: [], fresh: 0, boxRound: true } },
        owner,
      );
      boxRounds.push(Math.round(performance.now() - t));
      const boxIoU = iou(want, cur.mask);
      const strokes: EditorStroke[] = [];
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
          stroke.push(performance.now() - t);
        }
      }
      photos.push({ photo: name, boxIoU: round(boxIoU), afterRoundsIoU: round(iou(want, cur.mask)), clicks: strokes.length });
    }
  } finally {
    await pool.close();
  }
  return {
    loadAvg1m: Number(loadavg()[0]!.toFixed(2)),
    strokeRounds: stroke.length,
    strokeP50: Math.round(pct(stroke, 0.5)),
    strokeP95: Math.round(pct(stroke, 0.95)),
    boxRounds,
    openMs,
    photos,
  };
}

const round = (x: number) => Math.round(x * 1000) / 1000;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(JSON.stringify(await benchEditor(), null, 2));
