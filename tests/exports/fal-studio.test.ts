import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { freshDatabase } from '../helpers/db';
import { balanceOf, ledgerSum, productPhoto, userWithUpload } from '../helpers/fixtures';
import { createGeneration } from '../../server/services/generations';
import { exportRun } from '../../server/services/exports';
import { LocalEventBus } from '../../server/events/bus';
import { GenerationWorker } from '../../server/jobs/worker';
import { LocalFileStorage } from '../../server/providers/storage';
import { FalStudioProvider, DEFAULT_FAL_CUTOUT_MODEL, DEFAULT_FAL_UPSCALE_MODEL } from '../../server/providers/ai/fal-studio';
import { DEFAULT_FAL_IMAGE_MODEL } from '../../server/providers/ai/fal';
import type { DbHandle } from '../../server/db';
import type { StoredOutput } from '../../shared/schemas/generations';
import { startFakeFal, type FakeFal, type FakeFalScript } from '../providers/fake-fal';
import { onWhite, unzip } from './helpers';

let h: DbHandle;
let storage: LocalFileStorage;
let photo: Buffer;
let fake: FakeFal | null = null;
beforeAll(async () => {
  h = await freshDatabase();
  storage = new LocalFileStorage(mkdtempSync(path.join(tmpdir(), 'vitrin-falstudio-')));
  photo = await productPhoto(640, 480);
});
afterAll(async () => {
  await h.close();
});
afterEach(async () => {
  await fake?.close();
  fake = null;
});

/** One image run through the real worker with the fal studio provider aimed at the local fake. */
async function runOne(script: FakeFalScript) {
  fake = await startFakeFal({ statuses: ['IN_QUEUE', 'IN_PROGRESS', 'COMPLETED'], ...script });
  const provider = new FalStudioProvider({ apiKey: 'test-key', fetch: fake.fetch, pollIntervalMs: 5 });
  const { user, uploadId, storageKey } = await userWithUpload(h.db);
  await storage.put(storageKey, photo, 'image/jpeg');
  const bus = new LocalEventBus();
  const before = await balanceOf(h.db, user.id);
  const { id } = await createGeneration({ db: h.db, bus }, user.id, { type: 'image', uploadId, prompt: 'mermer tezgah, sabah ışığı' });
  const worker = new GenerationWorker({ db: h.db, bus, storage, provider }, { concurrency: 1 });
  await worker.runOnce();
  const g = await h.db.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return { user, g, before, fake };
}

test('fal path: cut-out, three prompt scenes and upscale as three fal calls; white image composed locally at 4K-class size', async () => {
  const { user, g, fake } = await runOne({});
  expect(g.status).toBe('completed');
  expect(fake.submits.map((s) => s.model).sort()).toEqual(
    [DEFAULT_FAL_CUTOUT_MODEL, DEFAULT_FAL_IMAGE_MODEL, DEFAULT_FAL_UPSCALE_MODEL].sort(),
  );
  const scene = fake.submits.find((s) => s.model === DEFAULT_FAL_IMAGE_MODEL)!;
  expect(scene.body).toMatchObject({ prompt: 'mermer tezgah, sabah ışığı', num_images: 3, output_format: 'jpeg' });
  const up = fake.submits.find((s) => s.model === DEFAULT_FAL_UPSCALE_MODEL)!;
  expect(up.body.scale).toBe(4); // 640 px long side → ×4 towards 4096
  expect(g.provider_request_id).toMatch(/^falstudio:fal-ai\/birefnet\/v2#req-\d\|fal-ai\/nano-banana\/edit#req-\d\|fal-ai\/esrgan#req-\d$/);

  const outputs = g.outputs as StoredOutput[];
  expect(outputs.map((o) => o.role)).toEqual(['white', 'scene', 'scene', 'scene']);
  // White image: square, from the upscaled photo (2560 px) → larger than 2× the 640 px upload, pure white edges.
  const white = (await storage.get(outputs[0]!.key))!.bytes;
  const m = await onWhite(white);
  expect(m.width).toBe(m.height);
  expect(m.width).toBeGreaterThan(2000);
  expect(outputs[0]).toMatchObject({ width: m.width, height: m.height });
  expect(m.borderPure).toBe(true);
  expect(m.fill).toBeGreaterThan(0.8);
  // Exports work from it like any run.
  const exp = await exportRun({ db: h.db, storage }, user.id, g.id, 'amazon');
  const files = await unzip(await buffer(exp!.zip));
  const a = await onWhite(files.get('amazon-1.jpg')!);
  expect(a).toMatchObject({ width: 2000, height: 2000, borderPure: true });
  expect(a.fill).toBeGreaterThanOrEqual(0.85);
  // The upscaler gave the white image enough pixels; the fake's 64 px scenes are named as enlarged.
  const note = files.get('OKU-BENI.txt')!.toString('utf8');
  expect(note).not.toContain('amazon-1.jpg');
  expect(note).toContain('amazon-2.jpg');
  expect((await sharp(files.get('amazon-2.jpg')!).metadata()).width).toBe(2000);
});

test.each([
  ['the cut-out', 'fal-ai/birefnet'],
  ['the scenes', 'fal-ai/nano-banana'],
  ['the upscale', 'fal-ai/esrgan'],
])('a failure in %s fails the run and refunds it exactly once', async (_what, model) => {
  const { user, g, before } = await runOne({ failModels: { [model]: 422 } });
  expect(g.status).toBe('failed');
  expect(g.refunded_at).not.toBeNull();
  expect(await balanceOf(h.db, user.id)).toBe(before);
  const refunds = await h.db
    .selectFrom('credit_transactions')
    .select('id')
    .where('user_id', '=', user.id)
    .where('type', '=', 'refund')
    .execute();
  expect(refunds).toHaveLength(1);
  expect(await ledgerSum(h.db, user.id)).toBe(before);
});
