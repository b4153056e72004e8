import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { HttpClient, startTestServer, uploaded, validSignUp } from '../helpers/server';
import type { RunningServer } from '../../server/index';
import { M } from '../../shared/messages';
import { photo } from './photos';

/**
 * Issue 37 item 1: one decision of which cut-out a run uses. A run names its cut-out (or gets the
 * seller's accepted one, else the automatic one), the name is kept on the run and shown by
 * generations.get and the REST API, and the worker never cuts again for a run that has one.
 */
vi.setConfig({ testTimeout: 180_000 });
let server: RunningServer;
let alice: HttpClient;
beforeAll(async () => {
  server = await startTestServer({ WORKER_CONCURRENCY: '1' });
  alice = new HttpClient(server.url);
  await alice.mutate('auth.signUp', validSignUp('alice@example.com'));
});
afterAll(async () => {
  await server.close();
});

const cutoutsOf = async (uploadId: string) =>
  (await server.handle.db.selectFrom('cutouts').select('id').where('upload_id', '=', uploadId).execute()).map((r) => r.id);

async function waitDone(c: HttpClient, id: string) {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    const { data } = await c.query('generations.get', { id });
    if (data.status === 'completed' || data.status === 'failed') return data;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('generation did not finish');
}

test('the cut-out the seller accepted in the editor is what the page shows and what a run uses, even after an automatic cut-out is made again', async () => {
  const up = await uploaded(alice, photo('coffee'), 'fincan.jpg');
  // The page's panel: the automatic cut-out of a new photo.
  const auto = await alice.mutate('studio.current', { uploadId: up.uploadId });
  expect(auto.status).toBe(200);
  // The seller edits and accepts.
  const opened = await alice.mutate('studio.editorOpen', { uploadId: up.uploadId });
  const strokes = [{ kind: 'remove' as const, radius: 0.03, points: [{ x: 0.9, y: 0.9 }] }];
  const accepted = await alice.mutate('studio.accept', { sessionId: opened.data.sessionId, strokes });
  expect(accepted.data.verdict).toBe('accepted');
  expect(accepted.data.id).not.toBe(auto.data.id);
  // An automatic cut-out made again (the old page did this on returning) does not replace it.
  const again = await alice.mutate('studio.cutout', { uploadId: up.uploadId });
  expect(again.data.id).not.toBe(accepted.data.id);
  const shown = await alice.mutate('studio.current', { uploadId: up.uploadId });
  expect(shown.data.id).toBe(accepted.data.id);
  // Showing it again makes nothing new.
  const before = await cutoutsOf(up.uploadId);

  const run = await alice.mutate('generations.createImage', { uploadId: up.uploadId, prompt: 'mermer tezgah' });
  expect(run.status).toBe(200);
  const queued = await alice.query('generations.get', { id: run.data.id });
  expect(queued.data.cutoutId).toBe(accepted.data.id);
  const done = await waitDone(alice, run.data.id);
  expect(done.status).toBe('completed');
  expect(done.cutoutId).toBe(accepted.data.id);
  expect(done.cutoutUrl).toBe(accepted.data.cutoutUrl);
  // The worker did not cut again.
  expect(await cutoutsOf(up.uploadId)).toEqual(before);

  // The REST API shows the same cut-out.
  const key = (await alice.mutate('apiKeys.create', { name: 'Mağaza' })).data.key;
  const rest = await fetch(`${server.url}/api/v1/generations/${run.data.id}`, { headers: { authorization: `Bearer ${key}` } });
  expect(rest.status).toBe(200);
  expect(((await rest.json()) as { cutoutId: string }).cutoutId).toBe(accepted.data.id);
  const spec = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as {
    components: { schemas: Record<string, { properties: Record<string, unknown> }> };
  };
  expect(spec.components.schemas.Generation!.properties).toHaveProperty('cutoutId');
});

test('a run that names a cut-out uses exactly it; a cut-out of another photo is refused with nothing charged', async () => {
  const up = await uploaded(alice, photo('coffee'), 'fincan.jpg');
  const other = await uploaded(alice, photo('apple'), 'elma.jpg');
  const auto = await alice.mutate('studio.cutout', { uploadId: up.uploadId });
  const guided = await alice.mutate('studio.cutout', { uploadId: up.uploadId, remove: [{ x: 0.6, y: 0.7 }] });
  expect(auto.data.verdict).toBe('accepted');
  const foreign = await alice.mutate('studio.current', { uploadId: other.uploadId });

  const balance = (await alice.query('credits.balance')).data.balance;
  const refused = await alice.mutate('generations.createImage', { uploadId: up.uploadId, prompt: 'taş zemin', cutoutId: foreign.data.id });
  expect(refused.error.data.appCode).toBe('NOT_FOUND');
  expect(refused.error.message).toBe(M.studio.cutoutNotOfPhoto);
  expect((await alice.query('credits.balance')).data.balance).toBe(balance);

  // The automatic one, named, although the seller's guided one is newer.
  const named = await alice.mutate('generations.createImage', { uploadId: up.uploadId, prompt: 'taş zemin', cutoutId: auto.data.id });
  expect((await alice.query('generations.get', { id: named.data.id })).data.cutoutId).toBe(auto.data.id);
  // Unnamed: the seller's.
  const unnamed = await alice.mutate('generations.createImage', { uploadId: up.uploadId, prompt: 'taş zemin' });
  expect((await alice.query('generations.get', { id: unnamed.data.id })).data.cutoutId).toBe(guided.data.id);
  // A video names its cut-out the same way.
  const video = await alice.mutate('generations.createVideo', {
    uploadId: up.uploadId,
    duration: 5,
    aspectRatio: '16:9',
    cutoutId: foreign.data.id,
  });
  expect(video.error.message).toBe(M.studio.cutoutNotOfPhoto);
  expect((await waitDone(alice, named.data.id)).cutoutId).toBe(auto.data.id);
  expect((await waitDone(alice, unnamed.data.id)).cutoutId).toBe(guided.data.id);
});

test('the worker never cuts for a run that has a cut-out, and the local provider never cuts on its own', async () => {
  const up = await uploaded(alice, photo('apple'), 'elma.jpg');
  const run = await alice.mutate('generations.createImage', { uploadId: up.uploadId, prompt: 'ahşap masa' });
  const ids = await cutoutsOf(up.uploadId);
  // The run's cut-out was made (once) when it was accepted, before any worker saw it.
  expect(ids).toHaveLength(1);
  expect((await alice.query('generations.get', { id: run.data.id })).data.cutoutId).toBe(ids[0]);
  const done = await waitDone(alice, run.data.id);
  expect(done.cutoutId).toBe(ids[0]);
  expect(await cutoutsOf(up.uploadId)).toEqual(ids);
});
