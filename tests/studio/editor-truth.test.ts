import { afterAll, expect, test } from 'vitest';
import { StudioPool } from '../../server/studio/pool';
import { editorWalk } from './editor-walk';

// Issue 26 (docs/history.md) through the editor's live rounds, on the hand-masked photos with one clear
// product: a box alone reaches IoU ≥ 0.75, a box plus two passes of ≤ 15 corrective clicks ≥ 0.90.
const pool = new StudioPool(1);
afterAll(() => pool.close());

test.each(['coffee', 'apple', 'orange', 'butterfly'] as const)(
  'the editor on %s: box alone IoU ≥ 0.75, after two passes of corrective clicks ≥ 0.90',
  async (name) => {
    const walk = await editorWalk(pool, name);
    expect(walk.boxIoU).toBeGreaterThanOrEqual(0.75);
    expect(walk.afterRoundsIoU).toBeGreaterThanOrEqual(0.9);
    expect(walk.clicks).toBeLessThanOrEqual(30);
  },
  120_000,
);
