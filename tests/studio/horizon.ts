import sharp from 'sharp';

/**
 * The level line behind the product (a wall meeting a floor): the row with the largest brightness step
 * over 6 rows that shows in BOTH side strips (`side` of the width at the left and at the right, where
 * the product never is), read at `width` px when given. `row` is a share of the height; `strength` the
 * step in grey levels: a wall meeting a floor gives a large one, a flat-lay surface none to speak of.
 */
export async function horizon(jpeg: Buffer, opts: { side: number; width?: number }): Promise<{ row: number; strength: number }> {
  const img = opts.width ? sharp(jpeg).resize({ width: opts.width }) : sharp(jpeg);
  const { data, info } = await img.greyscale().blur(1).raw().toBuffer({ resolveWithObject: true });
  const w = info.width;
  const strip = (x0: number, x1: number) =>
    Array.from({ length: info.height }, (_, y) => {
      let sum = 0;
      for (let x = x0; x < x1; x++) sum += data[y * w + x]!;
      return sum / (x1 - x0);
    });
  const left = strip(0, Math.round(w * opts.side));
  const right = strip(Math.round(w * (1 - opts.side)), w);
  let best = 0;
  let row = -1;
  for (let y = 3; y < info.height - 3; y++) {
    const step = Math.min(Math.abs(left[y - 3]! - left[y + 3]!), Math.abs(right[y - 3]! - right[y + 3]!));
    if (step > best) [best, row] = [step, y];
  }
  return { row: row / info.height, strength: best };
}
