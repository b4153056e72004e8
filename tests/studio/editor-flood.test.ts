import sharp from 'sharp';
import { expect, it } from 'vitest';
import { openEditorPhoto, refineMask } from '../../server/studio/refine';
import { CUTOUT_LIMITS } from '../../shared/constants';

// Issue 37 item 5: "Sil" removes the connected region of the colour it was drawn on (a floor patch
// goes in one stroke, beyond the window grabCut looks at), "Koru" adds likewise, and neither goes
// past the photo's edges into the product.
const W = 320;
const H = 240;
/** A red product (x 200–280, y 60–200) on a grey floor with a little grain, as a JPEG. */
async function floorPhoto(): Promise<Buffer> {
  const px = Buffer.alloc(W * H * 3);
  let seed = 7;
  const grain = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 7) - 3;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      const product = x >= 200 && x < 280 && y >= 60 && y < 200;
      const g = grain();
      px[i] = product ? 190 + g : 150 + g;
      px[i + 1] = product ? 40 + g : 148 + g;
      px[i + 2] = product ? 40 + g : 145 + g;
    }
  return sharp(px, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}
const isProduct = (x: number, y: number, w: number, h: number) =>
  x >= (200 * w) / W && x < (280 * w) / W && y >= (60 * h) / H && y < (200 * h) / H;

function shares(mask: Uint8Array, w: number, h: number) {
  let floorKept = 0;
  let floor = 0;
  let productKept = 0;
  let product = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      // One pixel of slack around the product's edge (JPEG and resizing blur it).
      const edge = [-1, 1].some(
        (d) => isProduct(x + d, y, w, h) !== isProduct(x, y, w, h) || isProduct(x, y + d, w, h) !== isProduct(x, y, w, h),
      );
      if (edge) continue;
      if (isProduct(x, y, w, h)) {
        product++;
        productKept += mask[y * w + x]!;
      } else {
        floor++;
        floorKept += mask[y * w + x]!;
      }
    }
  return { floorKept: floorKept / floor, productKept: productKept / product };
}

it('one Sil click on the floor removes the whole floor patch, far past the click, and not the product', async () => {
  const bytes = await floorPhoto();
  const all = await sharp({ create: { width: W, height: H, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  // The seller's mask keeps everything (e.g. a box round over the whole frame).
  const { photo, opening } = await openEditorPhoto(bytes, all);
  const { w, h } = photo;
  expect(shares(opening.mask, w, h)).toEqual({ floorKept: 1, productKept: 1 });
  const click = { kind: 'remove' as const, radius: CUTOUT_LIMITS.strokeRadius, points: [{ x: 0.1, y: 0.1 }] };
  const r = await refineMask({ photo, from: opening.mask, box: null, strokes: [click], fresh: 0, boxRound: false });
  const after = shares(r.mask, w, h);
  expect(after.floorKept).toBeLessThan(0.02);
  expect(after.productKept).toBe(1);
});

it('one Koru click on a missed part adds all of that part, and no floor', async () => {
  const bytes = await floorPhoto();
  // The mask holds the product's left half only.
  const half = Buffer.alloc(W * H * 3);
  for (let y = 60; y < 200; y++) for (let x = 200; x < 240; x++) half.fill(255, (y * W + x) * 3, (y * W + x) * 3 + 3);
  const png = await sharp(half, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer();
  const { photo, opening } = await openEditorPhoto(bytes, png);
  const { w, h } = photo;
  const click = { kind: 'keep' as const, radius: CUTOUT_LIMITS.strokeRadius, points: [{ x: 265 / W, y: 190 / H }] };
  const r = await refineMask({ photo, from: opening.mask, box: null, strokes: [click], fresh: 0, boxRound: false });
  const after = shares(r.mask, w, h);
  expect(after.productKept).toBe(1);
  expect(after.floorKept).toBeLessThan(0.005);
});
