import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { StudioPool } from '../server/studio/pool';
import type { CutoutHints } from '../server/studio/cutout';

/**
 * Fair share (issue 22 (docs/history.md)): seller B's one cut-out alone, then while seller A has 24 guided
 * cut-outs waiting, and while A has 20 image runs of a 12 MP photo waiting, on the real studio
 * pool as the server sizes it. For comparison, the same
 * with one queue for everyone (every task under one owner, no cap), which is how the pool
 * served them before.
 */
export type FairShareBench = {
  threads: number;
  cores: number;
  loadAvg1m: number;
  /** B's cut-out, warm threads, nothing else queued (median of three). */
  aloneMs: number;
  /** B's cut-out asked right after A's 24: sellers in turn. */
  behindMs: number;
  /** The same with one queue for everyone. */
  oneQueueMs: number;
  /** B's cut-out asked while A has 20 image runs of a 12 MP photo waiting (sellers in turn). */
  behind12mpMs: number;
};

const photos = fileURLToPath(new URL('../tests/fixtures/photos/', import.meta.url));

async function timed(work: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await work();
  return Math.round(performance.now() - t);
}

/** B's time behind A's 24 guided cut-outs on `pool`; A's remaining ones are dropped after. */
async function behindBatch(pool: StudioPool, owners: { a: string; b: string }, coffee: Buffer, rocket: Buffer): Promise<number> {
  const guided: CutoutHints = { subject: { x: 0.44, y: 0.27, width: 0.14, height: 0.68 }, remove: [{ x: 0.5, y: 0.93 }] };
  const batch = Array.from({ length: 24 }, () =>
    pool.run({ kind: 'cutout', bytes: rocket, hints: guided }, { owner: owners.a }).catch(() => null),
  );
  const ms = await timed(() => pool.run({ kind: 'cutout', bytes: coffee, hints: {} }, { owner: owners.b }));
  await pool.close();
  await Promise.all(batch);
  return ms;
}

export async function benchFairShare(): Promise<FairShareBench> {
  const coffee = readFileSync(join(photos, 'coffee.jpg'));
  const rocket = readFileSync(join(photos, 'rocket.jpg'));
  const warm = async (pool: StudioPool) => {
    // Every thread loads OpenCV.js and the detector once; a server that has served cut-outs has them.
    await Promise.all(
      Array.from({ length: pool.size }, (_, i) => pool.run({ kind: 'cutout', bytes: coffee, hints: {} }, { owner: `warm${i}` })),
    );
  };

  const fair = new StudioPool();
  await warm(fair);
  // The median of three: the machine may be shared, and one figure can catch a busy moment.
  const alone: number[] = [];
  for (let i = 0; i < 3; i++) alone.push(await timed(() => fair.run({ kind: 'cutout', bytes: coffee, hints: {} }, { owner: 'B' })));
  const aloneMs = alone.sort((x, y) => x - y)[1]!;
  const behindMs = await behindBatch(fair, { a: 'A', b: 'B' }, coffee, rocket);

  // A's batch of 20 photos at 12 MP: the café photo enlarged to 4240x2827, its cut-out, 20 image runs.
  const big = await sharp(coffee).resize(4240, 2827, { kernel: 'lanczos3' }).jpeg({ quality: 90 }).toBuffer();
  const batchPool = new StudioPool();
  await warm(batchPool);
  const cut = await batchPool.run({ kind: 'cutout', bytes: big, hints: {} }, { owner: 'A' });
  const input = { imageBytes: big, cutoutPng: cut.ok ? Buffer.from(cut.png) : null, prompt: 'beyaz mermer mutfak tezgahı, aydınlık' };
  const runs = Array.from({ length: 20 }, () => batchPool.run({ kind: 'images', input }, { owner: 'A' }).catch(() => null));
  const behind12mpMs = await timed(() => batchPool.run({ kind: 'cutout', bytes: coffee, hints: {} }, { owner: 'B' }));
  await batchPool.close();
  await Promise.all(runs);

  const oneQueue = new StudioPool(undefined, { perOwner: Number.MAX_SAFE_INTEGER });
  await warm(oneQueue);
  const oneQueueMs = await behindBatch(oneQueue, { a: 'everyone', b: 'everyone' }, coffee, rocket);

  return {
    threads: fair.size,
    cores: availableParallelism(),
    loadAvg1m: Number(loadavg()[0]!.toFixed(2)),
    aloneMs,
    behindMs,
    oneQueueMs,
    behind12mpMs,
  };
}

// `node --import tsx bench/fair-share.ts` runs this part alone.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchFairShare(), null, 2));
}
