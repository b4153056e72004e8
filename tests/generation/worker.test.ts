import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshDatabase } from '../helpers/db';
import { balanceOf, ledgerSum, productPhoto, userWithUpload } from '../helpers/fixtures';
import { createGeneration } from '../../server/services/generations';
import { LocalEventBus, type AppEvent } from '../../server/events/bus';
import { GenerationWorker } from '../../server/jobs/worker';
import { claimJob, failJob } from '../../server/jobs/queue';
import { LocalFileStorage } from '../../server/providers/storage';
import { ProviderError, type AiProvider, type AiRequest, type ProviderOutput } from '../../server/providers/ai';
import { M } from '../../shared/messages';
import type { DbHandle } from '../../server/db';

let h: DbHandle;
let storage: LocalFileStorage;
let photo: Buffer;
beforeAll(async () => {
  h = await freshDatabase();
  storage = new LocalFileStorage(mkdtempSync(path.join(tmpdir(), 'vitrin-worker-')));
  photo = await productPhoto(640, 480);
});
afterAll(async () => {
  await h.close();
});

/**
 * A scripted provider for the worker's own logic (retries, refunds, resume). It counts
 * submits, so "not sent again" is observable; the real providers have their own tests.
 */
class ScriptedProvider implements AiProvider {
  readonly name = 'local' as const;
  submits = 0;
  waits: string[] = [];
  constructor(private readonly script: { submit?: () => void; wait?: (req: AiRequest) => Promise<ProviderOutput[]> }) {}
  async submitImage() {
    this.submits++;
    this.script.submit?.();
    return { requestId: `req-${this.submits}` };
  }
  async submitVideo() {
    this.submits++;
    this.script.submit?.();
    return { requestId: `req-${this.submits}` };
  }
  async waitForResult(req: AiRequest) {
    this.waits.push(req.requestId);
    if (this.script.wait) return this.script.wait(req);
    return Array.from({ length: 4 }, () => ({ bytes: photo, mime: 'image/jpeg' as const, ext: 'jpg' as const }));
  }
}

async function queuedImage() {
  const { user, uploadId, storageKey } = await userWithUpload(h.db);
  await storage.put(storageKey, photo, 'image/jpeg');
  const bus = new LocalEventBus();
  const { id } = await createGeneration({ db: h.db, bus }, user.id, {
    type: 'image',
    uploadId,
    prompt: 'beyaz fon',
  });
  return { user, id, bus };
}

beforeEach(async () => {
  // Each test starts with an empty queue so workers only see their own job.
  await h.db
    .updateTable('generations')
    .set({ status: 'failed', refunded_at: new Date() })
    .where('status', 'in', ['queued', 'processing'])
    .execute();
});

test('a completed job stores 4 outputs and thumbnails and publishes progress to the owner', async () => {
  const { user, id, bus } = await queuedImage();
  const events: AppEvent[] = [];
  const ac = new AbortController();
  void (async () => {
    for await (const e of bus.subscribe(ac.signal)) events.push(e);
  })();
  const worker = new GenerationWorker({ db: h.db, bus, storage, provider: new ScriptedProvider({}) }, { concurrency: 1 });
  expect(await worker.runOnce()).toBe(true);
  ac.abort();
  const g = await h.db.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  expect(g.status).toBe('completed');
  expect(g.progress).toBe(100);
  const outputs = g.outputs as { key: string; thumbKey: string }[];
  expect(outputs).toHaveLength(4);
  for (const o of outputs) {
    expect((await storage.get(o.key))?.contentType).toBe('image/jpeg');
    expect((await storage.get(o.thumbKey))?.contentType).toBe('image/webp');
  }
  expect(events.some((e) => e.type === 'generation.updated' && e.status === 'completed' && e.userId === user.id)).toBe(true);
  expect(await balanceOf(h.db, user.id)).toBe(9);
});

test('a provider failure marks the job failed with the catalogue text and refunds once', async () => {
  const { user, id, bus } = await queuedImage();
  const provider = new ScriptedProvider({
    wait: async () => {
      throw new ProviderError('api_key', { retryable: false });
    },
  });
  const worker = new GenerationWorker({ db: h.db, bus, storage, provider }, { concurrency: 1 });
  await worker.runOnce();
  const g = await h.db.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  expect(g.status).toBe('failed');
  expect(g.error_message).toBe('API anahtarı hatası. Lütfen sistem yöneticisi ile iletişime geçin.');
  expect(await balanceOf(h.db, user.id)).toBe(10);
  const refunds = await h.db
    .selectFrom('credit_transactions')
    .select('amount')
    .where('user_id', '=', user.id)
    .where('type', '=', 'refund')
    .execute();
  expect(refunds).toEqual([{ amount: 1 }]);
  expect(await ledgerSum(h.db, user.id)).toBe(10);
});

test('the failure path running twice at the same time refunds exactly once (docs/security.md property 4)', async () => {
  const { user, id } = await queuedImage();
  const results = await Promise.all([
    failJob(h.db, id, M.generation.unknown),
    failJob(h.db, id, M.generation.unknown),
    failJob(h.db, id, M.generation.unknown),
  ]);
  expect(results.filter(Boolean)).toHaveLength(1);
  expect(await balanceOf(h.db, user.id)).toBe(10);
  const refunds = await h.db
    .selectFrom('credit_ledger')
    .select('delta')
    .where('reason', '=', 'generation_refund')
    .where('ref', '=', id)
    .execute();
  expect(refunds).toEqual([{ delta: 1 }]);
});

test('a retryable failure goes back to the queue, then succeeds without a refund', async () => {
  const { user, id, bus } = await queuedImage();
  let calls = 0;
  const provider = new ScriptedProvider({
    wait: async () => {
      if (++calls === 1) throw new ProviderError('quota', { retryable: true, resubmit: true });
      return Array.from({ length: 4 }, () => ({ bytes: photo, mime: 'image/jpeg' as const, ext: 'jpg' as const }));
    },
  });
  const worker = new GenerationWorker({ db: h.db, bus, storage, provider }, { concurrency: 1 });
  await worker.runOnce();
  let g = await h.db.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  expect(g.status).toBe('queued');
  await h.db
    .updateTable('generations')
    .set({ run_after: new Date(0) })
    .where('id', '=', id)
    .execute();
  await worker.runOnce();
  g = await h.db.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  expect(g.status).toBe('completed');
  expect(g.attempts).toBe(2);
  expect(await balanceOf(h.db, user.id)).toBe(9);
});

test('retries run out: failed with the quota text and one refund', async () => {
  const { user, id, bus } = await queuedImage();
  const provider = new ScriptedProvider({
    wait: async () => {
      throw new ProviderError('quota', { retryable: true });
    },
  });
  const worker = new GenerationWorker({ db: h.db, bus, storage, provider }, { concurrency: 1 });
  for (let i = 0; i < 3; i++) {
    await worker.runOnce();
    await h.db
      .updateTable('generations')
      .set({ run_after: new Date(0) })
      .where('id', '=', id)
      .execute();
  }
  const g = await h.db.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  expect(g.status).toBe('failed');
  expect(g.error_message).toBe('API kullanım limiti aşıldı. Lütfen daha sonra tekrar deneyin.');
  expect(await balanceOf(h.db, user.id)).toBe(10);
});

test('a worker that dies mid-job: another finishes it, charged once, the request is not sent again (docs/security.md property 5)', async () => {
  const { user, id, bus } = await queuedImage();
  // Worker A submits, stores the request id, then hangs forever (its process "dies").
  const hang = new ScriptedProvider({ wait: () => new Promise<never>(() => {}) });
  const a = new GenerationWorker({ db: h.db, bus, storage, provider: hang }, { concurrency: 1, leaseMs: 3_000, workerId: 'A' });
  const aDone = a.runOnce();
  for (let i = 0; i < 50; i++) {
    const g = await h.db.selectFrom('generations').select('provider_request_id').where('id', '=', id).executeTakeFirstOrThrow();
    if (g.provider_request_id) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(hang.submits).toBe(1);
  // While A's lease is live, nobody else can claim the job.
  expect(await claimJob(h.db, 'probe', 1000)).toBeNull();
  // A stops renewing as if dead: its lease runs out.
  await h.db
    .updateTable('generations')
    .set({ lease_expires_at: new Date(Date.now() - 1000) })
    .where('id', '=', id)
    .execute();
  const resumed = new ScriptedProvider({});
  const b = new GenerationWorker({ db: h.db, bus, storage, provider: resumed }, { concurrency: 1, workerId: 'B' });
  expect(await b.runOnce()).toBe(true);
  expect(resumed.submits).toBe(0);
  expect(resumed.waits).toEqual(['req-1']);
  const g = await h.db.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  expect(g.status).toBe('completed');
  expect(g.attempts).toBe(2);
  expect(await balanceOf(h.db, user.id)).toBe(9);
  const usage = await h.db
    .selectFrom('credit_transactions')
    .select('id')
    .where('generation_id', '=', id)
    .where('type', '=', 'usage')
    .execute();
  expect(usage).toHaveLength(1);
  // A's next lease renewal fails (B owns the job), so A lets go without touching it.
  await expect(aDone).resolves.toBe(true);
  const after = await h.db.selectFrom('generations').select(['status', 'lease_owner']).where('id', '=', id).executeTakeFirstOrThrow();
  expect(after.status).toBe('completed');
});

test('a worker stopped mid-submit hands the job back at once; the request it was sending is awaited by the next worker, not sent again', async () => {
  const { user, id, bus } = await queuedImage();
  let letSubmitFinish!: () => void;
  const submitting = new Promise<void>((resolve) => (letSubmitFinish = resolve));
  let submitStarted!: () => void;
  const started = new Promise<void>((resolve) => (submitStarted = resolve));
  const slowSubmit = new ScriptedProvider({});
  slowSubmit.submitImage = async () => {
    slowSubmit.submits++;
    submitStarted();
    await submitting; // the provider answers only after the worker has stopped
    return { requestId: 'req-sent-once' };
  };
  const a = new GenerationWorker({ db: h.db, bus, storage, provider: slowSubmit }, { concurrency: 1, workerId: 'A' });
  a.start();
  await started;
  await a.stop();
  let g = await h.db.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  expect(g).toMatchObject({ status: 'queued', lease_owner: null, attempts: 0 });
  letSubmitFinish();
  for (let i = 0; i < 100 && !g.provider_request_id; i++) {
    await new Promise((r) => setTimeout(r, 20));
    g = await h.db.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }
  expect(g.provider_request_id).toBe('req-sent-once');
  const next = new ScriptedProvider({});
  const b = new GenerationWorker({ db: h.db, bus, storage, provider: next }, { concurrency: 1, workerId: 'B' });
  expect(await b.runOnce()).toBe(true);
  expect(next.submits).toBe(0);
  expect(next.waits).toEqual(['req-sent-once']);
  g = await h.db.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  expect(g.status).toBe('completed');
  expect(await balanceOf(h.db, user.id)).toBe(9);
});
