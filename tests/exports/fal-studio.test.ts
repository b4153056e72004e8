import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { freshDatabase } from '../helpers/db';
import { balanceOf, ledgerSum, userWithUpload } from '../helpers/fixtures';
import { photo as realPhoto } from '../studio/photos';
import { createGeneration } from '../../server/services/generations';
import { exportRun } from '../../server/services/exports';
import { LocalEventBus } from '../../server/events/bus';
import { GenerationWorker } from '../../server/jobs/worker';
import { testProviderFor } from '../../server/runtime';
import { TEST_OUTPUT_MAX } from '../../server/services/api-test-mode';
import { expectMark } from '../helpers/test-mark';
import { LocalFileStorage } from '../../server/providers/storage';
import { FalStudioProvider, DEFAULT_FAL_SCENE_MODEL, DEFAULT_FAL_UPSCALE_MODEL } from '../../server/providers/ai/fal-studio';
import type { DbHandle } from '../../server/db';
import type { StoredOutput } from '../../shared/schemas/generations';
import { startFakeFal, type FakeFal, type FakeFalScript } from '../providers/fake-fal';
import { onWhite, unzip } from './helpers';

let h: DbHandle;
let storage: LocalFileStorage;
const coffee = realPhoto('coffee');
let fake: FakeFal | null = null;
beforeAll(async () => {
  h = await freshDatabase();
  storage = new LocalFileStorage(mkdtempSync(path.join(tmpdir(), 'vitrin-falstudio-')));
});
afterAll(async () => {
  await h.close();
});
afterEach(async () => {
  await fake?.close();
  fake = null;
});

const PROMPT = 'mermer tezgah, sabah ışığı';

/** One image run of the real café photo through the real worker, the fal studio aimed at the local fake. */
async function runOne(script: FakeFalScript, attempts = 1) {
  fake = await startFakeFal({ statuses: ['IN_QUEUE', 'IN_PROGRESS', 'COMPLETED'], ...script });
  const provider = new FalStudioProvider({ apiKey: 'test-key', fetch: fake.fetch, pollIntervalMs: 5 });
  const { user, uploadId, storageKey } = await userWithUpload(h.db);
  await storage.put(storageKey, coffee, 'image/jpeg');
  const bus = new LocalEventBus();
  const before = await balanceOf(h.db, user.id);
  const { id } = await createGeneration({ db: h.db, bus }, user.id, {
    type: 'image',
    uploadId,
    prompt: PROMPT,
  });
  const worker = new GenerationWorker({ db: h.db, bus, storage, provider }, { concurrency: 1, retryBaseMs: 1 });
  for (let i = 0; i < attempts; i++) {
    await h.db
      .updateTable('generations')
      .set({ run_after: new Date(0) })
      .where('id', '=', id)
      .execute();
    await worker.runOnce();
  }
  const g = await h.db.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return { user, g, before, fake };
}

/** The run's cut-out PNG (the automatic one the worker made and recorded). */
async function cutoutOf(g: { cutout_id: string | null }) {
  const c = await h.db.selectFrom('cutouts').selectAll().where('id', '=', g.cutout_id!).executeTakeFirstOrThrow();
  return (await storage.get(c.storage_key!))!.bytes;
}

test('fal path: scenes made around the seller cut-out keep the product pixels; photo uploaded once; prompt sent in English', async () => {
  const { user, g, fake } = await runOne({});
  expect(g.status).toBe('completed');
  // The run has a cut-out (the automatic one on this photo), so fal's background removal is not asked for.
  expect(g.cutout_id).not.toBeNull();
  expect(fake.submits.map((s) => s.model).sort()).toEqual([DEFAULT_FAL_SCENE_MODEL, DEFAULT_FAL_UPSCALE_MODEL].sort());
  // Photo and cut-out uploaded once each, their URLs kept on the run.
  expect(fake.uploads.size).toBe(2);
  const inputs = g.provider_inputs as Record<string, string>;
  expect(Object.keys(inputs).sort()).toEqual(['cutout', 'photo']);
  const scene = fake.submits.find((s) => s.model === DEFAULT_FAL_SCENE_MODEL)!;
  expect(scene.body).toEqual({
    image_url: inputs.cutout,
    scene_description: 'product photo, marble, countertop, morning light',
    placement_type: 'original',
    num_results: 3,
    fast: true,
  });
  // The seller's own words stay in the record.
  expect((g.parameters as { prompt: string }).prompt).toBe(PROMPT);
  const up = fake.submits.find((s) => s.model === DEFAULT_FAL_UPSCALE_MODEL)!;
  expect(up.body).toEqual({ image_url: inputs.photo, scale: 4, output_format: 'jpeg' });
  expect(g.provider_request_id).toMatch(/^falstudio:scene=fal-ai\/bria\/product-shot#req-\d\|up=fal-ai\/esrgan#req-\d$/);

  const outputs = g.outputs as StoredOutput[];
  expect(outputs.map((o) => o.role)).toEqual(['white', 'scene', 'scene', 'scene']);

  // The fake model redraws the product (hue and brightness shift); inside the cut-out every
  // scene must still show the photo's own pixels.
  const cut = await sharp(await cutoutOf(g))
    .ensureAlpha()
    .extractChannel(3)
    .resize(600, 400, { fit: 'fill' })
    .raw()
    .toBuffer();
  const ref = await sharp(coffee).removeAlpha().raw().toBuffer();
  for (const o of outputs.slice(1)) {
    const img = await sharp((await storage.get(o.key))!.bytes)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([img.info.width, img.info.height]).toEqual([600, 400]);
    const diffs: number[] = [];
    let outside = 0;
    let outsideN = 0;
    for (let p = 0; p < cut.length; p++) {
      const d = Math.max(...[0, 1, 2].map((c) => Math.abs(img.data[p * 3 + c]! - ref[p * 3 + c]!)));
      if (cut[p]! >= 250) diffs.push(d);
      else if (cut[p] === 0) {
        outside += d;
        outsideN++;
      }
    }
    expect(diffs.length).toBeGreaterThan(5000);
    diffs.sort((a, b) => a - b);
    const mean = diffs.reduce((a, b) => a + b, 0) / diffs.length;
    expect(mean).toBeLessThan(3);
    expect(diffs[Math.floor(diffs.length * 0.99)]).toBeLessThan(16);
    // ...while around it the scene is the model's, not the photo.
    expect(outside / outsideN).toBeGreaterThan(20);
  }

  // White image: from the upscaled photo, pure white edges, and the exports work from it.
  const m = await onWhite((await storage.get(outputs[0]!.key))!.bytes);
  expect(m.width).toBe(m.height);
  expect(m.width).toBeGreaterThan(1500);
  expect(m.borderPure).toBe(true);
  const exp = await exportRun({ db: h.db, storage }, user.id, g.id, 'amazon');
  const files = await unzip(await buffer(exp!.zip));
  const a = await onWhite(files.get('amazon-1.jpg')!);
  expect(a).toMatchObject({ width: 2000, height: 2000, borderPure: true });
}, 180_000);

test('a late 503 on one submit queues nothing twice: the accepted part is cancelled, the retry reuses the uploads and completes', async () => {
  const { g, fake } = await runOne({ lateSubmitFailures: [503] }, 2);
  expect(g.status).toBe('completed');
  // First attempt: both parts queued once, one answered 503 late; the other was cancelled.
  // Second attempt: two new submissions, no new upload.
  expect(fake.submits).toHaveLength(4);
  expect(fake.cancelled).toHaveLength(1);
  expect(fake.uploads.size).toBe(2);
  expect(g.attempts).toBe(2);
}, 180_000);

test.each([
  ['the scenes', 'fal-ai/bria', 'fal-ai/esrgan'],
  ['the upscale', 'fal-ai/esrgan', 'fal-ai/bria'],
])(
  'a failure in %s fails the run, refunds it once and cancels the part still running',
  async (_what, failing, running) => {
    const { user, g, before, fake } = await runOne({ failModels: { [failing]: 422 }, modelStatuses: { [running]: ['IN_PROGRESS'] } });
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
    const stillRunning = fake.submits.find((s) => s.model.startsWith(running))!;
    expect(fake.cancelled).toEqual([stillRunning.id]);
  },
  60_000,
);

// A test key's run (issue 34 item 4) is free for the seller; rendered by fal it would still cost the operator.
test("with fal configured, a test key's run is rendered by the local studio: no call reaches fal, its outputs are small and marked", async () => {
  fake = await startFakeFal({ statuses: ['COMPLETED'] });
  const provider = new FalStudioProvider({ apiKey: 'test-key', fetch: fake.fetch, pollIntervalMs: 5 });
  const { user, uploadId, storageKey } = await userWithUpload(h.db);
  await storage.put(storageKey, coffee, 'image/jpeg');
  const bus = new LocalEventBus();
  const { id } = await createGeneration({ db: h.db, bus }, user.id, { type: 'image', uploadId, prompt: PROMPT }, { livemode: false });
  const worker = new GenerationWorker({ db: h.db, bus, storage, provider, testProvider: testProviderFor(provider) }, { concurrency: 1 });
  expect(await worker.runOnce()).toBe(true);
  const g = await h.db.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  expect(g.status).toBe('completed');
  expect(fake.calls).toEqual([]);
  const outputs = g.outputs as StoredOutput[];
  expect(outputs.map((o) => o.role)).toEqual(['white', 'scene', 'scene', 'scene']);
  for (const o of outputs) {
    expect(Math.max(o.width!, o.height!)).toBeLessThanOrEqual(TEST_OUTPUT_MAX);
    expectMark(
      await sharp((await storage.get(o.key))!.bytes)
        .raw()
        .toBuffer({ resolveWithObject: true }),
    );
  }
});
