import { loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { cutOut, type CutoutHints, type CutoutResult, type Point } from '../server/studio/cutout';
import { loadDetector, loadOpenCv } from '../server/studio/wasm';
import { TRUTH_PHOTOS, correctiveClicks, iou, loadTruth, maskOfPng } from '../tests/studio/truth';

/**
 * The cut-out against the ground-truth masks (tests/fixtures/ground-truth): per photo, the IoU and
 * the gate's verdict of the automatic cut-out, of a box (the product's box grown 3%), and of that box
 * plus two rounds of up to 15 simulated corrective keep/remove clicks each (placed on the largest
 * wrong regions, tests/studio/truth.ts). Timings: every guided run is a refinement round (p95), and
 * the first cut-out of a 12 MP photo (the café photo enlarged to 4240×2827), warm, three times. In this process, on the event loop (one thread, as a
 * pool thread runs it). The IoU of an untrusted cut-out is that of the mask the gate judged.
 */
export type TruthRow = {
  photo: string;
  auto: { iou: number; verdict: string };
  box: { iou: number; verdict: string };
  clicks: { iou: number; verdict: string; clicks: number };
};
export type TruthBench = {
  rows: TruthRow[];
  refinementMs: { p50: number; p95: number; n: number };
  /** Three cut-outs of a 12 MP photo in a warm process (models loaded, nothing of the photo cached): wall and CPU time. */
  first12mp: { wallMs: number[]; cpuMs: number[] };
  loadAvg1m: number;
};

async function judged(r: CutoutResult, w: number, h: number): Promise<{ mask: Uint8Array; verdict: string }> {
  const png = r.ok ? r.png : r.maskPng;
  const mask = png ? await maskOfPng(png, w, h) : new Uint8Array(w * h);
  const g = r.figures;
  const figures =
    g && process.env.GATE_FIGURES
      ? ` [hole ${g.holeShare.toFixed(3)} straight ${g.straightRun.toFixed(2)} span ${g.boxSpan.toFixed(2)} fill ${g.boxFill.toFixed(2)} bg ${g.boxBackground.toFixed(2)} miss ${g.missingShare.toFixed(3)} edge ${g.edgeRatio.toFixed(2)}]`
      : '';
  return { mask, verdict: (r.ok ? 'accepted' : `untrusted (${r.reasons.join(', ')})`) + figures };
}

export async function benchCutoutTruth(): Promise<TruthBench> {
  await Promise.all([loadOpenCv(), loadDetector()]);
  const refinements: number[] = [];
  const rows: TruthRow[] = [];
  const timed = async (bytes: Buffer, hints: CutoutHints) => {
    const t = performance.now();
    const r = await cutOut(bytes, hints);
    refinements.push(performance.now() - t);
    return r;
  };
  for (const name of TRUTH_PHOTOS) {
    const t = await loadTruth(name);
    const auto = await judged(await cutOut(t.photo), t.width, t.height);
    const boxed = await judged(await timed(t.photo, { subject: t.box }), t.width, t.height);
    const keep: Point[] = [];
    const remove: Point[] = [];
    let last = boxed;
    for (let round = 0; round < 2; round++) {
      const c = correctiveClicks(t.mask, last.mask, t.width, t.height, 15);
      keep.push(...c.keep);
      remove.push(...c.remove);
      last = await judged(await timed(t.photo, { subject: t.box, keep, remove }), t.width, t.height);
    }
    rows.push({
      photo: `${name} (${t.width}×${t.height})`,
      auto: { iou: iou(t.mask, auto.mask), verdict: auto.verdict },
      box: { iou: iou(t.mask, boxed.mask), verdict: boxed.verdict },
      clicks: { iou: iou(t.mask, last.mask), verdict: last.verdict, clicks: keep.length + remove.length },
    });
  }
  const sorted = [...refinements].sort((a, b) => a - b);
  const pick = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);

  const coffee = (await loadTruth('coffee')).photo;
  const big = await sharp(coffee).resize(4240, 2827, { kernel: 'lanczos3' }).jpeg({ quality: 90 }).toBuffer();
  const first12mp = { wallMs: [] as number[], cpuMs: [] as number[] };
  for (let k = 0; k < 3; k++) {
    const cpu = process.cpuUsage();
    const t12 = performance.now();
    const r = await cutOut(big);
    if (!r.ok) throw new Error('the 12 MP café photo should cut out');
    first12mp.wallMs.push(Math.round(performance.now() - t12));
    const used = process.cpuUsage(cpu);
    // CPU time of every thread (libvips decodes and encodes in its own): what load on the machine does not inflate.
    first12mp.cpuMs.push(Math.round((used.user + used.system) / 1000));
  }
  return {
    rows,
    refinementMs: { p50: pick(0.5), p95: pick(0.95), n: sorted.length },
    first12mp,
    loadAvg1m: Math.round(loadavg()[0]! * 10) / 10,
  };
}

export function printTruth(b: TruthBench): void {
  const f = (v: number) => v.toFixed(3);
  console.log('| photo | automatic: IoU, verdict | box: IoU, verdict | box + 2 rounds of clicks: IoU, verdict (clicks) |');
  console.log('| --- | --- | --- | --- |');
  for (const r of b.rows) {
    console.log(
      `| ${r.photo} | ${f(r.auto.iou)}, ${r.auto.verdict} | ${f(r.box.iou)}, ${r.box.verdict} | ${f(r.clicks.iou)}, ${r.clicks.verdict} (${r.clicks.clicks}) |`,
    );
  }
  console.log(
    `Guided run (a refinement round, full re-run): p50 ${b.refinementMs.p50} ms, p95 ${b.refinementMs.p95} ms over ${b.refinementMs.n}; first cut-out of a 12 MP photo, warm: ${b.first12mp.wallMs.join(' / ')} ms (CPU ${b.first12mp.cpuMs.join(' / ')} ms) (load ${b.loadAvg1m})`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href || process.argv[1] === fileURLToPath(import.meta.url)) {
  printTruth(await benchCutoutTruth());
}
