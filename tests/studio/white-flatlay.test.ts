import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { renderStudioImages } from '../../server/studio/images';
import { detectView } from '../../server/studio/view';
import { photo } from './photos';

// Issue 38 item 9: the white image of a photo taken from above gets a soft contact shadow around the
// product, not a floor shadow's strip along its bottom; a level photo keeps the shadow under its base.
vi.setConfig({ testTimeout: 120_000 });

/** The photo cut out by its hand-made mask (tests/fixtures/ground-truth). */
async function cutout(name: 'coffee' | 'apple'): Promise<Buffer> {
  const mask = await sharp(readFileSync(join(__dirname, '..', 'fixtures', 'ground-truth', `${name}.png`)))
    .extractChannel(0)
    .toBuffer();
  return sharp(photo(name)).joinChannel(mask).png().toBuffer();
}

/**
 * How much darker than white (0-255) the bands just outside the product's box are: below it, and
 * beside it (left and right), each band 2.5% of the side deep along the middle third of the box's side
 * it runs along (where a rounded product's outline comes nearest its box).
 */
async function bands(jpeg: Buffer) {
  const { data, info } = await sharp(jpeg).greyscale().raw().toBuffer({ resolveWithObject: true });
  const W = info.width;
  const H = info.height;
  let [x0, y0, x1, y1] = [W, H, -1, -1];
  // The product: clearly darker than any shadow.
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      if (data[y * W + x]! < 200) [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  const depth = Math.round(W * 0.025);
  const gap = 2;
  const dark = (xa: number, xb: number, ya: number, yb: number) => {
    let sum = 0;
    let n = 0;
    for (let y = Math.max(0, ya); y < Math.min(H, yb); y++)
      for (let x = Math.max(0, xa); x < Math.min(W, xb); x++) {
        sum += 255 - data[y * W + x]!;
        n++;
      }
    return sum / Math.max(1, n);
  };
  const [xa, xb] = [x0 + (x1 - x0) / 3, x1 - (x1 - x0) / 3].map(Math.round) as [number, number];
  const [ya, yb] = [y0 + (y1 - y0) / 3, y1 - (y1 - y0) / 3].map(Math.round) as [number, number];
  const below = dark(xa, xb, y1 + 1 + gap, y1 + 1 + gap + depth);
  const left = dark(x0 - gap - depth, x0 - gap, ya, yb);
  const right = dark(x1 + 1 + gap, x1 + 1 + gap + depth, ya, yb);
  const border = [0, W - 1].flatMap((x) => Array.from({ length: H }, (_, y) => data[y * W + x]!));
  return { below, sides: (left + right) / 2, borderPure: border.every((v) => v === 255) };
}

async function whiteOf(name: 'coffee' | 'apple') {
  const png = await cutout(name);
  const [white] = await renderStudioImages({ imageBytes: photo(name), cutoutPng: png, prompt: 'beyaz mermer' }, () => {});
  const bytes = Buffer.from(white!.bytes);
  if (process.env.SCENES_LOOK_DIR) writeFileSync(`${process.env.SCENES_LOOK_DIR}/white-${name}.jpg`, bytes);
  return { view: (await detectView(photo(name), png)).view, ...(await bands(bytes)) };
}

describe('the white image follows the camera view', () => {
  it('from above (the café cup and saucer): a soft shadow all around, the bottom no darker than the sides', async () => {
    const cup = await whiteOf('coffee');
    expect(cup.view).toBe('top');
    // The bottom rows are not darker than the sides beyond 4 levels (the saucer's flatter bottom arc
    // gathers a little more of the blurred outline; a floor shadow's strip is 10 and more).
    expect(cup.below - cup.sides).toBeLessThan(4);
    // And there is a contact shadow beside the product, not nothing.
    expect(cup.sides).toBeGreaterThan(1);
    expect(cup.borderPure).toBe(true);
  });

  it('level (the apple on a table): the shadow stays under its base', async () => {
    const apple = await whiteOf('apple');
    expect(apple.view).toBe('side');
    expect(apple.below - apple.sides).toBeGreaterThan(3);
    expect(apple.borderPure).toBe(true);
  });
});
