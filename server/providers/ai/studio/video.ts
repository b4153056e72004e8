import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AspectRatio, ProviderOutput } from '../types.js';
import { composeShot } from './compose.js';
import { ffmpegPath, mp4OutputArgs, runFfmpeg } from './ffmpeg.js';
import { LOOKS, type Look } from './looks.js';
import { loadProduct } from './product.js';

export const VIDEO_FPS = 30;

export function videoSize(aspectRatio: AspectRatio): { width: number; height: number } {
  return aspectRatio === '16:9' ? { width: 1920, height: 1080 } : { width: 1080, height: 1920 };
}

/** The clean white set, with the product a bit smaller to leave room for the camera move. */
const VIDEO_LOOK: Look = { ...LOOKS[0], scale: 0.62, baseline: 0.84 };

/**
 * zoompan moves its crop window in whole source pixels, which shows as
 * jitter; rendering the still at twice the output size halves every step.
 */
const OVERSAMPLE = 2;

/**
 * A Ken Burns product shot: the studio still, a slow eased push-in with a
 * gentle left-to-right drift, H.264 yuv420p with the index up front
 * (+faststart) so browsers start playing before the download ends.
 */
export async function renderStudioVideo(
  input: { imageBytes: Buffer; duration: number; aspectRatio: AspectRatio },
  onProgress: (pct: number) => void,
  options: { ffmpegPath?: string; preset?: string } = {},
): Promise<ProviderOutput> {
  onProgress(1);
  const bin = await ffmpegPath(options.ffmpegPath);
  const product = await loadProduct(input.imageBytes);
  const out = videoSize(input.aspectRatio);
  const still = { width: out.width * OVERSAMPLE, height: out.height * OVERSAMPLE };
  const frame = await (await composeShot(product, VIDEO_LOOK, still)).removeAlpha().raw().toBuffer();
  onProgress(8);

  const frames = Math.round(input.duration * VIDEO_FPS);
  const last = frames - 1;
  // Eased progress 0..1 (smoothstep) without commas, which filtergraphs would split on.
  const ease = `(on/${last})*(on/${last})*(3-2*(on/${last}))`;
  const zoompan = [
    `z='1.04+0.14*${ease}'`,
    `x='(iw-iw/zoom)*(0.25+0.5*${ease})'`,
    `y='(ih-ih/zoom)*0.45'`,
    `d=${frames}`,
    `s=${out.width}x${out.height}`,
    `fps=${VIDEO_FPS}`,
  ].join(':');

  const dir = await mkdtemp(join(tmpdir(), 'vitrin-video-'));
  try {
    const file = join(dir, 'out.mp4');
    await runFfmpeg({
      bin,
      stdin: frame,
      outputSeconds: input.duration,
      onProgress: (f) => onProgress(8 + Math.floor(f * 90)),
      args: [
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgb24',
        '-s',
        `${still.width}x${still.height}`,
        '-i',
        'pipe:0',
        // RGB -> BT.709 YUV once, before zoompan, so the tags below are true.
        '-vf',
        `scale=out_color_matrix=bt709:out_range=tv,format=yuv420p,zoompan=${zoompan}`,
        '-frames:v',
        String(frames),
        '-r',
        String(VIDEO_FPS),
        ...mp4OutputArgs(options.preset ?? 'veryfast', file),
      ],
    });
    return { bytes: await readFile(file), mime: 'video/mp4', ext: 'mp4' };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
