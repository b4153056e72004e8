import { afterAll, describe, expect, it } from 'vitest';
import { StudioPool } from '../../server/studio/pool';
import { CUTOUT_LIMITS } from '../../shared/constants';
import { TRUTH_PHOTOS, type TruthName } from './truth';
import { editorWalk, type EditorWalk } from './editor-walk';

// Issue 26 (docs/history.md) and issue 37 item 4 through the editor's live rounds, on all fifteen
// hand-masked photos: a box alone reaches IoU ≥ 0.75, a box plus two passes of ≤ 15 corrective
// clicks ≥ 0.90, and at least 12 of the 15 reach 0.90 within the two passes. The automatic cut-out
// each walk opens on is held to the unattended paths' promise here too (made once per photo).
const pool = new StudioPool(1);
afterAll(() => pool.close());

const walks = new Map<TruthName, Promise<EditorWalk>>();
const walk = (name: TruthName) => {
  if (!walks.has(name))
    walks.set(
      name,
      editorWalk(pool, name).then((w) => {
        if (process.env.WALK_FIGURES) console.log(JSON.stringify({ name, box: w.boxIoU, after: w.afterRoundsIoU, rounds: w.rounds }));
        return w;
      }),
    );
  return walks.get(name)!;
};

/**
 * Known gaps: none left (docs/studio.md "Cut-out on the ground-truth photos" keeps their history). The
 * last for the box and two-pass promises, the astronaut (box 0.51, after the passes 0.69), closed on
 * 2026-11-28 when a frame-filling box around a person began to give the person (refine.ts
 * frameFillingAnswer, editor-person.test.ts). Issue 37 item 5, no round lowering the IoU: the last six
 * drops (all under 0.005) closed the same day. A Koru click on a pixel the mask already keeps changes only
 * the part of its brush it was drawn on (refine.ts staleReach: rocket, stuff, suzanne); a flood with no
 * other colour in the window stops at the faintest edge (FLOOD_EDGE_ALONE: the orange); a Sil click's
 * brush core takes no pixel on a strong edge but its own (CORE_EDGE: the packshot, the astronaut).
 */
/** No round in the whole set lowers the IoU by more than this (before: fish 0.29, rocket 0.13, squirrel 0.015). */
const LARGEST_DROP = 0.01;

describe('the editor on the hand-masked photos', () => {
  for (const name of TRUTH_PHOTOS) {
    it(`${name}: the box alone reaches IoU ≥ 0.75`, async () => {
      expect((await walk(name)).boxIoU).toBeGreaterThanOrEqual(0.75);
    }, 300_000);
    it(`${name}: no correction round lowers the IoU`, async () => {
      const { rounds } = await walk(name);
      const drops = rounds.flatMap((v, k) => (k > 0 && v < rounds[k - 1]! ? [{ round: k, from: rounds[k - 1], to: v }] : []));
      expect(drops).toEqual([]);
    }, 300_000);
    it(`${name}: box and two passes of ≤ 15 clicks reach IoU ≥ 0.90`, async () => {
      const w = await walk(name);
      expect(w.clicks).toBeLessThanOrEqual(30);
      expect(w.afterRoundsIoU).toBeGreaterThanOrEqual(0.9);
    }, 300_000);
  }

  it('no correction round lowers the IoU by more than 0.01 on any of the 15 photos', async () => {
    const drops: Array<{ name: TruthName; round: number; from: number; to: number }> = [];
    for (const name of TRUTH_PHOTOS) {
      const { rounds } = await walk(name);
      rounds.forEach((v, k) => {
        if (k > 0 && v < rounds[k - 1]! - LARGEST_DROP) drops.push({ name, round: k, from: rounds[k - 1]!, to: v });
      });
    }
    expect(drops).toEqual([]);
  }, 600_000);

  // Issue 37: in the editor the seller decides, but the verdict shown must not mislead. After the two passes
  // the astronaut's mask (IoU 0.69: the flag, the shuttle and most of the backdrop kept) read no reason and
  // the editor said "Seçim güvenilir görünüyor"; a mask at all four sides of the frame now reads 'uncertain'
  // (that mask, the frame-filling box without a person, is editor-person.test.ts). Since her box gives her
  // mask every photo ends at 0.90 or more; a mask under it must still read a reason.
  it('after two passes no mask under IoU 0.90 is shown as trusted', async () => {
    const under: Array<{ name: TruthName; iou: number; reasons: string[] }> = [];
    for (const name of TRUTH_PHOTOS) {
      const { after } = (await walk(name)).verdicts;
      if (after.iou < 0.9) under.push({ name, iou: after.iou, reasons: after.reasons });
    }
    expect(under.filter((u) => !u.reasons.length)).toEqual([]);
  }, 600_000);

  // ...and that doubt takes no right mask's trust: where a mask with IoU ≥ 0.90 (the hand mask, the box
  // round, after the passes) reads 'uncertain', it covers the whole frame (fills_frame: the packshot).
  it("the frame's doubt reads on no right mask of the walk but one filling the frame", async () => {
    const doubted: Array<{ name: TruthName; mask: string; iou: number; coverage: number }> = [];
    for (const name of TRUTH_PHOTOS) {
      for (const [mask, v] of Object.entries((await walk(name)).verdicts)) {
        if (v.iou >= 0.9 && v.reasons.includes('uncertain') && v.coverage <= CUTOUT_LIMITS.maxCoverage)
          doubted.push({ name, mask, iou: v.iou, coverage: v.coverage });
      }
    }
    expect(doubted).toEqual([]);
  }, 600_000);

  // Issue 37 item 4: where no person looks (the page's automatic cut-out, batch, the API), the verdict
  // is precise: no automatic cut-out under IoU 0.90 against its hand-made mask is trusted.
  it('marks no automatic cut-out with IoU < 0.90 as trusted, and still trusts some', async () => {
    const wrongTrusted: Array<{ photo: TruthName; iou: number }> = [];
    const trusted: TruthName[] = [];
    for (const name of TRUTH_PHOTOS) {
      const { automatic } = await walk(name);
      if (!automatic.trusted) continue;
      trusted.push(name);
      const score = Math.round(automatic.iou! * 1000) / 1000;
      if (score < 0.9) wrongTrusted.push({ photo: name, iou: score });
    }
    expect(wrongTrusted).toEqual([]);
    // Not met by refusing everything: the clear single products are still cut out unattended.
    expect(trusted).toEqual(expect.arrayContaining(['coffee', 'apple', 'butterfly', 'fish']));
  }, 600_000);

  // 15 of 15 on 2026-11-28 (stuff since the coarse-to-fine box round, coins since a frame-filling box refines
  // the mask that already spans it: box 0.335 → 0.948, after 0.717 → 0.976; the astronaut since a
  // frame-filling box around a person gives the person: after 0.690 → 0.979).
  it('at least 12 of the 15 photos reach IoU ≥ 0.90 within two passes', async () => {
    let reached = 0;
    for (const name of TRUTH_PHOTOS) if ((await walk(name)).afterRoundsIoU >= 0.9) reached++;
    expect(reached).toBeGreaterThanOrEqual(12);
  }, 600_000);
});
