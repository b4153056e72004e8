import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freshDatabase } from '../helpers/db';
import { balanceOf, ledgerSum, userWithUpload } from '../helpers/fixtures';
import { batchWhiteZip, createBatch, getBatch } from '../../server/services/batch';
import { LocalEventBus } from '../../server/events/bus';
import { LocalFileStorage } from '../../server/providers/storage';
import type { DbHandle } from '../../server/db';
import { M } from '../../shared/messages';
import { unzip } from './helpers';

/**
 * Issue 37 item 6: a batch keeps every photo, its file name and its state (also the ones waiting for
 * the framed consent the seller declined); a photo fixed on the review is run again as one charged run;
 * the zip holds each photo's latest result. The cut-outs are recorded rows (no studio work here).
 */
let h: DbHandle;
let storage: LocalFileStorage;
beforeAll(async () => {
  h = await freshDatabase();
  storage = new LocalFileStorage(mkdtempSync(path.join(tmpdir(), 'vitrin-batch-photos-')));
});
afterAll(async () => {
  await h.close();
});

/** A seller with `n` photos. */
async function seller(n: number) {
  const first = await userWithUpload(h.db);
  const uploadIds = [first.uploadId];
  for (let i = 1; i < n; i++) {
    const row = await h.db
      .insertInto('uploads')
      .values({
        user_id: first.user.id,
        storage_key: `uploads/test/${crypto.randomUUID()}.jpg`,
        mime: 'image/jpeg',
        width: 1200,
        height: 900,
        size_bytes: 1000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    uploadIds.push(row.id);
  }
  return { userId: first.user.id, uploadIds };
}

/** A recorded cut-out of the photo: trusted (a PNG) or not (only its reasons), or the seller's accepted one. */
async function cutout(userId: string, uploadId: string, kind: 'trusted' | 'untrusted' | 'seller') {
  const row = await h.db
    .insertInto('cutouts')
    .values({
      upload_id: uploadId,
      user_id: userId,
      storage_key: kind === 'untrusted' ? null : `cutouts/${userId}/${uploadId}/${crypto.randomUUID()}.png`,
      note_code: kind === 'untrusted' ? 'uncertain' : null,
      reasons: JSON.stringify(kind === 'untrusted' ? ['uncertain'] : []),
      width: 1200,
      height: 900,
      guided: kind === 'seller',
      seller_accepted: kind === 'seller',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The run finished with a white image of this colour. */
async function complete(generationId: string, userId: string, colour: number) {
  const key = `generations/${userId}/${generationId}/0.jpg`;
  const jpeg = await sharp({ create: { width: 40, height: 40, channels: 3, background: { r: colour, g: colour, b: colour } } })
    .jpeg()
    .toBuffer();
  await storage.put(key, jpeg, 'image/jpeg');
  await h.db
    .updateTable('generations')
    .set({
      status: 'completed',
      progress: 100,
      completed_at: new Date(),
      outputs: JSON.stringify([{ key, thumbKey: key, mime: 'image/jpeg', role: 'white' }]),
    })
    .where('id', '=', generationId)
    .execute();
  return jpeg;
}

const usages = async (userId: string) =>
  (await h.db.selectFrom('credit_transactions').select('generation_id').where('user_id', '=', userId).where('type', '=', 'usage').execute())
    .length;

test('declined consent: the batch keeps every photo with its name and state; a fixed photo runs; the zip holds the latest result', async () => {
  const { userId, uploadIds } = await seller(4);
  const [a, b, c, d] = uploadIds as [string, string, string, string];
  await cutout(userId, a, 'trusted');
  await cutout(userId, b, 'untrusted');
  await cutout(userId, c, 'untrusted');
  await cutout(userId, d, 'trusted');
  const deps = { db: h.db, bus: new LocalEventBus(), storage, aiProvider: 'local' as const };
  const before = await balanceOf(h.db, userId);
  const names = { [a]: 'kupa.jpg', [b]: 'vazo.jpg', [c]: 'lamba.jpg', [d]: 'saat.jpg' };
  const first = await createBatch(deps, userId, { uploadIds, prompt: 'mermer masa', fileNames: names });
  expect(first.items.map((i) => i.needsConsent)).toEqual([false, true, true, false]);
  expect(await balanceOf(h.db, userId)).toBe(before - 2);

  // The seller declines the framed question (nothing is sent) and reloads: all four photos, their names and states.
  const reloaded = await getBatch(h.db, userId, first.batchId);
  expect(reloaded.prompt).toBe('mermer masa');
  expect(reloaded.photos.map((p) => [p.fileName, p.state, p.uploadId])).toEqual([
    ['kupa.jpg', 'run', a],
    ['vazo.jpg', 'needs_consent', b],
    ['lamba.jpg', 'needs_consent', c],
    ['saat.jpg', 'run', d],
  ]);
  expect(reloaded.photos[1]!.error).toBe(M.studio.needsConsent);
  expect(reloaded.items.map((g) => g.id)).toEqual([first.items[0]!.generationId, first.items[3]!.generationId]);
  const oldWhite = await complete(first.items[0]!.generationId!, userId, 40);
  await complete(first.items[3]!.generationId!, userId, 90);

  // The seller fixes photo b in the editor and runs it from the review page: one run, charged once.
  await cutout(userId, b, 'seller');
  const fixed = await createBatch(deps, userId, { uploadIds: [b], prompt: reloaded.prompt, batchId: first.batchId });
  expect(fixed.items[0]).toMatchObject({ needsConsent: false, error: null, cutout: 'accepted' });
  expect(await balanceOf(h.db, userId)).toBe(before - 3);

  // Photo a is fixed too and run again: a new run with the new cut-out, one more take with its ledger row.
  const newCut = await cutout(userId, a, 'seller');
  const rerun = await createBatch(deps, userId, { uploadIds: [a], prompt: reloaded.prompt, batchId: first.batchId, rerun: [a] });
  const rerunId = rerun.items[0]!.generationId!;
  expect(rerunId).not.toBe(first.items[0]!.generationId);
  expect(await balanceOf(h.db, userId)).toBe(before - 4);
  expect(await usages(userId)).toBe(4);
  expect(await ledgerSum(h.db, userId)).toBe(before - 4);
  const run = await h.db.selectFrom('generations').select(['cutout_id', 'parameters']).where('id', '=', rerunId).executeTakeFirstOrThrow();
  expect(run.cutout_id).toBe(newCut);
  // The same call again while that run is queued (a retry, a double click) charges nothing.
  const twice = await createBatch(deps, userId, { uploadIds: [a], prompt: reloaded.prompt, batchId: first.batchId, rerun: [a] });
  expect(twice.items[0]!.generationId).toBe(rerunId);
  expect(await balanceOf(h.db, userId)).toBe(before - 4);

  const after = await getBatch(h.db, userId, first.batchId);
  expect(after.photos.map((p) => [p.fileName, p.state])).toEqual([
    ['kupa.jpg', 'run'],
    ['vazo.jpg', 'run'],
    ['lamba.jpg', 'needs_consent'],
    ['saat.jpg', 'run'],
  ]);
  expect(after.photos[0]!.generationId).toBe(rerunId);
  expect(after.items).toHaveLength(3);

  // The zip: photo 1's new image, not its first one; the places stay the photos' own.
  const newWhite = await complete(rerunId, userId, 200);
  const files = await unzip(await buffer((await batchWhiteZip({ db: h.db, storage }, userId, first.batchId))!));
  expect([...files.keys()]).toEqual(['01-beyaz.jpg', '04-beyaz.jpg']);
  expect(files.get('01-beyaz.jpg')).toEqual(newWhite);
  expect(files.get('01-beyaz.jpg')).not.toEqual(oldWhite);

  // Another seller can neither read nor add to the batch.
  const other = await seller(1);
  await expect(getBatch(h.db, other.userId, first.batchId)).rejects.toMatchObject({ appCode: 'NOT_FOUND' });
  await expect(createBatch(deps, other.userId, { uploadIds: other.uploadIds, prompt: 'x', batchId: first.batchId })).rejects.toMatchObject({
    appCode: 'NOT_FOUND',
  });
});

test('a batch where no photo started (all waiting for consent) opens again', async () => {
  const { userId, uploadIds } = await seller(2);
  for (const u of uploadIds) await cutout(userId, u, 'untrusted');
  const deps = { db: h.db, bus: new LocalEventBus(), storage, aiProvider: 'local' as const };
  const { batchId } = await createBatch(deps, userId, { uploadIds, prompt: 'ahşap', fileNames: { [uploadIds[0]!]: 'bir.jpg' } });
  const got = await getBatch(h.db, userId, batchId);
  expect(got.photos.map((p) => [p.fileName, p.state])).toEqual([
    ['bir.jpg', 'needs_consent'],
    [null, 'needs_consent'],
  ]);
  expect(got.items).toEqual([]);
  expect(await batchWhiteZip({ db: h.db, storage }, userId, batchId)).toBeNull();
});

test('a batch started before batches were kept (its runs only) is recorded when a photo is added, its runs first', async () => {
  const { userId, uploadIds } = await seller(3);
  const [a, b, c] = uploadIds as [string, string, string];
  const batchId = crypto.randomUUID();
  for (const [i, u] of [a, b].entries()) {
    await h.db
      .insertInto('generations')
      .values({
        user_id: userId,
        upload_id: u,
        type: 'image',
        status: 'queued',
        credits_used: 1,
        parameters: JSON.stringify({ prompt: 'eski istem', batch: batchId }),
        created_at: new Date(Date.now() - 10_000 + i * 1000),
      })
      .execute();
  }
  expect((await getBatch(h.db, userId, batchId)).photos.map((p) => [p.uploadId, p.state])).toEqual([
    [a, 'run'],
    [b, 'run'],
  ]);
  await cutout(userId, c, 'trusted');
  const deps = { db: h.db, bus: new LocalEventBus(), storage, aiProvider: 'local' as const };
  const added = await createBatch(deps, userId, { uploadIds: [c], prompt: 'yeni istem', batchId, fileNames: { [c]: 'uc.jpg' } });
  expect(added.items[0]!.generationId).toBeTruthy();
  const got = await getBatch(h.db, userId, batchId);
  expect(got.prompt).toBe('eski istem');
  expect(got.photos.map((p) => [p.position, p.uploadId, p.fileName, p.state])).toEqual([
    [0, a, null, 'run'],
    [1, b, null, 'run'],
    [2, c, 'uc.jpg', 'run'],
  ]);
});
