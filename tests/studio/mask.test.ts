import { expect, it } from 'vitest';
import { boundsOf, dilate, erode, flood8, fractionBounds, maskBounds, pixelAt, toFractions, toPixels } from '../../server/studio/mask';

/** A w×h mask from rows of '#' (kept) and '.'. */
function draw(rows: string[]): { m: Uint8Array; w: number; h: number } {
  const w = rows[0]!.length;
  const h = rows.length;
  return { m: Uint8Array.from(rows.join(''), (c) => (c === '#' ? 1 : 0)), w, h };
}
const show = (m: Uint8Array, w: number) =>
  Array.from({ length: m.length / w }, (_, y) => Array.from(m.subarray(y * w, y * w + w), (v) => (v ? '#' : '.')).join(''));

it('a bounding box is half-open: x1 and y1 are one past the last kept pixel', () => {
  const { m, w, h } = draw(['.....', '.##..', '.#...', '.....']);
  expect(maskBounds(m, w, h)).toEqual({ x0: 1, y0: 1, x1: 3, y1: 3 });
  // One kept pixel is a 1×1 box, also in the frame's corners.
  expect(maskBounds(draw(['#..', '...']).m, 3, 2)).toEqual({ x0: 0, y0: 0, x1: 1, y1: 1 });
  expect(maskBounds(draw(['...', '..#']).m, 3, 2)).toEqual({ x0: 2, y0: 1, x1: 3, y1: 2 });
  expect(maskBounds(new Uint8Array(6), 3, 2)).toBeNull();
});

it('grey and alpha planes: kept is above the given level', () => {
  const grey = Uint8Array.from([0, 127, 0, 255, 10, 0]);
  expect(maskBounds(grey, 3, 2, 127)).toEqual({ x0: 0, y0: 1, x1: 1, y1: 2 });
  expect(maskBounds(grey, 3, 2)).toEqual({ x0: 0, y0: 0, x1: 2, y1: 2 });
});

it('within a rectangle only that rectangle is looked at', () => {
  const { m, w, h } = draw(['#....', '..##.', '.....', '....#']);
  expect(boundsOf((i) => m[i] === 1, w, h, { x0: 1, y0: 0, x1: 4, y1: 3 })).toEqual({ x0: 2, y0: 1, x1: 4, y1: 2 });
  expect(boundsOf((i) => m[i] === 1, w, h, { x0: 0, y0: 2, x1: 4, y1: 4 })).toBeNull();
});

it('pixel boxes and fractions of the frame go both ways without losing a pixel', () => {
  const b = { x0: 3, y0: 2, x1: 9, y1: 7 };
  expect(toFractions(b, 12, 10)).toEqual({ x: 0.25, y: 0.2, width: 0.5, height: 0.5 });
  expect(toPixels(toFractions(b, 12, 10), 12, 10)).toEqual(b);
  // Rounded outwards and clipped to the frame.
  expect(toPixels({ x: -0.1, y: 0.05, width: 0.52, height: 2 }, 10, 10)).toEqual({ x0: 0, y0: 0, x1: 5, y1: 10 });
  const { m, w, h } = draw(['....', '.##.', '....']);
  expect(fractionBounds((i) => m[i] === 1, w, h)).toEqual({ x: 0.25, y: 1 / 3, width: 0.5, height: 1 / 3 });
});

it("a point falls in the half-open pixel it lies in, the frame's far edge in the last one", () => {
  // 4×2: pixel x covers [x/4, (x+1)/4), a row is 4 pixels.
  expect(pixelAt({ x: 0, y: 0 }, 4, 2)).toBe(0);
  expect(pixelAt({ x: 0.25, y: 0.49 }, 4, 2)).toBe(1);
  expect(pixelAt({ x: 0.24, y: 0.5 }, 4, 2)).toBe(4);
  expect(pixelAt({ x: 1, y: 1 }, 4, 2)).toBe(7);
});

it('erosion and dilation step over the four direct neighbours', () => {
  const { m, w, h } = draw(['.....', '.###.', '.###.', '.###.', '.....']);
  expect(show(erode(m, w, h), w)).toEqual(['.....', '.....', '..#..', '.....', '.....']);
  expect(show(dilate(draw(['.....', '.....', '..#..', '.....', '.....']).m, w, h), w)).toEqual([
    '.....',
    '..#..',
    '.###.',
    '..#..',
    '.....',
  ]);
  expect(show(dilate(m, w, h, 2), w)).toEqual(['#####', '#####', '#####', '#####', '#####']);
  // Twice is two steps; the input is never changed.
  const before = Uint8Array.from(m);
  expect(show(erode(m, w, h, 2), w)).toEqual(['.....', '.....', '.....', '.....', '.....']);
  expect(m).toEqual(before);
});

it("the frame is kept for erosion unless told otherwise: a product running out of the picture is not eaten from the frame's side", () => {
  const { m, w, h } = draw(['###..', '###..', '###..']);
  expect(show(erode(m, w, h), w)).toEqual(['##...', '##...', '##...']);
  expect(show(erode(m, w, h, 1, 0), w)).toEqual(['.....', '.#...', '.....']);
  // Grey values: the smallest of the neighbourhood.
  expect(Array.from(erode(Uint8Array.from([200, 100, 255, 255]), 2, 2))).toEqual([100, 100, 200, 100]);
  expect(Array.from(dilate(Uint8Array.from([200, 100, 0, 0]), 2, 2))).toEqual([200, 200, 200, 100]);
});

it('a flood grows over the eight neighbours into what it may enter, and keeps apart regions in one map', () => {
  const { m, w, h } = draw(['##...', '..#..', '....#', '#....']);
  const one = flood8([0], w, h, (q) => m[q] === 1);
  // Diagonal steps join (0,0)-(1,0)-(2,1); (4,2) and (0,3) are apart.
  expect(show(one, w)).toEqual(['##...', '..#..', '.....', '.....']);
  const seen = new Uint8Array(w * h);
  let parts = 0;
  const sizes: number[] = [];
  for (let s = 0; s < w * h; s++) {
    if (!m[s] || seen[s]) continue;
    parts++;
    let n = 0;
    flood8(
      [s],
      w,
      h,
      (q) => m[q] === 1,
      () => n++,
      seen,
    );
    sizes.push(n);
  }
  expect({ parts, sizes }).toEqual({ parts: 3, sizes: [3, 1, 1] });
});
