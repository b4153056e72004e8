import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { StudioPool } from '../server/studio/pool';

/**
 * Studio figures (issue 11 (docs/history.md)): cut-out time and peak memory per real photo, and
 * the 4 images from a 12 MP photo after its cut-out. One pool thread, as the
 * preview runs; peak memory is the process RSS (the thread lives in it),
 * sampled every 10 ms while the task runs.
 */
export type StudioBench = {
  machine: { cpus: number; loadAvg1m: number };
  /** Loading OpenCV.js + TF.js + NanoDet in a fresh thread, with the first cut-out. */
  coldFirstCutoutMs: number;
  cutouts: Array<{ photo: string; size: string; ok: boolean; reason: string | null; ms: number; peakRssMb: number }>;
  photo12mp: {
    size: string;
    cutoutMs: number;
    cutoutPeakRssMb: number;
    ok: boolean;
    /** The first render on the thread (its code not yet warm). */
    imagesMs: number;
    /** The promise of issue 23 (docs/history.md): the four images again, warm, under 3 s on this machine. */
    imagesWarmMs: number;
    /** The 1-minute load average when the warm render ended (the machine is shared). */
    imagesLoadAvg1m: number;
    imagesPeakRssMb: number;
    outputs: string[];
  };
};

/** One seller: these figures are of the studio alone, not of its turn-taking. */
const BENCH = { owner: 'bench' };

const photos = fileURLToPath(new URL('../tests/fixtures/photos/', import.meta.url));

async function measured<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; peakRssMb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const t = performance.now();
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, ms: Math.round(performance.now() - t), peakRssMb: Math.round(peak / 1e6) };
  } finally {
    clearInterval(timer);
  }
}

export async function benchStudio(): Promise<StudioBench> {
  const pool = new StudioPool(1);
  try {
    const coffee = readFileSync(join(photos, 'coffee.jpg'));
    const cold = await measured(() => pool.run({ kind: 'cutout', bytes: coffee, hints: {} }, BENCH));
    const cutouts: StudioBench['cutouts'] = [];
    for (const name of ['coffee', 'rocket', 'chelsea']) {
      const bytes = readFileSync(join(photos, `${name}.jpg`));
      const r = await measured(() => pool.run({ kind: 'cutout', bytes, hints: {} }, BENCH));
      cutouts.push({
        photo: name,
        size: `${r.value.width}x${r.value.height}`,
        ok: r.value.ok,
        reason: r.value.ok ? null : r.value.reasons.join(', '),
        ms: r.ms,
        peakRssMb: r.peakRssMb,
      });
    }
    // A 12 MP photo: the café photo enlarged to 4240x2827 (the phone-camera size the uploads allow).
    const big = await sharp(coffee).resize(4240, 2827, { kernel: 'lanczos3' }).jpeg({ quality: 90 }).toBuffer();
    const cut = await measured(() => pool.run({ kind: 'cutout', bytes: big, hints: {} }, BENCH));
    const png = cut.value.ok ? Buffer.from(cut.value.png) : null;
    const render = () =>
      pool.run({ kind: 'images', input: { imageBytes: big, cutoutPng: png, prompt: 'beyaz mermer mutfak tezgahı, aydınlık' } }, BENCH);
    const images = await measured(render);
    const warm = await measured(render);
    const imagesLoadAvg1m = Number(loadavg()[0]!.toFixed(2));
    return {
      machine: { cpus: cpus().length, loadAvg1m: Number(loadavg()[0]!.toFixed(2)) },
      coldFirstCutoutMs: cold.ms,
      cutouts,
      photo12mp: {
        size: `${cut.value.width}x${cut.value.height}`,
        cutoutMs: cut.ms,
        cutoutPeakRssMb: cut.peakRssMb,
        ok: cut.value.ok,
        imagesMs: images.ms,
        imagesWarmMs: warm.ms,
        imagesLoadAvg1m,
        imagesPeakRssMb: Math.max(images.peakRssMb, warm.peakRssMb),
        outputs: images.value.map((o) => `${o.width}x${o.height}`),
      },
    };
  } finally {
    await pool.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchStudio(), null, 2));
}
