import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { HttpClient, startTestServer, validSignUp } from '../helpers/server';
import type { RunningServer } from '../../server/index';
import { GenerationWorker } from '../../server/jobs/worker';
import { LocalStudioProvider } from '../../server/providers/ai/local';
import { rowParams } from '../../server/db/read';
import { iou, loadTruth, maskOfPng } from '../studio/truth';

/**
 * An API image run sent with `subject` (the product's box) is answered before any cut-out is made:
 * the box is kept in the run's parameters and the worker cuts with it when it takes the run, names
 * that cut-out on the run, and composes from it. Before, the guided cut-out was made inside the
 * request, so such a request waited a cut-out's time for its 202.
 */
let server: RunningServer;
let key: string;
let userId: string;

beforeAll(async () => {
  // No worker in the server: the test takes the run itself, after looking at what the request left.
  server = await startTestServer({ WORKER_CONCURRENCY: '0' });
  const alice = new HttpClient(server.url);
  userId = (await alice.mutate('auth.signUp', validSignUp('alice@example.com'))).data.user!.id;
  key = (await alice.mutate('apiKeys.create', { name: 'Mağaza' })).data.key;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

test('the 202 comes before the cut-out; the worker cuts with the box and the run names that cut-out', async () => {
  // The café photo and its hand-made mask; the box is the mask's, as a seller would drag it.
  const truth = await loadTruth('coffee');
  const fd = new FormData();
  fd.append('photo', new Blob([new Uint8Array(truth.photo)], { type: 'image/jpeg' }), 'fincan.jpg');
  fd.append('prompt', 'mermer tezgah');
  fd.append('subject', JSON.stringify(truth.box));
  const res = await fetch(`${server.url}/api/v1/images`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: fd });
  expect(res.status).toBe(202);
  const { id } = (await res.json()) as { id: string };

  const { db, bus, storage } = server.deps;
  const cutoutsOfSeller = () => db.selectFrom('cutouts').select(['id', 'guided', 'storage_key']).where('user_id', '=', userId).execute();
  // Answered with nothing cut yet: the box waits in the run's parameters.
  expect(await cutoutsOfSeller()).toEqual([]);
  const queued = await db.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  expect(queued.status).toBe('queued');
  expect(queued.cutout_id).toBeNull();
  const params = rowParams(queued);
  expect(params.type === 'image' && params.parameters?.subject).toEqual(truth.box);

  const worker = new GenerationWorker({ db, bus, storage, provider: new LocalStudioProvider() }, { concurrency: 1 });
  expect(await worker.runOnce()).toBe(true);

  // One cut-out, the guided one, made by the worker and named by the run.
  const cutouts = await cutoutsOfSeller();
  // Trusted: a cut-out the gate did not trust keeps no PNG.
  expect(cutouts).toEqual([{ id: expect.any(String), guided: true, storage_key: expect.any(String) }]);
  const done = await db.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  expect(done.status).toBe('completed');
  expect(done.cutout_id).toBe(cutouts[0]!.id);
  const view = (await (await fetch(`${server.url}/api/v1/generations/${id}`, { headers: { authorization: `Bearer ${key}` } })).json()) as {
    status: string;
    cutoutId: string | null;
  };
  expect(view).toMatchObject({ status: 'completed', cutoutId: cutouts[0]!.id });

  // And it is the cup: the cut-out against the hand-made mask.
  const png = (await storage.get(cutouts[0]!.storage_key!))!.bytes;
  expect((await sharp(png).metadata()).width).toBe(truth.width);
  expect(iou(truth.mask, await maskOfPng(png, truth.width, truth.height))).toBeGreaterThan(0.9);
}, 120_000);
