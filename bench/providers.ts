import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { LocalStudioProvider } from '../server/providers/ai/local';
import type { AiProvider, ImageJobInput, VideoJobInput } from '../server/providers/ai/types';
import { productPhoto } from '../tests/providers/fixtures';

export type ProvidersBench = {
  machine: { cpus: number; loadAvg1m: number };
  /** 4 studio images from a 12 MP (4000x3000) photo: 4096x3072 JPEGs. */
  images12mp: { ms: number; outputs: Array<{ width: number; height: number; kb: number }> };
  /** One 5 s 1920x1080 MP4 with the default x264 preset. */
  video5s1080p: { ms: number; kb: number };
  /**
   * The longest event-loop stall (ms, `monitorEventLoopDelay`) while each render ran in this
   * process: the pixel work belongs on the studio pool, so only ffmpeg's output and the thread hops
   * should reach the loop. `videoCutout`: 1080p, 5 s, staged on the scene (the scene layers painted).
   */
  eventLoopMaxMs: { images12mp: number; video5s1080p: number; videoCutout: number };
};

/** Times the local studio provider end to end (submit + wait), as a worker would call it. */
export async function benchProviders(): Promise<ProvidersBench> {
  const provider: AiProvider = new LocalStudioProvider();
  const photo = await productPhoto(4000, 3000);

  const imageInput: ImageJobInput = { imageBytes: photo, mime: 'image/jpeg', prompt: 'stüdyo', numImages: 4 };
  let t = performance.now();
  const [images, imagesLoopMs] = await loopMax(() => run(provider, 'image', imageInput));
  const imagesMs = performance.now() - t;
  const outputs = await Promise.all(
    images.map(async (o) => {
      const m = await sharp(o.bytes).metadata();
      return { width: m.width ?? 0, height: m.height ?? 0, kb: Math.round(o.bytes.length / 1024) };
    }),
  );

  const videoInput: VideoJobInput = {
    imageBytes: photo,
    mime: 'image/jpeg',
    prompt: '',
    duration: 5,
    aspectRatio: '16:9',
    resolution: '1080p',
  };
  t = performance.now();
  const [[video], videoLoopMs] = await loopMax(() => run(provider, 'video', videoInput));
  const videoMs = performance.now() - t;
  // The same photo staged on the prompt's scene: an oval cut-out (the layers' cost does not depend on its shape).
  const oval = await sharp(
    Buffer.from(`<svg width="4000" height="3000"><ellipse cx="2000" cy="1600" rx="700" ry="1000" fill="#fff"/></svg>`),
  )
    .extractChannel(3)
    .toBuffer();
  const cutoutPng = await sharp(photo).joinChannel(oval).png().toBuffer();
  const [, videoCutoutLoopMs] = await loopMax(() =>
    run(provider, 'video', { ...videoInput, cutoutPng, prompt: 'beyaz mermer, sıcak ışık' }),
  );

  return {
    machine: { cpus: cpus().length, loadAvg1m: Number(loadavg()[0]!.toFixed(2)) },
    images12mp: { ms: Math.round(imagesMs), outputs },
    video5s1080p: { ms: Math.round(videoMs), kb: Math.round(video!.bytes.length / 1024) },
    eventLoopMaxMs: { images12mp: imagesLoopMs, video5s1080p: videoLoopMs, videoCutout: videoCutoutLoopMs },
  };
}

/** `work`'s value and the longest event-loop stall while it ran (ms). */
async function loopMax<T>(work: () => Promise<T>): Promise<[T, number]> {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  try {
    const value = await work();
    return [value, Math.round(h.max / 1e6)];
  } finally {
    h.disable();
  }
}

async function run(provider: AiProvider, kind: 'image' | 'video', input: ImageJobInput | VideoJobInput) {
  if (kind === 'image') {
    const { requestId } = await provider.submitImage(input as ImageJobInput);
    return provider.waitForResult({ kind, requestId, loadInput: async () => input as ImageJobInput });
  }
  const { requestId } = await provider.submitVideo(input as VideoJobInput);
  return provider.waitForResult({ kind, requestId, loadInput: async () => input as VideoJobInput });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchProviders(), null, 2));
}
