import { afterAll, expect, it } from 'vitest';
import { StudioPool } from '../../server/studio/pool';
import { iou } from './truth';
import { openOnTruth } from './editor-walk';

// Issue 37 item 4 ("box alone ≥ 0.75 on every photo"): the astronaut is framed to the photo's edges,
// so her box covers the whole frame and leaves grabCut no background to learn from; the box round
// answered with the box itself (IoU 0.51). Where the photo shows a person (a model wearing the
// product), the round answers with the person segmenter's mask instead (refine.ts frameFillingAnswer).
const pool = new StudioPool(1);
afterAll(() => pool.close());
const owner = { owner: 'person', interactive: true };

it('a frame-filling box around a person gives the person and what she holds, not the whole frame', async () => {
  const { truth, opened, want } = await openOnTruth(pool, 'astronaut', owner);
  const { photo, opening } = opened;
  expect(photo.person).not.toBeNull();
  const round = (p: typeof photo) =>
    pool.run({ kind: 'refine', input: { photo: p, from: opening.mask, box: truth.box, strokes: [], fresh: 0, boxRound: true } }, owner);
  const withPerson = await round(photo);
  expect(iou(want, withPerson.mask)).toBeGreaterThanOrEqual(0.9);
  // The helmet on her arm is no part of a person, yet it is kept (the hand mask holds it: the premise).
  const helmet = { x0: Math.round(photo.w * 0.6), x1: Math.round(photo.w * 0.9), y0: Math.round(photo.h * 0.75), y1: photo.h };
  const share = (mask: Uint8Array) => {
    let n = 0;
    let kept = 0;
    for (let y = helmet.y0; y < helmet.y1; y++) for (let x = helmet.x0; x < helmet.x1; x++, n++) kept += mask[y * photo.w + x]!;
    return kept / n;
  };
  expect(share(want)).toBeGreaterThan(0.95);
  expect(share(withPerson.mask)).toBeGreaterThan(0.9);
  // Without a person the round still answers with the box, and the editor does not call that trusted
  // (a mask at all four sides of the frame reads 'uncertain', gate.ts).
  const without = await round({ ...photo, person: null });
  expect(iou(want, without.mask)).toBeLessThan(0.6);
  expect(without.reasons).toContain('uncertain');
}, 300_000);

it('the person segmenter runs only where the detector sees a person', async () => {
  for (const name of ['box', 'butterfly', 'coffee'] as const) {
    const { opened } = await openOnTruth(pool, name, owner);
    expect({ name, person: opened.photo.person }).toEqual({ name, person: null });
  }
  const { opened } = await openOnTruth(pool, 'camera', owner);
  expect(opened.photo.person).not.toBeNull();
}, 300_000);
