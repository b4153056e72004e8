import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { HttpClient, startTestServer, uploaded, validSignUp } from '../helpers/server';
import type { RunningServer } from '../../server/index';
import { M } from '../../shared/messages';
import { CUTOUT_LIMITS, EDITOR_LIMITS, SELLER_LIMITS } from '../../shared/constants';
import { EditorSessions } from '../../server/services/cutout-sessions';
import { photo } from './photos';

// Real cut-outs on real photos on a shared 2-core machine.
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

const userId = async (email: string) =>
  (await server.handle.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
const cutoutRows = (uploadId: string) =>
  server.handle.db.selectFrom('cutouts').selectAll().where('upload_id', '=', uploadId).orderBy('created_at').execute();
const stroke = (kind: 'keep' | 'remove', x: number, y: number) => ({ kind, radius: CUTOUT_LIMITS.strokeRadius, points: [{ x, y }] });

test('the editor opens on the automatic mask, a stroke changes the preview, undo gives the opening mask back, accept records one judged cut-out', async () => {
  const up = await uploaded(alice, photo('coffee'), 'fincan.jpg');
  const opened = await alice.mutate('studio.editorOpen', { uploadId: up.uploadId });
  expect(opened.status).toBe(200);
  expect(opened.data).toMatchObject({ width: 600, height: 400 });
  expect(opened.data.maskDataUrl).toMatch(/^data:image\/png;base64,/);
  // The automatic cut-out was made and recorded once, as studio.cutout records it.
  expect(await cutoutRows(up.uploadId)).toHaveLength(1);
  expect(opened.data.cutout?.id).toBe((await cutoutRows(up.uploadId))[0]!.id);
  const sessionId = opened.data.sessionId;

  // Removing the saucer's middle (product) changes the mask; the gate's preview reasons come with it.
  const strokes = [stroke('remove', 0.45, 0.55)];
  const one = await alice.mutate('studio.refine', { sessionId, strokes });
  expect(one.status).toBe(200);
  expect(one.data.maskDataUrl).not.toBe(opened.data.maskDataUrl);
  // Undo: no strokes again is the opening mask, answered from the session.
  const undone = await alice.mutate('studio.refine', { sessionId, strokes: [] });
  expect(undone.data.maskDataUrl).toBe(opened.data.maskDataUrl);
  // Redo: the same stroke gives the same mask.
  expect((await alice.mutate('studio.refine', { sessionId, strokes })).data.maskDataUrl).toBe(one.data.maskDataUrl);
  // Refining makes no cut-out row.
  expect(await cutoutRows(up.uploadId)).toHaveLength(1);

  // Accept: one new row, the upload's latest, its file present exactly when the gate accepted it.
  const keep = [stroke('keep', 0.48, 0.3)];
  const accepted = await alice.mutate('studio.accept', { sessionId, strokes: keep });
  expect(accepted.status).toBe(200);
  const rows = await cutoutRows(up.uploadId);
  expect(rows).toHaveLength(2);
  const row = rows[1]!;
  expect(accepted.data.id).toBe(row.id);
  expect(row.guided).toBe(true);
  expect(accepted.data.verdict).toBe(row.storage_key ? 'accepted' : 'untrusted');
  expect(row.mask_key).not.toBeNull();
  expect(accepted.data).toMatchObject({ width: 600, height: 400 });
  if (accepted.data.cutoutUrl) expect((await alice.raw(accepted.data.cutoutUrl)).status).toBe(200);
  else expect(accepted.data.note).toContain(M.studio.nextStep);
  // Accepting an untouched opening mask makes nothing new.
  const again = await alice.mutate('studio.accept', { sessionId, strokes: [] });
  expect(again.data.id).toBe(row.id);
  expect(await cutoutRows(up.uploadId)).toHaveLength(2);
});

test('only the owner: another seller can neither open the upload nor use the session', async () => {
  const up = await uploaded(alice, photo('coffee'), 'fincan.jpg');
  const opened = await alice.mutate('studio.editorOpen', { uploadId: up.uploadId });
  expect((await bob.mutate('studio.editorOpen', { uploadId: up.uploadId })).error.data.appCode).toBe('NOT_FOUND');
  const stolen = await bob.mutate('studio.refine', { sessionId: opened.data.sessionId, strokes: [] });
  expect(stolen.error.data.appCode).toBe('SESSION_EXPIRED');
  expect((await bob.mutate('studio.accept', { sessionId: opened.data.sessionId, strokes: [] })).error.data.appCode).toBe('SESSION_EXPIRED');
  const anon = new HttpClient(server.url);
  expect((await anon.mutate('studio.refine', { sessionId: opened.data.sessionId, strokes: [] })).error.data.appCode).toBe(
    'UNAUTHENTICATED',
  );
  // A stroke outside the photo is refused.
  const bad = await alice.mutateUnchecked('studio.refine', { sessionId: opened.data.sessionId, strokes: [stroke('keep', 1.4, 0.2)] });
  expect(bad.error.data.appCode).toBe('VALIDATION');
});

test('a session expires after its time and answers with the Turkish message; a seller keeps at most a few', async () => {
  let now = 1_000_000;
  const sessions = new EditorSessions(() => now, { ...EDITOR_LIMITS, perSeller: 2 });
  const deps = { db: server.handle.db, storage: server.deps.storage };
  const id = await userId('alice@example.com');
  const ups = [];
  for (let i = 0; i < 3; i++) ups.push(await uploaded(alice, photo('coffee'), `f${i}.jpg`));
  const first = await sessions.open(deps, id, ups[0]!.uploadId);
  now += EDITOR_LIMITS.ttlMs - 1000;
  // Used just before its time: still warm, and its time starts again.
  await sessions.refine(deps, id, { sessionId: first.sessionId, strokes: [] });
  now += EDITOR_LIMITS.ttlMs - 1000;
  await sessions.refine(deps, id, { sessionId: first.sessionId, strokes: [] });
  now += EDITOR_LIMITS.ttlMs + 1;
  await expect(sessions.refine(deps, id, { sessionId: first.sessionId, strokes: [] })).rejects.toMatchObject({
    appCode: 'SESSION_EXPIRED',
    message: M.editor.sessionExpired,
  });
  expect(sessions.size).toBe(0);
  // A third session of the same seller pushes out their least recently used one.
  const a = await sessions.open(deps, id, ups[0]!.uploadId);
  now += 10;
  const b = await sessions.open(deps, id, ups[1]!.uploadId);
  now += 10;
  await sessions.refine(deps, id, { sessionId: a.sessionId, strokes: [] });
  now += 10;
  await sessions.open(deps, id, ups[2]!.uploadId);
  expect(sessions.size).toBe(2);
  await expect(sessions.refine(deps, id, { sessionId: b.sessionId, strokes: [] })).rejects.toMatchObject({ appCode: 'SESSION_EXPIRED' });
  await sessions.refine(deps, id, { sessionId: a.sessionId, strokes: [] });
});

test('live rounds are rate limited per seller in the database, with the Turkish message', async () => {
  const up = await uploaded(bob, photo('coffee'), 'fincan.jpg');
  const opened = await bob.mutate('studio.editorOpen', { uploadId: up.uploadId });
  await server.handle.db
    .insertInto('rate_limits')
    .values({
      key: `refines:user:${await userId('bob@example.com')}`,
      count: SELLER_LIMITS.refines.limit,
      reset_at: new Date(Date.now() + 60_000),
    })
    .onConflict((oc) => oc.column('key').doUpdateSet({ count: SELLER_LIMITS.refines.limit, reset_at: new Date(Date.now() + 60_000) }))
    .execute();
  const r = await bob.mutate('studio.refine', { sessionId: opened.data.sessionId, strokes: [stroke('keep', 0.5, 0.5)] });
  expect(r.error.data.appCode).toBe('RATE_LIMITED');
  expect(r.error.message).toBe(M.fairShare.refines(1));
});
