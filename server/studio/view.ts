import sharp from 'sharp';

// Pixel loops read typed arrays at indexes below their length (the loop bounds); the `!` states that.

/**
 * Where the camera was: looking down at the product ('top': flat-lay scenes, the surface fills the
 * frame) or level with it ('side': the product stands on a floor in front of a wall). Read from
 * the photo and its cut-out:
 *  - several objects spread out (one wholly above another in the frame) lie on a table seen from
 *    above: a pen, a lid and a ball side by side are never stacked in a side view;
 *  - a side view shows a level seam behind the product (wall meets floor, a table's far edge),
 *    at one height across the frame; from above, the product has one surface all around it, and
 *    a table's edge, if seen at all, runs at a slant.
 * Without a cut-out there is nothing to judge: 'side', the framed photo stands like a print.
 */
export type CameraView = 'top' | 'side';

const ANALYSIS = 200;
/** Rows apart (at the analysis size) that a brightness step is measured over. */
const STEP = 3;
/** A brightness step (0-255) this large in a background column is an edge: wall to floor, a table's edge. */
const SEAM_STEP = 18;
/** A level seam: steps in at least this share of the background's columns ... */
const SEAM_COLUMNS = 0.35;
/** ... within this many rows of one row (at the analysis size: ±2.5% of the height). */
const SEAM_ROWS = 5;

export async function detectView(photo: Buffer, cutoutPng: Buffer | null): Promise<{ view: CameraView; why: string }> {
  if (!cutoutPng) return { view: 'side', why: 'no cut-out' };
  const size = { width: ANALYSIS, height: ANALYSIS, fit: 'fill' as const };
  const [grey, alpha] = await Promise.all([
    // Smoothed, so the grain of a fabric or wood is not taken for an edge.
    sharp(photo).rotate().resize(size).greyscale().blur(1.5).raw().toBuffer(),
    sharp(cutoutPng).ensureAlpha().extractChannel(3).resize(size).raw().toBuffer(),
  ]);
  const n = ANALYSIS;
  if (spreadObjects(alpha, n)) return { view: 'top', why: 'several objects spread over the surface' };

  // Background: clearly outside the product (its soft edge and a margin left out).
  const near = await sharp(alpha, { raw: { width: n, height: n, channels: 1 } })
    .blur(3)
    .raw()
    .toBuffer();
  // Per column, the largest brightness step in the background and the row it is at. A wall meeting
  // a floor (or a table's far edge seen level) puts that step at the same row across the frame; the
  // edge of a table seen from above runs at a slant, so its rows spread.
  const rows: number[] = [];
  let judged = 0;
  for (let x = 0; x < n; x++) {
    let best = 0;
    let at = -1;
    let seen = false;
    for (let y = STEP; y < n - STEP; y++) {
      const a = (y - STEP) * n + x;
      const b = (y + STEP) * n + x;
      if (near[a]! > 6 || near[b]! > 6) continue;
      seen = true;
      const d = Math.abs(grey[a]! - grey[b]!);
      if (d > best) [best, at] = [d, y];
    }
    if (seen) judged++;
    if (best > SEAM_STEP) rows.push(at);
  }
  // The most columns whose step is at about one row: a level seam.
  let level = 0;
  for (let y = 0; y < n; y++) level = Math.max(level, rows.filter((r) => Math.abs(r - y) <= SEAM_ROWS).length);
  const share = judged ? level / judged : 0;
  const why = `a level seam in ${Math.round(share * 100)}% of the columns`;
  return share >= SEAM_COLUMNS
    ? { view: 'side', why: `level seam behind the product (${why})` }
    : { view: 'top', why: `one surface around the product (${why})` };
}

/** Two or more sizeable objects, one entirely above another: things laid out on a table. */
function spreadObjects(alpha: Buffer, n: number): boolean {
  const label = new Int32Array(n * n).fill(-1);
  const spans: { y0: number; y1: number; area: number }[] = [];
  const stack: number[] = [];
  let total = 0;
  for (let p = 0; p < n * n; p++) if (alpha[p]! > 127) total++;
  for (let p = 0; p < n * n; p++) {
    if (alpha[p]! <= 127 || label[p]! >= 0) continue;
    const id = spans.length;
    const span = { y0: n, y1: 0, area: 0 };
    label[p] = id;
    stack.push(p);
    while (stack.length) {
      const q = stack.pop()!;
      const x = q % n;
      const y = (q - x) / n;
      span.area++;
      span.y0 = Math.min(span.y0, y);
      span.y1 = Math.max(span.y1, y);
      for (const r of [x > 0 ? q - 1 : -1, x < n - 1 ? q + 1 : -1, y > 0 ? q - n : -1, y < n - 1 ? q + n : -1]) {
        if (r >= 0 && alpha[r]! > 127 && label[r]! < 0) {
          label[r] = id;
          stack.push(r);
        }
      }
    }
    spans.push(span);
  }
  const big = spans.filter((s) => s.area >= total * 0.03);
  for (const a of big) for (const b of big) if (a !== b && a.y1 < b.y0) return true;
  return false;
}
