import JSZip from 'jszip';
import sharp from 'sharp';
import type { HttpClient } from '../helpers/server';
import { waitFor } from '../helpers/wait';

export async function waitDone(c: HttpClient, id: string, timeout = 120_000) {
  return waitFor(
    async () => {
      const { data } = await c.query('generations.get', { id });
      return data.status === 'completed' || data.status === 'failed' ? data : undefined;
    },
    { timeout, what: 'the generation to finish' },
  );
}

export async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await JSZip.loadAsync(bytes);
  const files = new Map<string, Buffer>();
  for (const name of Object.keys(zip.files).sort()) files.set(name, await zip.files[name]!.async('nodebuffer'));
  return files;
}

/**
 * Measures a picture on white: whether every border pixel is exactly RGB 255,
 * and the box of pixels that are clearly not white (any channel < 240), as
 * shares of the canvas.
 */
export async function onWhite(jpeg: Buffer) {
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width: W, height: H } = info;
  const px = (x: number, y: number) => (y * W + x) * 3;
  let borderPure = true;
  for (let x = 0; x < W; x++)
    for (const y of [0, H - 1]) if (data[px(x, y)] !== 255 || data[px(x, y) + 1] !== 255 || data[px(x, y) + 2] !== 255) borderPure = false;
  for (let y = 0; y < H; y++)
    for (const x of [0, W - 1]) if (data[px(x, y)] !== 255 || data[px(x, y) + 1] !== 255 || data[px(x, y) + 2] !== 255) borderPure = false;
  let x0 = W,
    y0 = H,
    x1 = -1,
    y1 = -1;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = px(x, y);
      if (Math.min(data[i]!, data[i + 1]!, data[i + 2]!) >= 240) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  const bw = (x1 - x0 + 1) / W;
  const bh = (y1 - y0 + 1) / H;
  return {
    width: W,
    height: H,
    channels: info.channels,
    borderPure,
    box: { w: bw, h: bh, cx: (x0 + x1 + 1) / 2 / W, cy: (y0 + y1 + 1) / 2 / H },
    /** The product's larger share of the canvas side it is limited by. */
    fill: Math.max(bw, bh),
  };
}

/**
 * The widest band of near-white (every channel ≥ 250) whole rows or columns running in from any
 * edge, as a share of the side it is measured along: a letterboxed picture has one.
 */
export async function widestWhiteBand(jpeg: Buffer): Promise<number> {
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width: W, height: H } = info;
  const white = (x: number, y: number) => Math.min(data[(y * W + x) * 3]!, data[(y * W + x) * 3 + 1]!, data[(y * W + x) * 3 + 2]!) >= 250;
  const rowWhite = (y: number) => Array.from({ length: W }, (_, x) => x).every((x) => white(x, y));
  const colWhite = (x: number) => Array.from({ length: H }, (_, y) => y).every((y) => white(x, y));
  const run = (n: number, test: (i: number) => boolean) => {
    let k = 0;
    while (k < n && test(k)) k++;
    return k;
  };
  return Math.max(
    run(H, (i) => rowWhite(i)) / H,
    run(H, (i) => rowWhite(H - 1 - i)) / H,
    run(W, (i) => colWhite(i)) / W,
    run(W, (i) => colWhite(W - 1 - i)) / W,
  );
}
