import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

/** Real photographs (scikit-image and OpenCV sample data as shipped by Debian: tests/fixtures/photos/README.md). */
export const photo = (name: 'coffee' | 'rocket' | 'chelsea' | 'stuff' | 'smarties' | 'apple'): Buffer =>
  readFileSync(join(__dirname, '..', 'fixtures', 'photos', `${name}.jpg`));

/** Alpha channel of a PNG with its size. */
export async function alphaOf(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().extractChannel(3).raw().toBuffer({ resolveWithObject: true });
  const at = (fx: number, fy: number) =>
    data[Math.min(info.height - 1, Math.floor(fy * info.height)) * info.width + Math.min(info.width - 1, Math.floor(fx * info.width))];
  let sum = 0;
  for (const v of data) sum += v;
  return { data, width: info.width, height: info.height, at, coverage: sum / 255 / (info.width * info.height) };
}
