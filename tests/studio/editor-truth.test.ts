import { afterAll, describe, expect, it } from 'vitest';
import { StudioPool } from '../../server/studio/pool';
import { TRUTH_PHOTOS, type TruthName } from './truth';
import { editorWalk, type EditorWalk } from './editor-walk';

// Issue 26 (docs/history.md) and issue 37 item 4 through the editor's live rounds, on all fifteen
// hand-masked photos: a box alone reaches IoU ≥ 0.75, a box plus two passes of ≤ 15 corrective
// clicks ≥ 0.90, and at least 12 of the 15 reach 0.90 within the two passes.
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
 * Known gaps, kept visible (figures on 2026-11-27, docs/studio.md "Cut-out on the ground-truth
 * photos"): when one is closed its test fails as an `it.fails` and moves to the ordinary ones.
 */
const BOX_GAPS: Partial<Record<TruthName, string>> = {
  stuff: 'box IoU 0.33: the flat-lay box keeps the table between the objects',
  shapes: 'box IoU 0.61: the light box between the blades is kept',
  astronaut: 'box IoU 0.51: the dark helmet on the dark ground is lost',
  coins: 'box IoU 0.34: the coins reach the frame, so their box fills it and the box round keeps all of it',
};
const ROUND_GAPS: Partial<Record<TruthName, string>> = {
  coins: 'IoU 0.74 after two passes: the cloth goes in large patches (one Sil click floods its colour), 24 coins need more clicks',
  astronaut: 'IoU 0.67 after two passes: the dark helmet on the dark ground',
};
// Issue 37 item 5: a stroke round changes only what the stroke was drawn on, on its side (refine.ts
// strokeRound), but the colour flood of a stroke can still take a part of the product of the stroke's
// colour with no edge between them; the walk's later clicks win it back (figures 2026-11-27).
const DROP_GAPS: Partial<Record<TruthName, string>> = {
  box: '2 rounds lower it, by under 0.001',
  apple: '1 round lowers it, by under 0.001',
  orange: '1 round lowers it 0.895 → 0.890',
  butterfly: '2 rounds lower it by up to 0.010',
  fish: 'one Sil click floods into the fish, 0.980 → 0.695; later clicks take it back (0.973)',
  camera: '5 rounds lower it, the last 0.974 → 0.967',
  squirrel: '2 rounds lower it, 0.926 → 0.911',
  rocket: 'one click floods into the rocket, 0.903 → 0.769; later clicks take it back (0.904)',
};

describe('the editor on the hand-masked photos', () => {
  for (const name of TRUTH_PHOTOS) {
    const boxGap = BOX_GAPS[name];
    (boxGap ? it.fails : it)(
      `${name}: the box alone reaches IoU ≥ 0.75${boxGap ? ` (fails: ${boxGap})` : ''}`,
      async () => {
        expect((await walk(name)).boxIoU).toBeGreaterThanOrEqual(0.75);
      },
      300_000,
    );
    const dropGap = DROP_GAPS[name];
    (dropGap ? it.fails : it)(
      `${name}: no correction round lowers the IoU${dropGap ? ` (fails: ${dropGap})` : ''}`,
      async () => {
        const { rounds } = await walk(name);
        const drops = rounds.flatMap((v, k) => (k > 0 && v < rounds[k - 1]! ? [{ round: k, from: rounds[k - 1], to: v }] : []));
        expect(drops).toEqual([]);
      },
      300_000,
    );
    const roundGap = ROUND_GAPS[name];
    (roundGap ? it.fails : it)(
      `${name}: box and two passes of ≤ 15 clicks reach IoU ≥ 0.90${roundGap ? ` (fails: ${roundGap})` : ''}`,
      async () => {
        const w = await walk(name);
        expect(w.clicks).toBeLessThanOrEqual(30);
        expect(w.afterRoundsIoU).toBeGreaterThanOrEqual(0.9);
      },
      300_000,
    );
  }

  // 13 of 15 on 2026-11-27 (coins and astronaut stay under 0.90).
  it('at least 12 of the 15 photos reach IoU ≥ 0.90 within two passes', async () => {
    let reached = 0;
    for (const name of TRUTH_PHOTOS) if ((await walk(name)).afterRoundsIoU >= 0.9) reached++;
    expect(reached).toBeGreaterThanOrEqual(12);
  }, 600_000);
});
