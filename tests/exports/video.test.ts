import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '../../server/studio/ffmpeg';
import { renderProductVideo } from '../../server/studio/video-cutout';
import { StudioPool } from '../../server/studio/pool';
import { photo } from '../studio/photos';

let dir: string;
let pool: StudioPool;
let coffeeCutout: Buffer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vitrin-video-test-'));
  pool = new StudioPool(1);
  const cut = await pool.run({ kind: 'cutout', bytes: photo('coffee'), hints: {} }, { owner: 'test' });
  if (!cut.ok) throw new Error('coffee cut-out fell back');
  coffeeCutout = Buffer.from(cut.png);
}, 120_000);
afterAll(async () => {
  await pool?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Stream facts from `ffmpeg -i` (no ffprobe in the bundle) and frames at the given seconds as raw RGB. */
async function inspect(bytes: Buffer, name: string, at: number[]) {
  const file = join(dir, `${name}.mp4`);
  await writeFile(file, bytes);
  const bin = await ffmpegPath();
  const info = spawnSync(bin, ['-hide_banner', '-i', file], { encoding: 'utf8' }).stderr;
  const frames = [];
  for (const [i, t] of at.entries()) {
    const png = join(dir, `${name}-${i}.png`);
    spawnSync(bin, ['-hide_banner', '-loglevel', 'error', '-ss', String(t), '-i', file, '-frames:v', '1', '-y', png]);
    if (process.env.VIDEO_LOOK_DIR) await writeFile(join(process.env.VIDEO_LOOK_DIR, `${name}-${i}.png`), await readFile(png));
    frames.push(await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true }));
  }
  return { info, frames };
}

/**
 * The longest run of rows (or columns) that are one flat colour, as a share of
 * the frame: letterbox bars and empty pads are flat; a scene or a photo is not.
 */
function longestFlatBand(data: Buffer, width: number, height: number, axis: 'rows' | 'cols'): number {
  const lines = axis === 'rows' ? height : width;
  const len = axis === 'rows' ? width : height;
  let best = 0;
  let run = 0;
  for (let l = 0; l < lines; l++) {
    let sum = 0;
    let sq = 0;
    for (let k = 0; k < len; k += 2) {
      const i = axis === 'rows' ? (l * width + k) * 3 : (k * width + l) * 3;
      const v = (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
      sum += v;
      sq += v * v;
    }
    const n = Math.ceil(len / 2);
    const sd = Math.sqrt(Math.max(0, sq / n - (sum / n) ** 2));
    run = sd < 2 ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best / lines;
}

function meanAbsDiff(a: Buffer, b: Buffer): number {
  let d = 0;
  for (let i = 0; i < a.length; i += 7) d += Math.abs(a[i]! - b[i]!);
  return d / Math.ceil(a.length / 7);
}

// Each shape and each source once (a 1080p render takes a minute or more on two busy cores): the
// shape decides the frame, the source decides what fills it, and neither depends on the other.
describe('video', () => {
  it.each([
    { ratio: '16:9', width: 1920, height: 1080, kind: 'cut-out', withCutout: true },
    { ratio: '9:16', width: 1080, height: 1920, kind: 'photo', withCutout: false },
  ] as const)(
    '$ratio from the $kind: H.264 30 fps faststart, the frame filled, real motion',
    async ({ ratio, width, height, kind, withCutout }) => {
      const progress: number[] = [];
      const clip = await renderProductVideo(
        {
          imageBytes: photo('coffee'),
          cutoutPng: withCutout ? coffeeCutout : null,
          prompt: 'mermer tezgah, sabah ışığı',
          duration: 5,
          aspectRatio: ratio,
        },
        (p) => progress.push(p),
        { preset: 'ultrafast' }, // the encoder preset changes speed, not the frames checked here
      );
      expect(clip).toMatchObject({ mime: 'video/mp4', ext: 'mp4', width, height });
      // faststart: the index (moov) comes before the media (mdat).
      const moov = clip.bytes.indexOf('moov');
      const mdat = clip.bytes.indexOf('mdat');
      expect(moov).toBeGreaterThan(0);
      expect(moov).toBeLessThan(mdat);

      const name = `${kind}-${ratio.replace(':', 'x')}`;
      const { info, frames } = await inspect(clip.bytes, name, [0.2, 2.5, 4.8]);
      expect(info).toMatch(/Video: h264 /); // High with the production preset (veryfast); ultrafast may signal a lower profile
      expect(info).toContain(`${width}x${height}`);
      expect(info).toMatch(/30 fps/);
      expect(info).toMatch(/Duration: 00:00:0(4\.9|5\.0)/);
      for (const f of frames) {
        expect(f.info).toMatchObject({ width, height });
        // No empty band: no run of flat rows or columns longer than 3% of the frame.
        expect(longestFlatBand(f.data, width, height, 'rows')).toBeLessThan(0.03);
        expect(longestFlatBand(f.data, width, height, 'cols')).toBeLessThan(0.03);
      }
      // Real motion: start, middle and end differ.
      expect(meanAbsDiff(frames[0]!.data, frames[1]!.data)).toBeGreaterThan(1);
      expect(meanAbsDiff(frames[1]!.data, frames[2]!.data)).toBeGreaterThan(1);
      expect(progress.at(-1)).toBeGreaterThanOrEqual(90);
    },
    300_000,
  );
});
