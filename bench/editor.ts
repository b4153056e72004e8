import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { StudioPool } from '../server/studio/pool';
import { TRUTH_PHOTOS } from '../tests/studio/truth';
import { editorWalk } from '../tests/studio/editor-walk';

/**
 * The editor's live rounds (issue 26 (docs/history.md)) on the ground-truth photos, as a seller
 * works: the editor opens on the automatic mask, draws the product's box (a box round), then two
 * passes of up to 15 corrective clicks, each click one stroke and one round. Timed: each round's
 * trip through the pool (thread hop, grabCut window, gate preview, PNG), as studio.refine pays it
 * minus its ~1 ms rate-limit row. One thread, as a seller alone on a 2-core machine. The box round
 * is timed BOX_REPEATS times per photo (the same box from the same opening mask) for its p50/p95.
 */
export type EditorBench = {
  loadAvg1m: number;
  strokeRounds: number;
  strokeP50: number;
  strokeP95: number;
  boxRounds: number[];
  /** Over every box round of every photo. */
  boxP50: number;
  boxP95: number;
  openMs: number[];
  photos: Array<{ photo: string; boxIoU: number; afterRoundsIoU: number; clicks: number; boxP50: number; boxP95: number }>;
};

const BOX_REPEATS = 10;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length - 1) * p))]!;

export async function benchEditor(): Promise<EditorBench> {
  const pool = new StudioPool(1);
  const stroke: number[] = [];
  const boxRounds: number[] = [];
  const openMs: number[] = [];
  const photos: EditorBench['photos'] = [];
  try {
    for (const name of TRUTH_PHOTOS) {
      const walk = await editorWalk(pool, name, BOX_REPEATS);
      stroke.push(...walk.strokeMs);
      boxRounds.push(...walk.boxRoundsMs);
      openMs.push(walk.openMs);
      photos.push({
        photo: name,
        boxIoU: round(walk.boxIoU),
        afterRoundsIoU: round(walk.afterRoundsIoU),
        clicks: walk.clicks,
        boxP50: pct(walk.boxRoundsMs, 0.5),
        boxP95: pct(walk.boxRoundsMs, 0.95),
      });
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
    boxP50: pct(boxRounds, 0.5),
    boxP95: pct(boxRounds, 0.95),
    openMs,
    photos,
  };
}

const round = (x: number) => Math.round(x * 1000) / 1000;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(JSON.stringify(await benchEditor(), null, 2));
