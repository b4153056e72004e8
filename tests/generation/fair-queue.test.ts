import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshDatabase } from '../helpers/db';
import { productPhoto, userWithUpload } from '../helpers/fixtures';
import { createGeneration } from '../../server/services/generations';
import { LocalEventBus } from '../../server/events/bus';
import { GenerationWorker } from '../../server/jobs/worker';
import { claimJob, completeJob } from '../../server/jobs/queue';
import { LocalFileStorage, type Storage } from '../../server/providers/storage';
import { openDatabase, type DbHandle } from '../../server/db';
import { readEnv } from '../../server/env';
import { startServer, type RunningServer } from '../../server/index';
import { storageFromEnv } from '../../server/runtime';
import type { AiProvider, AiRequest, ImageJobInput, ProviderOutput } from '../../server/providers/ai';
import { waitFor } from '../helpers/wait';

/** The job queue takes sellers in turn, with a cap per seller that holds across processes. */
let h: DbHandle & { url?: string };
let filesDir: string;
let storage: LocalFileStorage;
let photo: Buffer;
const bus = new LocalEventBus();
beforeAll(async () => {
  h = await freshDatabase();
  filesDir = mkdtempSync(path.join(tmpdir(), 'vitrin-fair-queue-'));
  storage = new LocalFileStorage(filesDir);
  photo = await productPhoto(320, 240);
});
afterAll(async () => {
  await h.close();
  rmSync(filesDir, { recursive: true, force: true });
});
beforeEach(async () => {
  // Each test starts with an empty queue.
  await h.db
    .updateTable('generations')
    .set({ status: 'failed', refunded_at: new Date(), lease_owner: null })
    .where('status', 'in', ['queued', 'processing'])
    .execute();
});

/** A seller with `count` image runs queued, in order, on the photo in `into`. */
async function seller(count: number, into: Storage = storage) {
  const { user, uploadId, storageKey } = await userWithUpload(h.db);
  await into.put(storageKey, photo, 'image/jpeg');
  const ids: string[] = [];
  for (let i = 0; i < count; i++)
    ids.push((await createGeneration({ db: h.db, bus }, user.id, { type: 'image', uploadId, prompt: 'beyaz fon' })).id);
  return { userId: user.id, ids };
}

const at = (s: number) => new Date(Date.now() + s * 1000);

test("a seller's batch does not take every worker: the next claim goes to another seller", async () => {
  const a = await seller(5);
  const b = await seller(1);
  const c = await seller(1);
  const first = await claimJob(h.db, 'w1', 60_000, at(0), 1);
  expect(first?.id).toBe(a.ids[0]);
  // A is at its cap of one; B and C, never served, come next, then nobody is left under the cap.
  const next = [await claimJob(h.db, 'w2', 60_000, at(1), 1), await claimJob(h.db, 'w3', 60_000, at(2), 1)];
  expect(next.map((g) => g?.user_id).sort()).toEqual([b.userId, c.userId].sort());
  expect(await claimJob(h.db, 'w4', 60_000, at(3), 1)).toBeNull();
  // With a cap of two, A's second job is claimable, in A's own order.
  expect((await claimJob(h.db, 'w4', 60_000, at(4), 2))?.id).toBe(a.ids[1]);
});

test('one worker alone takes the sellers in turn, each seller in its own order', async () => {
  const a = await seller(3);
  const b = await seller(2);
  const order: string[] = [];
  for (let i = 0; i < 5; i++) {
    const job = await claimJob(h.db, 'solo', 60_000, at(i), 1);
    if (!job) break;
    order.push(job.id);
    await completeJob(h.db, job.id, 'solo', []);
  }
  // Before: A's three, then B's two (oldest first for everyone).
  expect(order).toEqual([a.ids[0], b.ids[0], a.ids[1], b.ids[1], a.ids[2]]);
});

test("the worker passes the seller's id with the run, so the studio can take sellers in turn", async () => {
  const a = await seller(1);
  const seen: Array<string | undefined> = [];
  const provider: AiProvider = {
    name: 'local',
    async submitImage(input: ImageJobInput) {
      seen.push(input.owner);
      return { requestId: 'r1' };
    },
    async submitVideo() {
      return { requestId: 'v1' };
    },
    async waitForResult() {
      return outputs();
    },
  };
  const worker = new GenerationWorker({ db: h.db, bus, storage, provider }, { concurrency: 1 });
  expect(await worker.runOnce()).toBe(true);
  expect(seen).toEqual([a.userId]);
});

function outputs(): ProviderOutput[] {
  return Array.from({ length: 4 }, () => ({ bytes: photo, mime: 'image/jpeg' as const, ext: 'jpg' as const }));
}

/**
 * Runs take 300 ms each; it records how many of each seller's runs were in the provider at once,
 * and when each run started and ended. One instance serves every process of the test.
 */
class SlowProvider implements AiProvider {
  readonly name = 'local' as const;
  private n = 0;
  private readonly inFlight = new Map<string, number>();
  readonly maxInFlight = new Map<string, number>();
  readonly runs: Array<{ owner: string; start: number; end: number }> = [];
  async submitImage(input: ImageJobInput) {
    return { requestId: `slow-${++this.n}-${input.owner}` };
  }
  async submitVideo(): Promise<{ requestId: string }> {
    throw new Error('not used');
  }
  async waitForResult(req: AiRequest) {
    const owner = req.requestId.split('-').slice(2).join('-');
    const n = (this.inFlight.get(owner) ?? 0) + 1;
    this.inFlight.set(owner, n);
    this.maxInFlight.set(owner, Math.max(n, this.maxInFlight.get(owner) ?? 0));
    const start = Date.now();
    await new Promise((r) => setTimeout(r, 300));
    this.inFlight.set(owner, this.inFlight.get(owner)! - 1);
    this.runs.push({ owner, start, end: Date.now() });
    return outputs();
  }
}

test('two web processes and a separate worker on one database: the cap and the turns hold across them', async () => {
  const provider = new SlowProvider();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vitrin-fair-procs-'));
  const env = (extra: Record<string, string> = {}) =>
    readEnv({
      PORT: '0',
      DATA_DIR: dataDir, // one storage, as the processes of one deployment share
      ADMIN_EMAIL: 'admin@test.local',
      ADMIN_PASSWORD: 'admin-secret-1',
      WORKER_CONCURRENCY: '2',
      WORKER_JOBS_PER_SELLER: '2',
      ...extra,
    } as NodeJS.ProcessEnv);
  // On PostgreSQL each "process" has its own connection pool; PGlite (one in-memory instance) is shared.
  const own = async () => (h.url ? openDatabase({ databaseUrl: h.url, poolSize: 5 }) : h);
  const handles = [await own(), await own(), await own()];
  const servers: RunningServer[] = [];
  let worker: GenerationWorker | undefined;
  try {
    // Every run is queued before any worker starts (a queued run wakes the workers of its process at once,
    // and A's first runs would be taken while B's is still being queued).
    const shared = storageFromEnv(env());
    const a = await seller(10, shared);
    const b = await seller(1, shared);
    for (const handle of handles.slice(0, 2)) servers.push(await startServer({ env: env(), handle, aiProvider: provider, log: () => {} }));
    worker = new GenerationWorker(
      { db: handles[2]!.db, bus: new LocalEventBus(), storage: shared, provider },
      { concurrency: 2, perSeller: 2, pollMs: 100 },
    );
    worker.start();
    const done = async () => {
      const rows = await h.db
        .selectFrom('generations')
        .select('status')
        .where('id', 'in', [...a.ids, ...b.ids])
        .execute();
      return rows.every((r) => r.status === 'completed');
    };
    await waitFor(done, { timeout: 30_000, what: 'every run to complete' });
    expect(await done()).toBe(true);
    // Six workers in three processes, yet A never had more than its two runs going at once.
    expect(provider.maxInFlight.get(a.userId)).toBe(2);
    // B's one run, queued after A's ten, did not wait for A's batch: it started with A's first round.
    const bRun = provider.runs.find((r) => r.owner === b.userId)!;
    const aStarts = provider.runs
      .filter((r) => r.owner === a.userId)
      .map((r) => r.start)
      .sort((x, y) => x - y);
    expect(bRun.start).toBeLessThan(aStarts[2]!);
  } finally {
    await worker?.stop();
    for (const s of servers) await s.close();
    for (const handle of handles) if (handle !== h) await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);
