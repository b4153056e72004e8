import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { AspectRatio, ProviderOutput, VideoJobInput } from '../providers/ai/types.js';
import { cutoutAtSize } from './export-product.js';
import { ffmpegPath, mp4OutputArgs, runFfmpeg } from './ffmpeg.js';
import { renderSceneLayers } from './scene-render.js';
import { planStyle, sceneSetups } from './scene-style.js';
import { detectView } from './view.js';

export const VIDEO_FPS = 30;

/** A video's long side: 1080p. */
const LONG_SIDE = 1920;

/** The frame of a video: 1920×1080 or 1080×1920, or a 16:9 frame of at most `maxSide` px (even sides, as H.264 4:2:0 needs). */
export function videoSize(aspectRatio: AspectRatio, maxSide = LONG_SIDE): { width: number; height: number } {
  const long = Math.floor(Math.min(LONG_SIDE, maxSide) / 2) * 2;
  const short = Math.round((long * 9) / 16 / 2) * 2;
  return aspectRatio === '16:9' ? { width: long, height: short } : { width: short, height: long };
}

/** The video run's stored parameters the studio reads, with the photo and its cut-out (null/absent: the framed photo). */
export type StudioVideoInput = Pick<
  VideoJobInput,
  'imageBytes' | 'cutoutPng' | 'prompt' | 'category' | 'scene' | 'duration' | 'aspectRatio' | 'maxSide'
>;

/**
 * What ffmpeg is given: the painted layers (files in the run's folder, in input order) and the
 * filter graph that moves them (`{W}` `{H}` `{D}` `{L}` `{N}` filled in by `renderProductVideo`).
 */
export type VideoPaint = { inputs: string[]; filter: string; loop: boolean };

/** The pixel work of a video (`paintVideo`); the local provider runs it on the studio pool. */
export type VideoPainter = (input: StudioVideoInput, dir: string) => Promise<VideoPaint>;

type Options = {
  ffmpegPath?: string;
  preset?: string;
  /** Where the layers are painted (default: here, on the calling thread). */
  paint?: VideoPainter;
};

/** How far the backdrop drifts (share of the frame) while the product sways the other way: parallax. */
const BG_OVERSCAN = 1.08;
/** Transparent margin around the product layer, share of its size. */
const MARGIN = 0.04;

/**
 * The local studio's product video (issue 12 (docs/history.md)). With a cut-out: the product on
 * the prompt's scene with real motion, a slow turntable-like sway (its width
 * breathes as if turning, its base stays on the floor), the backdrop drifting
 * the other way (parallax) and a soft light sweep across the product only.
 * Without one: the photo kept whole and sharp, over a blurred, darkened copy
 * of itself that fills the rest of the frame, with a slow push-in, so no large
 * part of the frame is ever an empty band. H.264 yuv420p, 30 fps, +faststart.
 * The layers are painted by `options.paint` (the studio pool's `video-paint` task in the
 * provider); ffmpeg, a child process, moves and encodes them.
 */
export async function renderProductVideo(
  input: StudioVideoInput,
  onProgress: (pct: number) => void,
  options: Options = {},
): Promise<ProviderOutput> {
  onProgress(1);
  const bin = await ffmpegPath(options.ffmpegPath);
  const out = videoSize(input.aspectRatio, input.maxSide);
  const dir = await mkdtemp(join(tmpdir(), 'vitrin-video-'));
  try {
    const graph = await (options.paint ?? paintVideo)(input, dir);
    onProgress(10);
    const file = join(dir, 'out.mp4');
    const seconds = String(input.duration);
    await runFfmpeg({
      bin,
      outputSeconds: input.duration,
      onProgress: (f) => onProgress(10 + Math.floor(f * 88)),
      args: [
        '-hide_banner',
        '-loglevel',
        'error',
        ...graph.inputs.flatMap((path) =>
          graph.loop ? ['-loop', '1', '-framerate', String(VIDEO_FPS), '-t', seconds, '-i', path] : ['-i', path],
        ),
        '-filter_complex',
        graph.filter
          .replaceAll('{W}', String(out.width))
          .replaceAll('{H}', String(out.height))
          .replaceAll('{D}', seconds)
          .replaceAll('{L}', String(Math.round(input.duration * VIDEO_FPS) - 1))
          .replaceAll('{N}', String(Math.round(input.duration * VIDEO_FPS))),
        '-map',
        '[v]',
        '-frames:v',
        String(Math.round(input.duration * VIDEO_FPS)),
        '-r',
        String(VIDEO_FPS),
        ...mp4OutputArgs(options.preset ?? 'veryfast', file),
      ],
    });
    return { bytes: await readFile(file), mime: 'video/mp4', ext: 'mp4', width: out.width, height: out.height };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The CPU part of a video: its layers (scene, shadows, product, light band; or the framed still)
 * painted with sharp into `dir`, and the filter graph over them. No ffmpeg here.
 */
export function paintVideo(input: StudioVideoInput, dir: string): Promise<VideoPaint> {
  return input.cutoutPng ? cutoutGraph(input as StudioVideoInput & { cutoutPng: Buffer }, dir) : photoGraph(input, dir);
}

/** RGB → BT.709 limited range once, at the end, so the tags written are true. */
const TO_YUV = 'scale=out_color_matrix=bt709:out_range=tv,format=yuv420p';

/**
 * The scene of the run's first image (hero set-up), from the same path as the stills (scene-render.ts):
 * the camera view of the photo, the seller's words and controls. It is rendered once on a canvas a
 * little larger than the frame, as three layers: the empty surface (it drifts: parallax), the
 * product's shadows and reflection (they move with the product), and the product.
 */
async function cutoutGraph(input: StudioVideoInput & { cutoutPng: Buffer }, dir: string): Promise<VideoPaint> {
  const out = videoSize(input.aspectRatio, input.maxSide);
  const bg = { width: Math.round(out.width * BG_OVERSCAN), height: Math.round(out.height * BG_OVERSCAN) };
  // Decoded only as large as the frame can draw it (a 12 MP cut-out is read at about frame size).
  const [{ product }, { view }] = await Promise.all([cutoutAtSize(input.cutoutPng, bg), detectView(input.imageBytes, input.cutoutPng)]);
  const style = planStyle(input.prompt, input.category, input.scene);
  const scene = await renderSceneLayers(product, style, sceneSetups(style)[0], view, bg);
  // The frame's window into the larger canvas, at rest (centred); positions below are in the frame.
  const ox = Math.round((bg.width - out.width) / 2);
  const oy = Math.round((bg.height - out.height) / 2);
  const place = { ...scene.place, left: scene.place.left - ox, top: scene.place.top - oy };
  const backdrop = await scene.backdrop.png({ compressionLevel: 0 }).toBuffer();
  const shade = await scene.shade
    .extract({ left: ox, top: oy, width: out.width, height: out.height })
    .png({ compressionLevel: 0 })
    .toBuffer();

  // A transparent margin around the product: perspective clamps at the layer's edge, which must be empty.
  const marginX = Math.round(place.width * MARGIN);
  const marginY = Math.round(place.height * MARGIN);
  const layerW = place.width + 2 * marginX;
  const layerH = place.height + 2 * marginY;
  const layer = await sharp(scene.product, { raw: { width: place.width, height: place.height, channels: 4 } })
    .extend({ top: marginY, bottom: marginY, left: marginX, right: marginX, background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const bandW = Math.max(8, Math.round(place.width * 0.6));
  const band = await sharp(sweepBand(bandW, layerH), { raw: { width: bandW, height: layerH, channels: 4 } })
    .png()
    .toBuffer();
  await Promise.all([
    writeFile(join(dir, 'bg.png'), backdrop),
    writeFile(join(dir, 'p.png'), layer),
    writeFile(join(dir, 'band.png'), band),
    writeFile(join(dir, 'shade.png'), shade),
  ]);

  const cx = place.left + place.width / 2;
  const base = place.top + place.height;
  // Motion. Expressions avoid commas where they can (filtergraphs split on them); inside quotes they are safe.
  // The sway is one slow sine over the clip; the sweep crosses the product once, in the middle half.
  const sway = `sin(2*PI*t/{D})`;
  // Turntable-like turn, in frames (this ffmpeg's perspective knows `in`, not `t`): the left and right
  // edges come in unevenly, as if the product turned a little towards one side and back.
  const turn = (side: 1 | -1) => `W*${MARGIN.toFixed(4)}+W*0.05*(1-cos(2*PI*in/{N}))*(1+${side}*0.6*sin(2*PI*in/{N}))`;
  const filter = [
    // Backdrop: drifts against the product (parallax).
    `[0:v]format=rgb24,crop={W}:{H}:x='(iw-{W})*(0.5+0.45*${sway})':y='(ih-{H})*0.5'[bg]`,
    // Light sweep over the product only: the band over the layer, then the layer's own alpha again.
    `[1:v]format=rgba,split[pa][pb]`,
    `[pb]alphaextract[mask]`,
    `[pa][2:v]overlay=x='-w+(main_w+w)*(2*t/{D}-0.5)':y=0:eval=frame:format=rgb[lit]`,
    `[lit][mask]alphamerge,format=rgba,` +
      `perspective=x0='${turn(1)}':y0=0:x1='W-${turn(-1)}':y1=0:x2='${turn(1)}':y2=H:x3='W-${turn(-1)}':y3=H:sense=destination:eval=frame[ps]`,
    // Its shadows and reflection move with it; the product stands on the surface (its base fixed) and
    // drifts a little against the backdrop.
    `[bg][3:v]overlay=x='-{W}*0.015*${sway}':y=0:eval=frame:format=rgb[sh]`,
    `[sh][ps]overlay=x='${(cx - layerW / 2).toFixed(1)}-{W}*0.015*${sway}':y='${base - layerH + marginY}':eval=frame:format=rgb,${TO_YUV}[v]`,
  ].join(';');
  return {
    inputs: [join(dir, 'bg.png'), join(dir, 'p.png'), join(dir, 'band.png'), join(dir, 'shade.png')],
    filter,
    loop: true,
  };
}

async function photoGraph(input: StudioVideoInput, dir: string): Promise<VideoPaint> {
  const out = videoSize(input.aspectRatio, input.maxSide);
  // Twice the output size: zoompan moves in whole pixels, so oversampling halves every step.
  const still = { width: out.width * 2, height: out.height * 2 };
  const oriented = await sharp(input.imageBytes, { limitInputPixels: 60_000_000 }).rotate().toColourspace('srgb').removeAlpha().toBuffer();
  // Backdrop: the same photo covering the frame, blurred and a little darker, so no band is empty.
  const backdrop = await sharp(oriented)
    .resize(Math.round(still.width / 4), Math.round(still.height / 4), { fit: 'cover' })
    .blur(12)
    .linear(0.7, 10)
    .resize(still.width, still.height, { kernel: 'linear' })
    .toBuffer();
  // The photo itself, whole and sharp, contained in 94% of the frame.
  const photo = await sharp(oriented)
    .resize(Math.round(still.width * 0.94), Math.round(still.height * 0.94), { fit: 'inside' })
    .toBuffer();
  const frame = await sharp(backdrop)
    .composite([{ input: photo, gravity: 'centre' }])
    .png({ compressionLevel: 0 })
    .toBuffer();
  await writeFile(join(dir, 'still.png'), frame);
  const ease = `(on/{L})*(on/{L})*(3-2*(on/{L}))`;
  const zoompan = [
    `z='1.0+0.1*${ease}'`,
    `x='(iw-iw/zoom)*(0.35+0.3*${ease})'`,
    `y='(ih-ih/zoom)*0.5'`,
    `d={N}`,
    `s={W}x{H}`,
    `fps=${VIDEO_FPS}`,
  ].join(':');
  const filter = `[0:v]format=rgb24,${TO_YUV},zoompan=${zoompan}[v]`;
  return { inputs: [join(dir, 'still.png')], filter, loop: false };
}

/**
 * The light sweep: white with a soft bell of opacity across the band (peak 0.3), slightly slanted,
 * and fully transparent at both edges so the band never shows its own border.
 */
function sweepBand(width: number, height: number): Buffer {
  const px = Buffer.alloc(width * height * 4, 255);
  const sigma = width * 0.14;
  for (let y = 0; y < height; y++) {
    const centre = width / 2 + (y / height - 0.5) * width * 0.25;
    for (let x = 0; x < width; x++) {
      const d = (x - centre) / sigma;
      const edge = Math.min(x, width - 1 - x) / (width * 0.1);
      px[(y * width + x) * 4 + 3] = Math.round(255 * 0.3 * Math.exp(-d * d) * Math.min(1, edge));
    }
  }
  return px;
}
