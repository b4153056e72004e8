import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../../server/providers/ai/errors';
import { LocalStudioProvider } from '../../server/providers/ai/local';
import { ffmpegPath } from '../../server/studio/ffmpeg';
import { StudioPool } from '../../server/studio/pool';
import type { StudioTask } from '../../server/studio/pool-tasks';
import { sceneAspect } from '../../server/studio/images';
import { honestSceneCanvas, placeScene } from '../../server/studio/scene-render';
import { planStyle, sceneSetups } from '../../server/studio/scene-style';
import { loadProduct } from '../../server/studio/product';
import type { ImageJobInput, ProviderOutput, VideoJobInput } from '../../server/providers/ai/types';
import { busyPhoto, productPhoto } from './fixtures';
import { providerInput } from '../../server/jobs/worker';
import { TEST_OUTPUT_MAX } from '../../server/services/api-test-mode';
import type { Generation } from '../../server/db/types';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let dir: string;
let photo: Buffer;
let smallPhoto: Buffer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vitrin-local-test-'));
  photo = await productPhoto(1600, 1200);
  smallPhoto = await productPhoto(800, 600);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** ffmpeg-installer ships no ffprobe; `ffmpeg -i` prints the same facts on stderr. */
async function probe(bytes: Buffer) {
  const file = join(dir, `${sha(bytes).slice(0, 8)}.mp4`);
  await writeFile(file, bytes);
  const out = spawnSync(await ffmpegPath(), ['-hide_banner', '-i', file], { encoding: 'utf8' }).stderr;
  const d = /Duration: (\d+):(\d+):([\d.]+)/.exec(out);
  const stream = /Stream #0:0.*Video: (\w+).*?, (\w+)(?:\([^)]*\))?, (\d+)x(\d+)/.exec(out);
  const fps = /, ([\d.]+) fps/.exec(out);
  return {
    seconds: d ? Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]) : NaN,
    codec: stream?.[1],
    pixFmt: stream?.[2],
    width: Number(stream?.[3]),
    height: Number(stream?.[4]),
    fps: Number(fps?.[1]),
  };
}

function expectRising(progress: number[]) {
  expect(progress.length).toBeGreaterThan(2);
  for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThan(progress[i - 1]!);
  expect(progress.at(-1)).toBe(100);
}

describe('LocalStudioProvider images', () => {
  const input = (): ImageJobInput => ({ imageBytes: photo, mime: 'image/jpeg', prompt: 'stüdyo çekimi', numImages: 4 });
  let first: ProviderOutput[] = [];
  let firstId = '';

  // Issue 11 (docs/history.md) changed the sizes on purpose: no fixed 2048/4096 canvas any more, each output is as
  // large as the product allows without more than 2x upscaling, and says its real size.
  it('makes 4 distinct studio JPEGs at honest sizes (each reports its real pixel size, at most 4096)', async () => {
    const provider = new LocalStudioProvider();
    const { requestId } = await provider.submitImage(input());
    expect(requestId).toMatch(/^local:image:/);
    const progress: number[] = [];
    first = await provider.waitForResult(
      { kind: 'image', requestId, loadInput: async () => input() },
      { onProgress: (p) => progress.push(p) },
    );
    firstId = requestId;

    expect(first).toHaveLength(4);
    for (const out of first) {
      expect(out).toMatchObject({ mime: 'image/jpeg', ext: 'jpg' });
      expect([...out.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      const meta = await sharp(out.bytes).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: out.width, height: out.height });
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(4096);
    }
    expect(new Set(first.map((o) => sha(o.bytes))).size).toBe(4);
    expectRising(progress);
  });

  it('after a restart, an unknown id is rendered again from its input, with the same pictures', async () => {
    const revived = new LocalStudioProvider();
    let loads = 0;
    const again = await revived.waitForResult({
      kind: 'image',
      requestId: firstId,
      loadInput: async () => {
        loads++;
        return input();
      },
    });
    expect(loads).toBe(1);
    expect(again.map((o) => sha(o.bytes))).toEqual(first.map((o) => sha(o.bytes)));
  });

  it('an undecodable photo is invalid_input and not retryable', async () => {
    const provider = new LocalStudioProvider();
    const bad = { ...input(), imageBytes: Buffer.from('not an image at all') };
    const { requestId } = await provider.submitImage(bad);
    const err = await provider.waitForResult({ kind: 'image', requestId, loadInput: async () => bad }).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ kind: 'invalid_input', retryable: false });
    expect(provider.inMemoryRequests).toBe(0); // failed renders are forgotten, so a retry starts clean
  });
});

describe('LocalStudioProvider video', () => {
  // ultrafast only to spare the shared 2-core test machine; the default (veryfast) is timed by bench/providers.ts.
  const videoOptions = { videoPreset: 'ultrafast' };
  const input = (aspectRatio: VideoJobInput['aspectRatio']): VideoJobInput => ({
    imageBytes: smallPhoto,
    mime: 'image/jpeg',
    prompt: '',
    duration: 5,
    aspectRatio,
    resolution: '1080p',
  });

  it('renders a 5 s 16:9 H.264 MP4 at 1920x1080 and reports progress up to 100', async () => {
    const provider = new LocalStudioProvider(videoOptions);
    const { requestId } = await provider.submitVideo(input('16:9'));
    const progress: number[] = [];
    const outputs = await provider.waitForResult(
      { kind: 'video', requestId, loadInput: async () => input('16:9') },
      { onProgress: (p) => progress.push(p) },
    );
    expect(outputs).toHaveLength(1);
    const video = outputs[0]!;
    expect(video).toMatchObject({ mime: 'video/mp4', ext: 'mp4' });
    expect(video.bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const info = await probe(video.bytes);
    expect(info).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', width: 1920, height: 1080, fps: 30 });
    expect(info.seconds).toBeGreaterThan(4.9);
    expect(info.seconds).toBeLessThan(5.2);
    expectRising(progress);
    // ffmpeg's own progress lines arrived, not just start and end.
    expect(progress.filter((p) => p > 8 && p < 100).length).toBeGreaterThan(1);
    // +faststart: the moov index comes before the media data.
    expect(video.bytes.indexOf('moov')).toBeLessThan(video.bytes.indexOf('mdat'));
  });

  it("a test key's run (maxSide 512) is rendered at 288x512, not at 1080p and shrunk afterwards", async () => {
    const provider = new LocalStudioProvider(videoOptions);
    const small = { ...input('9:16'), maxSide: 512 };
    const { requestId } = await provider.submitVideo(small);
    const [video] = await provider.waitForResult({ kind: 'video', requestId, loadInput: async () => small });
    expect([video!.width, video!.height]).toEqual([288, 512]);
    expect(await probe(video!.bytes)).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', width: 288, height: 512, fps: 30 });
  });

  it('the worker asks for that size for a test run only', () => {
    const parameters = { prompt: '', duration: 5, aspectRatio: '16:9', resolution: '1080p' };
    const job = { id: 'g', user_id: 'u', type: 'video', parameters } as unknown as Generation;
    const photo = { bytes: Buffer.from('x'), mime: 'image/jpeg' };
    const live = providerInput({ ...job, livemode: true }, photo, undefined).input as VideoJobInput;
    const test = providerInput({ ...job, livemode: false }, photo, undefined).input as VideoJobInput;
    expect([live.maxSide, test.maxSide]).toEqual([undefined, TEST_OUTPUT_MAX]);
  });

  it('9:16 is 1080x1920; an aborted wait leaves the render running for the next waiter', async () => {
    const provider = new LocalStudioProvider(videoOptions);
    const { requestId } = await provider.submitVideo(input('9:16'));
    const request = {
      kind: 'video' as const,
      requestId,
      loadInput: async (): Promise<VideoJobInput> => {
        throw new Error('the render is still in memory; no re-run expected');
      },
    };
    const controller = new AbortController();
    const aborted = provider.waitForResult(request, {
      signal: controller.signal,
      onProgress: (p) => p >= 8 && controller.abort(new Error('lease lost')),
    });
    await expect(aborted).rejects.toThrow('lease lost');

    const video = (await provider.waitForResult(request))[0]!;
    const info = await probe(video.bytes);
    expect(info).toMatchObject({ width: 1080, height: 1920, codec: 'h264' });
    expect(info.seconds).toBeGreaterThan(4.9);
  });

  it("paints a staged video's layers on the studio pool in the seller's turn; ffmpeg encodes them", async () => {
    // Painting the scene's layers held the event loop 200-585 ms when it ran on the calling thread.
    class WatchedPool extends StudioPool {
      readonly tasks: Array<{ kind: string; owner: string }> = [];
      override run<T extends StudioTask>(task: T, opts: Parameters<StudioPool['run']>[1]) {
        this.tasks.push({ kind: task.kind, owner: opts.owner });
        return super.run(task, opts);
      }
    }
    const pool = new WatchedPool(1);
    try {
      const oval = await sharp(
        Buffer.from('<svg width="800" height="600"><ellipse cx="400" cy="330" rx="150" ry="220" fill="#fff"/></svg>'),
      )
        .extractChannel(3)
        .toBuffer();
      const cutoutPng = await sharp(smallPhoto).joinChannel(oval).png().toBuffer();
      // At 512 px: where the painting runs is the subject here (the 1080p render is the tests above).
      const staged: VideoJobInput = { ...input('16:9'), cutoutPng, prompt: 'beyaz mermer', owner: 'seller-a', maxSide: 512 };
      const provider = new LocalStudioProvider({ ...videoOptions, pool });
      const { requestId } = await provider.submitVideo(staged);
      const [video] = await provider.waitForResult({ kind: 'video', requestId, loadInput: async () => staged });
      expect(pool.tasks).toEqual([{ kind: 'video-paint', owner: 'seller-a' }]);
      const info = await probe(video!.bytes);
      expect(info).toMatchObject({ codec: 'h264', width: 512, height: 288, fps: 30 });
      expect(info.seconds).toBeGreaterThan(4.9);
    } finally {
      await pool.close();
    }
    // A new pool thread loads OpenCV.js and TF.js first: on a busy 2-core machine that alone can take 20 s.
  }, 120_000);

  it('refuses durations outside 5-10 s and other aspect ratios before rendering', async () => {
    const provider = new LocalStudioProvider();
    for (const bad of [{ duration: 4 }, { duration: 11 }, { duration: 5.5 }, { aspectRatio: '1:1' }]) {
      const err = await provider.submitVideo({ ...input('16:9'), ...(bad as Partial<VideoJobInput>) }).catch((e) => e);
      expect(err).toMatchObject({ kind: 'invalid_input', retryable: false });
    }
    expect(provider.inMemoryRequests).toBe(0);
  });
});

describe('studio helpers', () => {
  it('sizes: never more than 2x upscaling of the product, at most 4096; canvas keeps the photo shape', () => {
    const product = { rgb: Buffer.alloc(0), alpha: null, width: 600, height: 400, sourceAspect: 1.5, sourceLongSide: 600 };
    const style = planStyle('stüdyo çekimi');
    const [hero] = sceneSetups(style);
    const canvas = honestSceneCanvas(product, style, hero, 'side', sceneAspect(1.5));
    // The product is drawn at most 2x its own pixels, and not much less (the canvas is as large as that allows).
    const drawn = placeScene(product, style, hero, 'side', canvas).width / product.width;
    expect(drawn).toBeLessThanOrEqual(2.01);
    expect(drawn).toBeGreaterThan(1.9);
    expect(canvas.width / canvas.height).toBeCloseTo(1.5, 2);
    const big = { ...product, width: 4000, height: 3000, sourceAspect: 4 / 3, sourceLongSide: 4000 };
    expect(honestSceneCanvas(big, style, hero, 'side', sceneAspect(4 / 3))).toEqual({ width: 4096, height: 3072 });
    expect(sceneAspect(9 / 21)).toBe(3 / 4); // clamped to 3:4
    expect(sceneAspect(3)).toBe(16 / 9);
  });

  it('cuts the product out of a plain background, but keeps a busy photo whole', async () => {
    const plain = await loadProduct(photo);
    expect(plain.alpha).not.toBeNull();
    expect(plain.width).toBeLessThan(1600); // cropped to the product
    const busy = await loadProduct(await busyPhoto(400, 300));
    expect(busy.alpha).toBeNull();
    expect(busy).toMatchObject({ width: 400, height: 300 });
    // A PNG with real transparency is its own mask, cropped to the opaque part.
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><circle cx="200" cy="150" r="80" fill="#c33"/></svg>';
    const cutout = await loadProduct(await sharp(Buffer.from(svg)).png().toBuffer());
    expect(cutout.alpha).not.toBeNull();
    expect(cutout.width).toBeLessThan(200);
  });
});
