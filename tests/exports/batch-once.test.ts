import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { freshDatabase } from '../helpers/db';
import { balanceOf, ledgerSum, userWithUpload } from '../helpers/fixtures';
import { createBatch, getBatch } from '../../server/services/batch';
import { LocalEventBus } from '../../server/events/bus';
import { LocalFileStorage } from '../../server/providers/storage';
import type { DbHandle } from '../../server/db';
import { photo } from '../studio/photos';

/** Issue 33 item 13: one photo is one run of a batch, however often it is given or the call repeated. */
// A real cut-out on the studio pool of a shared 2-core machine.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });
let h: DbHandle;
let storage: LocalFileStorage;
beforeAll(async () => {
  h = await freshDatabase();
  storage = new LocalFileStorage(mkdtempSync(path.join(tmpdir(), 'vitrin-batch-once-')));
});
afterAll(async () => {
  await h.close();
});

test('the same photo three times is charged once; the same call again (a retry) charges nothing more', async () => {
  const { user, uploadId, storageKey } = await userWithUpload(h.db);
  await storage.put(storageKey, photo('coffee'), 'image/jpeg');
  const deps = { db: h.db, bus: new LocalEventBus(), storage, aiProvider: 'local' as const };
  const before = await balanceOf(h.db, user.id);

  const first = await createBatch(deps, user.id, { uploadIds: [uploadId, uploadId, uploadId], prompt: 'beyaz fon' });
  expect(first.items).toHaveLength(1);
  expect(first.items[0]).toMatchObject({ uploadId, error: null });
  expect(await balanceOf(h.db, user.id)).toBe(before - 1);

  const again = await createBatch(deps, user.id, { uploadIds: [uploadId, uploadId], prompt: 'beyaz fon', batchId: first.batchId });
  expect(again.items.map((i) => i.generationId)).toEqual([first.items[0]!.generationId]);
  expect(await balanceOf(h.db, user.id)).toBe(before - 1);
  expect(await ledgerSum(h.db, user.id)).toBe(before - 1);
  const runs = await h.db.selectFrom('generations').select('id').where('user_id', '=', user.id).execute();
  expect(runs).toHaveLength(1);
  expect((await getBatch(h.db, user.id, first.batchId)).items).toHaveLength(1);
});
