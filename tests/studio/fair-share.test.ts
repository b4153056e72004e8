import { afterAll, beforeAll, expect, test } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshDatabase } from '../helpers/db';
import { productPhoto, userWithUpload } from '../helpers/fixtures';
import { StudioPool } from '../../server/studio/pool';
import { LocalFileStorage } from '../../server/providers/storage';
import { runCutout } from '../../server/services/studio';
import type { DbHandle } from '../../server/db';
import { waitFor } from '../helpers/wait';

/**
 * The studio's fair share, on a stand-in thread whose every task takes a fixed 400 ms (no
 * OpenCV, no CPU), so the timings do not depend on how busy the machine is.
 */
process.env.FAKE_STUDIO_MS = '400';
const fakeWorker = new URL('./fake-pool-worker.mjs', import.meta.url);

type Ran = { tag: number; startedAt: number; endedAt: number };
const startOrder = (runs: Ran[]) => [...runs].sort((x, y) => x.startedAt - y.startedAt).map((r) => r.tag);
const cutout = (tag: number) => ({ kind: 'cutout' as const, bytes: Buffer.from([tag]), hints: {} });

let h: DbHandle;
let filesDir: string;
let storage: LocalFileStorage;
beforeAll(async () => {
  h = await freshDatabase();
  filesDir = mkdtempSync(path.join(tmpdir(), 'vitrin-fair-'));
  storage = new LocalFileStorage(filesDir);
});
afterAll(async () => {
  delete process.env.FAKE_STUDIO_MS;
  await h.close();
  rmSync(filesDir, { recursive: true, force: true });
});

async function sellerWithPhoto() {
  const { user, uploadId, storageKey } = await userWithUpload(h.db);
  await storage.put(storageKey, await productPhoto(64, 48), 'image/jpeg');
  return { userId: user.id, uploadId };
}

test("a seller's single cut-out does not wait behind another seller's 24 (studio.cutout's service, 2 threads)", async () => {
  const pool = new StudioPool(2, { workerUrl: fakeWorker });
  try {
    const a = await sellerWithPhoto();
    const b = await sellerWithPhoto();
    const timed = async (work: () => Promise<unknown>) => {
      const t = performance.now();
      await work();
      return performance.now() - t;
    };
    // Alone (threads already started, as on a server that has served a cut-out before).
    await runCutout({ db: h.db, storage, pool }, b.userId, { uploadId: b.uploadId });
    const alone = await timed(() => runCutout({ db: h.db, storage, pool }, b.userId, { uploadId: b.uploadId }));

    // Seller A asks for 24 guided cut-outs (well inside A's own rate limit), then B asks for one.
    const subject = { x: 0.1, y: 0.1, width: 0.8, height: 0.8 };
    // Those still waiting at the end are dropped by closing the pool.
    const batch = Array.from({ length: 24 }, () =>
      runCutout({ db: h.db, storage, pool }, a.userId, { uploadId: a.uploadId, subject }).catch(() => null),
    );
    while (pool.waiting < 20) await new Promise((r) => setTimeout(r, 10));
    const behind = await timed(() => runCutout({ db: h.db, storage, pool }, b.userId, { uploadId: b.uploadId }));

    // The promise: within 3x its time alone, or its time alone + 3 s, whichever is larger.
    // One queue for everyone made it wait for 12 of A's rounds of two (about 5 s).
    expect(behind).toBeLessThanOrEqual(Math.max(3 * alone, alone + 3000));
    expect(pool.waiting).toBeGreaterThan(10); // A's cut-outs were still queued: B did not just come last
    await pool.close();
    await Promise.all(batch);
  } finally {
    await pool.close();
  }
});

test("sellers are served in turn, each seller's own tasks in the order asked, at most one thread per seller of two while others wait", async () => {
  const pool = new StudioPool(2, { workerUrl: fakeWorker });
  try {
    const run = (owner: string, tag: number) => pool.run(cutout(tag), { owner }) as unknown as Promise<Ran>;
    // A asks for 6, then B for 3 and C for 1 while A's are waiting.
    const as = [1, 2, 3, 4, 5, 6].map((t) => run('A', t));
    const bs = [11, 12, 13].map((t) => run('B', t));
    const cs = [21].map((t) => run('C', t));
    const all = await Promise.all([...as, ...bs, ...cs]);
    const started = [...all].sort((x, y) => x.startedAt - y.startedAt || x.tag - y.tag).map((r) => r.tag);
    // A first (it came first), then turn by turn: A's two threads free together and go to B's first
    // and C's one, before A's third. (Which of those two threads reads its clock first is not
    // ordered on a busy machine, so their order between them is not asserted.)
    expect(started.slice(2, 4).sort((x, y) => x - y)).toEqual([11, 21]);
    // Each seller's tasks start in the order asked. Two of them may start together, one on each thread
    // (A's first two; A's last two once nobody else waits): their order is then one instant read off two
    // threads' clocks, so starts less than half a task (200 ms) apart may read either way round.
    const startOf = new Map(all.map((r) => [r.tag, r.startedAt]));
    for (const own of [
      [1, 2, 3, 4, 5, 6],
      [11, 12, 13],
    ]) {
      for (let i = 1; i < own.length; i++) {
        expect(startOf.get(own[i]!)!, `${own[i]} starts after ${own[i - 1]}`).toBeGreaterThan(startOf.get(own[i - 1]!)! - 200);
      }
    }
    // A was alone for its first two (both threads: nobody else waited yet); once B and C waited, A
    // never held both threads: its later tasks ran one after another.
    const aRuns = (await Promise.all(as)).sort((x, y) => x.startedAt - y.startedAt);
    expect(started.slice(0, 2).sort((x, y) => x - y)).toEqual([1, 2]);
    // Two of A's later tasks overlap only once every other seller's task has started (nobody waits);
    // a 400 ms margin either side, so no two threads' clocks are compared at the same instant.
    const othersLast = Math.max(...all.filter((r) => r.tag > 10).map((r) => r.startedAt));
    const later = aRuns.slice(2);
    expect(later[0]!.startedAt).toBeLessThan(othersLast); // A's third ran while others still waited
    for (const p of later)
      for (const q of later)
        if (p !== q && p.startedAt <= q.startedAt && q.startedAt < p.endedAt) expect(q.startedAt).toBeGreaterThanOrEqual(othersLast);
  } finally {
    await pool.close();
  }
});

test("a lone seller's task starts a second thread too, so the next seller's cut-out finds one started", async () => {
  const pool = new StudioPool(2, { workerUrl: fakeWorker });
  try {
    await pool.run(cutout(1), { owner: 'A' });
    expect(pool.started).toBe(2);
  } finally {
    await pool.close();
  }
});

test("a lone seller's batch uses every idle thread (work-conserving), and the next seller gets the first thread that frees", async () => {
  const pool = new StudioPool(2, { workerUrl: fakeWorker });
  try {
    const run = (owner: string, tag: number) => pool.run(cutout(tag), { owner }) as unknown as Promise<Ran>;
    const as = [1, 2, 3, 4].map((t) => run('A', t));
    // B comes while A's first two run and its last two wait.
    await waitFor(() => pool.waiting === 2, { what: "A's first two to start" });
    const b = run('B', 11);
    const aRuns = await Promise.all(as);
    // A's first two ran at once, on both threads (half the parallelism would have run them one after another).
    expect(aRuns[1]!.startedAt).toBeLessThan(aRuns[0]!.endedAt);
    // B's task took one of the two threads A's first two freed (they free together: which of B and A's
    // third reads its clock first is not ordered on a busy machine), not a thread after A's whole batch.
    expect((await b).startedAt).toBeLessThan(aRuns[3]!.startedAt);
  } finally {
    await pool.close();
  }
});

test("an editor round (interactive) goes ahead of the seller's own queued work, but not ahead of another seller", async () => {
  // One thread: the order the tasks start in is the order the pool gave them out (two threads would
  // race each other's clocks on a busy machine).
  const pool = new StudioPool(1, { workerUrl: fakeWorker });
  try {
    const run = (owner: string, tag: number, interactive = false) =>
      pool.run(cutout(tag), { owner, interactive }) as unknown as Promise<Ran>;
    // A alone: one render running, two waiting; A's round jumps both.
    const first = await Promise.all([run('A', 1), run('A', 2), run('A', 3), run('A', 4, true)]);
    expect(first.map((r) => r.tag)).toEqual([1, 2, 3, 4]);
    expect(startOrder(first)).toEqual([1, 4, 2, 3]);
    // A's render running, another and A's round waiting, then B asks: B's turn comes first, then
    // A's round, then A's render.
    const second = await Promise.all([run('A', 5), run('A', 6), run('A', 7, true), run('B', 8)]);
    expect(startOrder(second)).toEqual([5, 8, 7, 6]);
  } finally {
    await pool.close();
  }
});
