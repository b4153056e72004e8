import { afterAll, expect, it } from 'vitest';
import { StudioPool } from '../../server/studio/pool';
import { CUTOUT_LIMITS } from '../../shared/constants';
import { correctiveClicks } from './truth';
import { openOnTruth } from './editor-walk';

// Issue 37 item 5 on single rounds of the editor (refine.ts), on hand-masked photos.
const pool = new StudioPool(1);
afterAll(() => pool.close());
const owner = { owner: 'rounds', interactive: true };

async function opened(name: 'orange' | 'box' | 'coffee') {
  const { truth: t, opened: o, want } = await openOnTruth(pool, name, owner);
  return { t, o, want };
}

it('a box round over the whole frame gives a mask (a packshot filling the frame)', async () => {
  const { o } = await opened('box');
  const r = await pool.run(
    {
      kind: 'refine',
      input: { photo: o.photo, from: o.opening.mask, box: { x: 0, y: 0, width: 1, height: 1 }, strokes: [], fresh: 0, boxRound: true },
    },
    owner,
  );
  const kept = r.mask.reduce((s, v) => s + v, 0) / r.mask.length;
  expect(kept).toBeGreaterThan(0.9);
  expect(r.png.length).toBeGreaterThan(0);
}, 300_000);

it('a stroke changes the mask only towards its side and only where it is connected to the stroke', async () => {
  for (const name of ['orange', 'coffee'] as const) {
    const { t, o, want } = await opened(name);
    const box = await pool.run(
      { kind: 'refine', input: { photo: o.photo, from: o.opening.mask, box: t.box, strokes: [], fresh: 0, boxRound: true } },
      owner,
    );
    const { w, h } = o.photo;
    const clicks = correctiveClicks(want, box.mask, w, h, 15);
    const strokes = [
      ...clicks.keep.map((p) => ({ kind: 'keep' as const, radius: CUTOUT_LIMITS.strokeRadius, points: [p] })),
      ...clicks.remove.map((p) => ({ kind: 'remove' as const, radius: CUTOUT_LIMITS.strokeRadius, points: [p] })),
    ];
    expect(strokes.length).toBeGreaterThan(0);
    let from = box.mask;
    for (let k = 0; k < strokes.length; k++) {
      const s = strokes[k]!;
      const round = await pool.run(
        { kind: 'refine', input: { photo: o.photo, from, box: t.box, strokes: strokes.slice(0, k + 1), fresh: k, boxRound: false } },
        owner,
      );
      const wanted = s.kind === 'keep' ? 1 : 0;
      const changed: number[] = [];
      for (let i = 0; i < w * h; i++) if (round.mask[i] !== from[i]) changed.push(i);
      // Only towards the stroke's side...
      expect({ photo: name, stroke: k, against: changed.filter((i) => round.mask[i] !== wanted).length }).toEqual({
        photo: name,
        stroke: k,
        against: 0,
      });
      // ...and every changed pixel joined to the stroke (its brush disc) through changed pixels.
      const p = s.points[0]!;
      const r = Math.max(1, Math.round(Math.max(w, h) * s.radius)) + 1;
      const cx = Math.floor(p.x * w);
      const cy = Math.floor(p.y * h);
      const disc: number[] = [];
      for (let y = Math.max(0, cy - r); y <= Math.min(h - 1, cy + r); y++)
        for (let x = Math.max(0, cx - r); x <= Math.min(w - 1, cx + r); x++)
          if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) disc.push(y * w + x);
      const set = new Set([...changed, ...disc]);
      const seen = new Set(disc);
      const stack = [...disc];
      while (stack.length) {
        const q = stack.pop()!;
        const x = q % w;
        for (const n of [q - w - 1, q - w, q - w + 1, q - 1, q + 1, q + w - 1, q + w, q + w + 1]) {
          const nx = n % w;
          if (Math.abs(nx - x) > 1 || !set.has(n) || seen.has(n)) continue;
          seen.add(n);
          stack.push(n);
        }
      }
      expect({ photo: name, stroke: k, apart: changed.filter((i) => !seen.has(i)).length }).toEqual({ photo: name, stroke: k, apart: 0 });
      from = round.mask;
    }
  }
}, 600_000);
