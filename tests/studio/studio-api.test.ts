import sharp from 'sharp';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { HttpClient, startTestServer, uploaded, validSignUp } from '../helpers/server';
import type { RunningServer } from '../../server/index';
import { M } from '../../shared/messages';
import { SELLER_LIMITS } from '../../shared/constants';
import { alphaOf, photo } from './photos';
import { waitFor } from '../helpers/wait';

// Cut-outs and full runs on real photos on a shared 2-core machine.
vi.setConfig({ testTimeout: 120_000 });
let server: RunningServer;
let alice: HttpClient;
let bob: HttpClient;
beforeAll(async () => {
  server = await startTestServer({ WORKER_CONCURRENCY: '1' });
  alice = new HttpClient(server.url);
  bob = new HttpClient(server.url);
  await alice.mutate('auth.signUp', validSignUp('alice@example.com'));
  await bob.mutate('auth.signUp', validSignUp('bob@example.com'));
});
afterAll(async () => {
  await server.close();
});

test('studio.cutout: the owner gets a transparent PNG at the photo size, downloadable as "Şeffaf PNG"; nobody else can', async () => {
  const up = await uploaded(alice, photo('coffee'), 'fincan.jpg');
  const r = await alice.mutate('studio.cutout', { uploadId: up.uploadId });
  expect(r.status).toBe(200);
  expect(r.data).toMatchObject({ width: 600, height: 400, note: null });
  expect(r.data.cutoutUrl).toMatch(/^\/api\/files\/cutouts\/[0-9a-f-]{36}$/);

  const file = await alice.raw(`${r.data.cutoutUrl}?download=1`);
  expect(file.status).toBe(200);
  expect(file.headers.get('content-type')).toBe('image/png');
  expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.png"$/);
  const png = Buffer.from(await file.arrayBuffer());
  const meta = await sharp(png).metadata();
  expect(meta).toMatchObject({ format: 'png', width: 600, height: 400, hasAlpha: true });
  const a = await alphaOf(png);
  expect(a.at(0.02, 0.05)).toBe(0);
  expect(a.at(0.48, 0.3)).toBe(255);

  // Another seller: neither the file nor a cut-out of someone else's upload.
  expect((await bob.raw(r.data.cutoutUrl!)).status).toBe(404);
  const stolen = await bob.mutate('studio.cutout', { uploadId: up.uploadId });
  expect(stolen.error.data.appCode).toBe('NOT_FOUND');
  // Signed out.
  const anon = new HttpClient(server.url);
  expect((await anon.mutate('studio.cutout', { uploadId: up.uploadId })).error.data.appCode).toBe('UNAUTHENTICATED');
  expect((await anon.raw(r.data.cutoutUrl!)).status).toBe(404);
  // Coordinates outside 0-1 are refused.
  const bad = await alice.mutate('studio.cutout', { uploadId: up.uploadId, keep: [{ x: 1.5, y: 0.2 }] });
  expect(bad.error.data.appCode).toBe('VALIDATION');
});

test('a photo the cut-out cannot handle gets the Turkish note and no file; the run uses the framed photo and says so', async () => {
  const up = await uploaded(alice, photo('chelsea'), 'kedi.jpg');
  const r = await alice.mutate('studio.cutout', { uploadId: up.uploadId });
  expect(r.data.cutoutUrl).toBeNull();
  expect(r.data.note).toContain(M.studio.notes.fills_frame);
  expect(r.data.note).toContain(M.studio.nextStep);
  expect(r.data.verdict).not.toBe('accepted');

  // Without the seller's consent the framed run is refused and nothing is taken.
  const before = (await alice.query('credits.balance')).data.balance;
  const refused = await alice.mutate('generations.createImage', { uploadId: up.uploadId, prompt: 'ahşap masa, gün batımı' });
  expect(refused.error.data.appCode).toBe('NEEDS_FRAMED_CONSENT');
  expect(refused.error.message).toBe(M.studio.needsConsent);
  const video = await alice.mutate('generations.createVideo', { uploadId: up.uploadId, duration: 5, aspectRatio: '16:9' });
  expect(video.error.data.appCode).toBe('NEEDS_FRAMED_CONSENT');
  expect((await alice.query('credits.balance')).data.balance).toBe(before);

  const { data } = await alice.mutate('generations.createImage', {
    uploadId: up.uploadId,
    prompt: 'ahşap masa, gün batımı',
    allowFramed: true,
  });
  const g = await waitDone(alice, data.id);
  expect(g.status).toBe('completed');
  expect(g.cutoutUrl).toBeNull();
  expect(g.cutoutNote).toContain(M.studio.notes.fills_frame);
  expect(g.outputRoles).toEqual(['framed', 'scene', 'scene', 'scene']);
});

test('a run uses the latest cut-out of its upload: outputs[0] is the white image and get() returns cutoutUrl', async () => {
  const up = await uploaded(alice, photo('coffee'), 'fincan.jpg');
  await alice.mutate('studio.cutout', { uploadId: up.uploadId });
  const latest = await alice.mutate('studio.cutout', { uploadId: up.uploadId, remove: [{ x: 0.6, y: 0.7 }] });
  expect(latest.data.cutoutUrl).not.toBeNull();

  const { data } = await alice.mutate('generations.createImage', {
    uploadId: up.uploadId,
    prompt: 'mermer mutfak tezgahı',
    category: 'aksesuar',
  });
  const g = await waitDone(alice, data.id);
  expect(g.status).toBe('completed');
  expect(g.cutoutUrl).toBe(latest.data.cutoutUrl);
  expect(g.outputRoles).toEqual(['white', 'scene', 'scene', 'scene']);
  expect(g.parameters).toMatchObject({ prompt: 'mermer mutfak tezgahı', category: 'aksesuar' });
  for (const [i, url] of g.outputs.entries()) {
    const res = await alice.raw(url);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(g.outputSizes[i]).toEqual({ width: meta.width, height: meta.height });
  }
  // The white image is square and pure white at its corner.
  expect(g.outputSizes[0]!.width).toBe(g.outputSizes[0]!.height);
  // Bob sees nothing of it.
  expect((await bob.query('generations.get', { id: data.id })).error.data.appCode).toBe('NOT_FOUND');
});

test('previews are rate limited per seller, with the Turkish message', async () => {
  const up = await uploaded(bob, photo('coffee'), 'fincan.jpg');
  const user = await server.handle.db.selectFrom('users').select('id').where('email', '=', 'bob@example.com').executeTakeFirstOrThrow();
  await server.handle.db
    .insertInto('rate_limits')
    .values({ key: `cutouts:user:${user.id}`, count: SELLER_LIMITS.cutouts.limit, reset_at: new Date(Date.now() + 60_000) })
    .execute();
  const r = await bob.mutate('studio.cutout', { uploadId: up.uploadId });
  expect(r.error.data.appCode).toBe('RATE_LIMITED');
  expect(r.error.message).toBe(M.fairShare.cutouts(1));
});

async function waitDone(c: HttpClient, id: string) {
  return waitFor(
    async () => {
      const { data } = await c.query('generations.get', { id });
      return data.status === 'completed' || data.status === 'failed' ? data : undefined;
    },
    { timeout: 60_000, what: 'the generation to finish' },
  );
}
