import { afterAll, beforeAll, expect, test } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshDatabase } from '../helpers/db';
import { balanceOf, ledgerSum, productPhoto, userWithUpload } from '../helpers/fixtures';
import { createGeneration } from '../../server/services/generations';
import { LocalEventBus } from '../../server/events/bus';
import { GenerationWorker } from '../../server/jobs/worker';
import { MAX_ATTEMPTS, claimJob } from '../../server/jobs/queue';
import { LocalFileStorage } from '../../server/providers/storage';
import type { AiProvider } from '../../server/providers/ai';
import { M } from '../../shared/messages';
import type { DbHandle } from '../../server/db';

/**
 * Issue 33 item 5: a run whose worker dies (kill -9, out of memory on its photo) is claimed again
 * when its lease runs out, and every such claim counts as an attempt. Past the cap the run is not
 * started again: it fails with its Turkish reason and exactly one refund.
 */
let h: DbHandle;
let storage: LocalFileStorage;
beforeAll(async () => {
  h = await freshDatabase();
  storage = new LocalFileStorage(mkdtempSync(path.join(tmpdir(), 'vitrin-crash-')));
});
afterAll(async () => {
  await h.close();
});

/** A provider the run must never reach. */
const untouchable = (): AiProvider & { calls: number } => {
  const p = {
    name: 'local' as const,
    calls: 0,
    async submitImage() {
      p.calls++;
      return { requestId: 'x' };
    },
    async submitVideo() {
      p.calls++;
      return { requestId: 'x' };
    },
    async waitForResult() {
      p.calls++;
      return [];
    },
  };
  return p;
};

test('after as many lost leases as the cap, the next claim fails the run with one refund instead of running it', async () => {
  const { user, uploadId, storageKey } = await userWithUpload(h.db);
  await storage.put(storageKey, await productPhoto(640, 480), 'image/jpeg');
  const before = await balanceOf(h.db, user.id);
  const bus = new LocalEventBus();
  const { id } = await createGeneration({ db: h.db, bus }, user.id, {
    type: 'image',
    uploadId,
    prompt: 'beyaz fon',
  });
  const charged = await balanceOf(h.db, user.id);
  expect(charged).toBeLessThan(before);

  // Workers that claim the run and die: each leaves a lease that has already run out.
  for (let i = 1; i <= MAX_ATTEMPTS; i++) {
    const claimed = await claimJob(h.db, `dead-worker-${i}`, -1_000);
    expect(claimed?.id).toBe(id);
    expect(claimed?.attempts).toBe(i);
  }

  const provider = untouchable();
  const worker = new GenerationWorker({ db: h.db, bus, storage, provider }, { concurrency: 1 });
  expect(await worker.runOnce()).toBe(true);
  expect(provider.calls).toBe(0);

  const g = await h.db.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  expect(g).toMatchObject({ status: 'failed', error_message: M.generation.interrupted, attempts: MAX_ATTEMPTS + 1 });
  expect(g.refunded_at).not.toBeNull();
  const refunds = await h.db
    .selectFrom('credit_ledger')
    .select('delta')
    .where('reason', '=', 'generation_refund')
    .where('ref', '=', id)
    .execute();
  expect(refunds).toEqual([{ delta: before - charged }]);
  expect(await balanceOf(h.db, user.id)).toBe(before);
  expect(await ledgerSum(h.db, user.id)).toBe(before);

  // Nothing is left to claim, and a second worker's pass refunds nothing more.
  expect(await worker.runOnce()).toBe(false);
  expect(
    await h.db.selectFrom('credit_ledger').select('id').where('ref', '=', id).where('reason', '=', 'generation_refund').execute(),
  ).toHaveLength(1);
});
