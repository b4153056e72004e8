import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { ProviderOutput } from '../providers/ai';
import { ffmpegPath, runFfmpeg } from '../studio/ffmpeg';

/**
 * The outputs of a test key's run (issue 34 item 4): the same pipeline's outputs, made small (at
 * most TEST_OUTPUT_MAX px on the long side) and marked with a visible "TEST" badge in the top-left
 * corner, so a test result can never pass for a product photo.
 */
export const TEST_OUTPUT_MAX = 512;

/** The badge's colours: white letters on red. */
export const TEST_MARK = { background: { r: 220, g: 30, b: 40 }, letters: { r: 255, g: 255, b: 255 } } as const;

/**
 * "TEST" drawn with rectangles on a 3×5 grid per letter (no font needed, the same on every
 * machine): [x, y, width, height] in grid units.
 */
const LETTERS: Record<'T' | 'E' | 'S', Array<[number, number, number, number]>> = {
  T: [
    [0, 0, 3, 1],
    [1, 0, 1, 5],
  ],
  E: [
    [0, 0, 1, 5],
    [0, 0, 3, 1],
    [0, 2, 2, 1],
    [0, 4, 3, 1],
  ],
  S: [
    [0, 0, 3, 1],
    [0, 0, 1, 3],
    [0, 2, 3, 1],
    [2, 2, 1, 3],
    [0, 4, 3, 1],
  ],
};

/** Grid units of the badge: 2 of padding around "TEST" (4 letters of 3 with 1 between). */
const BADGE_UNITS = { width: 2 + 4 * 3 + 3 + 2, height: 2 + 5 + 2 };

/** Where the badge sits on an image of the given size: its unit (px), margin and box. */
export function testMarkBox(width: number, height: number) {
  const unit = Math.max(2, Math.round(Math.min(width, height) / 64));
  const margin = unit * 2;
  return { unit, left: margin, top: margin, width: BADGE_UNITS.width * unit, height: BADGE_UNITS.height * unit };
}

/** The badge as a PNG for an image of the given size. */
async function markPng(width: number, height: number): Promise<{ png: Buffer; left: number; top: number }> {
  const box = testMarkBox(width, height);
  const u = box.unit;
  const rgb = (c: { r: number; g: number; b: number }) => `rgb(${c.r},${c.g},${c.b})`;
  const rects = (['T', 'E', 'S', 'T'] as const).flatMap((letter, i) =>
    LETTERS[letter].map(
      ([x, y, w, h]) =>
        `<rect x="${(2 + i * 4 + x) * u}" y="${(2 + y) * u}" width="${w * u}" height="${h * u}" fill="${rgb(TEST_MARK.letters)}"/>`,
    ),
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}"><rect width="${box.width}" height="${box.height}" fill="${rgb(TEST_MARK.background)}"/>${rects.join('')}</svg>`;
  return { png: await sharp(Buffer.from(svg)).png().toBuffer(), left: box.left, top: box.top };
}

/** An image output, at most TEST_OUTPUT_MAX px, with the badge. */
async function markImage(out: Extract<ProviderOutput, { mime: 'image/jpeg' }>): Promise<ProviderOutput> {
  const small = await sharp(out.bytes)
    .rotate()
    .resize(TEST_OUTPUT_MAX, TEST_OUTPUT_MAX, { fit: 'inside', withoutEnlargement: true })
    .toBuffer({ resolveWithObject: true });
  const { width, height } = small.info;
  const mark = await markPng(width, height);
  const bytes = await sharp(small.data)
    .composite([{ input: mark.png, left: mark.left, top: mark.top }])
    .jpeg({ quality: 85 })
    .toBuffer();
  return { ...out, bytes, width, height };
}

/** A video output, scaled to at most TEST_OUTPUT_MAX px (even sides) with the badge burnt in, by ffmpeg. */
async function markVideo(out: Extract<ProviderOutput, { mime: 'video/mp4' }>): Promise<ProviderOutput> {
  const dir = await mkdtemp(join(tmpdir(), 'vitrin-test-mode-'));
  try {
    const input = join(dir, 'in.mp4');
    const output = join(dir, 'out.mp4');
    await writeFile(input, out.bytes);
    const source = out.width && out.height ? { width: out.width, height: out.height } : await videoSize(input);
    const scale = Math.min(1, TEST_OUTPUT_MAX / Math.max(source.width, source.height));
    const width = Math.max(2, Math.floor((source.width * scale) / 2) * 2);
    const height = Math.max(2, Math.floor((source.height * scale) / 2) * 2);
    const mark = await markPng(width, height);
    const markFile = join(dir, 'mark.png');
    await writeFile(markFile, mark.png);
    await runFfmpeg({
      bin: await ffmpegPath(),
      args: [
        '-y',
        '-i',
        input,
        '-i',
        markFile,
        '-filter_complex',
        `[0:v]scale=${width}:${height}[v];[v][1:v]overlay=${mark.left}:${mark.top}`,
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '26',
        '-pix_fmt',
        'yuv420p',
        '-movflags',
        '+faststart',
        '-an',
        output,
      ],
      outputSeconds: 1,
      onProgress: () => {},
    });
    return { ...out, bytes: await readFile(output), width, height };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A video's size when the provider did not say it: one frame decoded by ffmpeg, read by sharp. */
async function videoSize(file: string): Promise<{ width: number; height: number }> {
  const frame = `${file}.png`;
  await runFfmpeg({
    bin: await ffmpegPath(),
    args: ['-y', '-i', file, '-frames:v', '1', frame],
    outputSeconds: 1,
    onProgress: () => {},
  });
  const meta = await sharp(frame).metadata();
  return { width: meta.width ?? TEST_OUTPUT_MAX, height: meta.height ?? TEST_OUTPUT_MAX };
}

/** Every output of a test run, small and marked (the worker stores these instead). */
export async function markTestOutputs(outputs: ProviderOutput[]): Promise<ProviderOutput[]> {
  const marked: ProviderOutput[] = [];
  for (const out of outputs) marked.push(out.mime === 'video/mp4' ? await markVideo(out) : await markImage(out));
  return marked;
}
