import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { HttpClient, startTestServer, uploaded, validSignUp } from '../helpers/server';
import type { RunningServer } from '../../server/index';
import { M } from '../../shared/messages';
import { getSettings } from '../../server/services/settings';
import { photo } from './photos';

/**
 * Issue 37 items 2 and 3, issue 33 item 12: the editor opens with the panel's verdict; the seller's
 * accept of an edited mask stands (the gate's findings are warnings); the same edits accepted again
 * give the same cut-out back without a second full-size cut-out or a limit slot.
 */
vi.setConfig({ testTimeout: 180_000 });
let server: RunningServer;
let alice: HttpClient;
let aliceId: string;
beforeAll(async () => {
  server = await startTestServer({ WORKER_CONCURRENCY: '1' });
  alice = new HttpClient(server.url);
  await alice.mutate('auth.signUp', validSignUp('alice@example.com'));
  aliceId = (await server.handle.db.selectFrom('users').select('id').where('email', '=', 'alice@example.com').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await server.close();
});

const stroke = (kind: 'keep' | 'remove', x: number, y: number) => ({ kind, radius: 0.03, points: [{ x, y }] });
const cutoutLimitUsed = async () =>
  (await server.handle.db.selectFrom('rate_limits').select('count').where('key', '=', `cutouts:user:${aliceId}`).executeTakeFirst())
    ?.count ?? 0;

test('the editor opens with the verdict and Turkish reasons the panel shows, on every photo the panel refused', async () => {
  for (const name of ['chelsea', 'stuff', 'smarties', 'rocket'] as const) {
    const up = await uploaded(alice, photo(name), `${name}.jpg`);
    const panel = await alice.mutate('studio.current', { uploadId: up.uploadId });
    const opened = await alice.mutate('studio.editorOpen', { uploadId: up.uploadId });
    expect(opened.data.cutout?.id).toBe(panel.data.id);
    if (panel.data.verdict === 'accepted') {
      expect(opened.data.note, name).toBeNull();
    } else {
      expect(opened.data.reasons, name).toEqual(panel.data.reasons);
      expect(opened.data.note, name).toContain(M.studio.notes[panel.data.reasons[0]!]);
    }
  }
});

test('an edited mask the seller accepts stands: the gate finds something, says it as a warning, and the run is charged as a normal cut-out run', async () => {
  const up = await uploaded(alice, photo('chelsea'), 'kedi.jpg');
  const auto = await alice.mutate('studio.current', { uploadId: up.uploadId });
  expect(auto.data.verdict).not.toBe('accepted');
  const { sessionId } = (await alice.mutate('studio.editorOpen', { uploadId: up.uploadId })).data;
  const box = { x: 0.01, y: 0.01, width: 0.98, height: 0.98 };
  const strokes = [stroke('keep', 0.5, 0.5)];
  const preview = await alice.mutate('studio.refine', { sessionId, box, strokes });
  expect(preview.data.reasons.length).toBeGreaterThan(0); // the gate still has findings on it
  const accepted = await alice.mutate('studio.accept', { sessionId, box, strokes });
  expect(accepted.data.verdict).toBe('accepted');
  expect(accepted.data.cutoutUrl).not.toBeNull();
  expect(accepted.data.reasons.length).toBeGreaterThan(0);
  expect(accepted.data.note).toContain(M.studio.sellerAcceptedWarnings);
  expect((await alice.mutate('studio.current', { uploadId: up.uploadId })).data.id).toBe(accepted.data.id);

  // No framed consent needed, charged as one image run, composed from the seller's cut-out.
  const balance = (await alice.query('credits.balance')).data.balance;
  const cost = (await getSettings(server.handle.db)).imageCreditCost;
  const run = await alice.mutate('generations.createImage', { uploadId: up.uploadId, prompt: 'ahşap masa' });
  expect(run.status).toBe(200);
  const after = (await alice.query('credits.balance')).data.balance;
  expect(balance - after).toBe(cost);
  const g = (await alice.query('generations.get', { id: run.data.id })).data;
  expect(g.cutoutId).toBe(accepted.data.id);

  // Where no person looked, the gate still decides alone: the automatic cut-out is not trusted.
  const again = await alice.mutate('studio.cutout', { uploadId: up.uploadId });
  expect(again.data.verdict).not.toBe('accepted');
});

test('accepting the same box and strokes again returns the same cut-out: no second full-size cut-out, no limit slot', async () => {
  const up = await uploaded(alice, photo('coffee'), 'fincan.jpg');
  const { sessionId } = (await alice.mutate('studio.editorOpen', { uploadId: up.uploadId })).data;
  const box = { x: 0.1, y: 0.05, width: 0.8, height: 0.9 };
  const strokes = [stroke('remove', 0.85, 0.85)];
  const first = await alice.mutate('studio.accept', { sessionId, box, strokes });
  expect(first.status).toBe(200);
  const rows = await server.handle.db.selectFrom('cutouts').select('id').where('upload_id', '=', up.uploadId).execute();
  const used = await cutoutLimitUsed();
  const [again, twice] = await Promise.all([
    alice.mutate('studio.accept', { sessionId, box, strokes }),
    alice.mutate('studio.accept', { sessionId, box, strokes }),
  ]);
  expect(again.data.id).toBe(first.data.id);
  expect(twice.data.id).toBe(first.data.id);
  expect(await server.handle.db.selectFrom('cutouts').select('id').where('upload_id', '=', up.uploadId).execute()).toEqual(rows);
  expect(await cutoutLimitUsed()).toBe(used);
  // Other edits make another.
  const other = await alice.mutate('studio.accept', { sessionId, box, strokes: [...strokes, stroke('remove', 0.1, 0.9)] });
  expect(other.data.id).not.toBe(first.data.id);
});
