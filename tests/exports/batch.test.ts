import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { freshDatabase } from '../helpers/db';
import { balanceOf, ledgerSum, userWithUpload } from '../helpers/fixtures';
import { batchWhiteZip, createBatch, getBatch } from '../../server/services/batch';
import { LocalEventBus } from '../../server/events/bus';
import { GenerationWorker } from '../../server/jobs/worker';
import { LocalFileStorage, type FileStorage } from '../../server/providers/storage';
import { ProviderError, type AiProvider, type AiRequest, type ProviderOutput } from '../../server/providers/ai';
import { M } from '../../shared/messages';
import type { DbHandle } from '../../server/db';
import { photo } from '../studio/photos';
import { unzip } from './helpers';

// Each image run's cut-out is fixed when the batch is accepted (issue 37), on the studio pool of a shared machine.
vi.setConfig({ testTimeout: 180_000 });
let h: DbHandle;
let storage: LocalFileStorage;
beforeAll(async () => {
  h = await freshDatabase();
  storage = new LocalFileStorage(mkdtempSync(path.join(tmpdir(), 'vitrin-batch-')));
});
afterAll(async () => {
  await h.close();
});

/** Answers 4 JPEGs (the first a 'white' image) for every photo except the cat, which fails for good. */
class PickyProvider implements AiProvider {
  readonly name = 'fal' as const;
  private inputs = new Map<string, Buffer>();
  private n = 0;
  async submitImage(input: { imageBytes: Buffer }) {
    const id = `req-${++this.n}`;
    this.inputs.set(id, input.imageBytes);
    return { requestId: id };
  }
  async submitVideo(): Promise<{ requestId: string }> {
    throw new Error('not used');
  }
  async waitForResult(req: AiRequest): Promise<ProviderOutput[]> {
    const bytes = this.inputs.get(req.requestId)!;
    if (bytes.equals(cat)) throw new ProviderError('invalid_input', { retryable: false, detail: 'model refused the photo' });
    const jpeg = await sharp(bytes).resize(200).jpeg().toBuffer();
    return [0, 1, 2, 3].map((i) => ({
      bytes: jpeg,
      mime: 'image/jpeg' as const,
      ext: 'jpg' as const,
      role: i ? ('scene' as const) : ('white' as const),
    }));
  }
}

let cat: Buffer;
/** A seller with one upload per given photo. */
async function sellerWith(photos: Buffer[]) {
  const first = await userWithUpload(h.db);
  const uploadIds: string[] = [];
  for (const [i, bytes] of photos.entries()) {
    const key = i === 0 ? first.storageKey : `uploads/test/${first.user.id}-${i}.jpg`;
    await storage.put(key, bytes, 'image/jpeg');
    if (i === 0) uploadIds.push(first.uploadId);
    else {
      const row = await h.db
        .insertInto('uploads')
        .values({ user_id: first.user.id, storage_key: key, mime: 'image/jpeg', width: 600, height: 400, size_bytes: bytes.length })
        .returning('id')
        .executeTakeFirstOrThrow();
      uploadIds.push(row.id);
    }
  }
  return { user: first.user, uploadIds };
}

test('each photo is its own generation; a failure refunds that photo only, the others are kept; one zip of the white images', async () => {
  cat = photo('chelsea');
  const { user, uploadIds } = await sellerWith([photo('coffee'), cat, photo('rocket')]);
  const bus = new LocalEventBus();
  const before = await balanceOf(h.db, user.id);
  const { batchId, items } = await createBatch({ db: h.db, bus, storage, aiProvider: 'fal' }, user.id, {
    uploadIds,
    prompt: 'beyaz fon',
  });
  expect(items.map((i) => i.error)).toEqual([null, null, null]);
  expect(await balanceOf(h.db, user.id)).toBe(before - 3);
  const usages = await h.db
    .selectFrom('credit_transactions')
    .select('id')
    .where('user_id', '=', user.id)
    .where('type', '=', 'usage')
    .execute();
  expect(usages).toHaveLength(3);

  const worker = new GenerationWorker({ db: h.db, bus, storage, provider: new PickyProvider() }, { concurrency: 1 });
  for (let i = 0; i < 3; i++) expect(await worker.runOnce()).toBe(true);

  const batch = await getBatch(h.db, user.id, batchId);
  expect(batch.items.map((g) => g.status)).toEqual(['completed', 'failed', 'completed']);
  expect(batch.items.map((g) => g.id)).toEqual(items.map((i) => i.generationId));
  // The cat's credit came back, once; the other two stay spent.
  expect(await balanceOf(h.db, user.id)).toBe(before - 2);
  const refunds = await h.db
    .selectFrom('credit_transactions')
    .select('generation_id')
    .where('user_id', '=', user.id)
    .where('type', '=', 'refund')
    .execute();
  expect(refunds.map((r) => r.generation_id)).toEqual([items[1]!.generationId]);
  expect(await ledgerSum(h.db, user.id)).toBe(before - 2);

  const zip = await batchWhiteZip({ db: h.db, storage }, user.id, batchId);
  const files = await unzip(await buffer(zip!));
  expect([...files.keys()]).toEqual(['01-beyaz.jpg', '03-beyaz.jpg']);

  // Nobody else sees the batch.
  const other = await userWithUpload(h.db);
  await expect(getBatch(h.db, other.user.id, batchId)).rejects.toMatchObject({ appCode: 'NOT_FOUND' });
  expect(await batchWhiteZip({ db: h.db, storage }, other.user.id, batchId)).toBeNull();
});

test('when the credits run out part-way, the photos already accepted are kept and the rest are not charged', async () => {
  const { user, uploadIds } = await sellerWith([photo('coffee'), photo('rocket'), photo('coffee')]);
  await h.db.updateTable('users').set({ credits_balance: 2 }).where('id', '=', user.id).execute();
  const ledgerBefore = await ledgerSum(h.db, user.id);
  const { items } = await createBatch({ db: h.db, bus: new LocalEventBus(), storage, aiProvider: 'fal' }, user.id, {
    uploadIds,
    prompt: 'beyaz fon',
  });
  expect(items.map((i) => !!i.generationId)).toEqual([true, true, false]);
  expect(items[2]!.error).toBe(M.generation.insufficient);
  expect(await balanceOf(h.db, user.id)).toBe(0);
  const rows = await h.db.selectFrom('generations').select('id').where('user_id', '=', user.id).execute();
  expect(rows).toHaveLength(2);
  expect(await ledgerSum(h.db, user.id)).toBe(ledgerBefore - 2);
});

test('the white-image zip streams out while it is built: its first bytes leave before the last image is opened', async () => {
  const { user, uploadIds } = await sellerWith([photo('coffee')]);
  const batchId = crypto.randomUUID();
  const images: Buffer[] = [];
  for (let i = 0; i < 4; i++) {
    const key = `generations/${user.id}/${batchId}/${i}.jpg`;
    images.push(
      await sharp(photo('rocket'))
        .resize(300 + 20 * i)
        .jpeg()
        .toBuffer(),
    );
    await storage.put(key, images[i]!, 'image/jpeg');
    await h.db
      .insertInto('generations')
      .values({
        user_id: user.id,
        upload_id: uploadIds[0]!,
        type: 'image',
        status: 'completed',
        credits_used: 1,
        parameters: JSON.stringify({ prompt: 'beyaz fon', batch: batchId }),
        outputs: JSON.stringify([{ key, thumbKey: key, mime: 'image/jpeg', role: i === 2 ? 'framed' : 'white' }]),
        created_at: new Date(Date.now() + i * 1000),
        completed_at: new Date(),
      })
      .execute();
  }
  let opened = 0;
  const counted = (read: () => Promise<unknown>) => {
    opened++;
    return read();
  };
  const spied: FileStorage = Object.assign(Object.create(storage) as FileStorage, {
    get: (k: string) => counted(() => storage.get(k)),
    openRead: (k: string) => counted(() => storage.openRead(k)),
  });
  const zip = await batchWhiteZip({ db: h.db, storage: spied }, user.id, batchId);
  const chunks: Buffer[] = [];
  let openedAtFirstByte = -1;
  for await (const chunk of zip as AsyncIterable<Buffer>) {
    if (openedAtFirstByte < 0) openedAtFirstByte = opened;
    chunks.push(chunk);
  }
  expect(opened).toBe(4);
  expect(openedAtFirstByte).toBeGreaterThanOrEqual(0);
  expect(openedAtFirstByte).toBeLessThan(4);
  const files = await unzip(Buffer.concat(chunks));
  expect([...files.keys()]).toEqual(['01-beyaz.jpg', '02-beyaz.jpg', '03-cerceveli.jpg', '04-beyaz.jpg']);
  expect([...files.values()]).toEqual(images);
});

test('local studio: a photo without a trustworthy cut-out is not charged until the seller agrees once; then it joins the same batch', async () => {
  const { user, uploadIds } = await sellerWith([photo('coffee'), photo('chelsea')]);
  const deps = { db: h.db, bus: new LocalEventBus(), storage, aiProvider: 'local' as const };
  const before = await balanceOf(h.db, user.id);
  const first = await createBatch(deps, user.id, { uploadIds, prompt: 'beyaz fon' });
  expect(first.items.map((i) => [!!i.generationId, i.needsConsent, i.cutout])).toEqual([
    [true, false, 'accepted'],
    [false, true, 'untrusted'],
  ]);
  expect(first.items[1]!.error).toBe(M.studio.needsConsent);
  expect(await balanceOf(h.db, user.id)).toBe(before - 1);

  const framed = await createBatch(deps, user.id, {
    uploadIds: [uploadIds[1]!],
    prompt: 'beyaz fon',
    allowFramed: [uploadIds[1]!],
    batchId: first.batchId,
  });
  expect(framed.batchId).toBe(first.batchId);
  expect(framed.items[0]).toMatchObject({ needsConsent: false, cutout: 'untrusted', error: null });
  expect(await balanceOf(h.db, user.id)).toBe(before - 2);
  expect((await getBatch(h.db, user.id, first.batchId)).items).toHaveLength(2);
}, 300_000);
