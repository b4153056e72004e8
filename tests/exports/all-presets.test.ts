import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { HttpClient, startTestServer, uploaded, validSignUp } from '../helpers/server';
import { completedImageRun, productPhoto } from '../helpers/fixtures';
import type { RunningServer } from '../../server/index';
import { EXPORT_PRESETS, EXPORT_PRESET_IDS, exportUrl } from '../../shared/export-presets';
import { EXPORT_DOWNLOADS_PER_RUN, SELLER_LIMITS } from '../../shared/constants';
import { M } from '../../shared/messages';
import { unzip } from './helpers';

// Issue 38 item 10: "Tüm pazar yerleri" — every preset of one run in one zip — and the export limit
// counted per run rather than per file.
let server: RunningServer;
let seller: HttpClient;
let userId: string;
let runId: string;

beforeAll(async () => {
  server = await startTestServer({ WORKER_CONCURRENCY: '0' });
  seller = new HttpClient(server.url);
  expect((await seller.mutate('auth.signUp', validSignUp('pazar@example.com'))).status).toBe(200);
  userId = (await server.handle.db.selectFrom('users').select('id').where('email', '=', 'pazar@example.com').executeTakeFirstOrThrow()).id;
  const { uploadId } = await uploaded(seller, await productPhoto(400, 300), 'urun.jpg');
  // A completed framed run (no cut-out: each image is fitted as it is, which keeps 28 renders quick).
  ({ runId } = await completedImageRun(server.handle.db, server.deps.storage, {
    userId,
    uploadId,
    photos: [await productPhoto(320, 240), await productPhoto(360, 240)],
    roles: true,
  }));
}, 60_000);
afterAll(async () => {
  await server?.close();
});

async function exportsCounted(): Promise<number> {
  const row = await server.handle.db
    .selectFrom('rate_limits')
    .select('count')
    .where('key', '=', `exports:user:${userId}`)
    .executeTakeFirst();
  return row?.count ?? 0;
}

test('"all": one zip with a folder per preset, each image at its preset size, one note, counted as one export', async () => {
  const res = await seller.raw(exportUrl(runId, 'all'));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${M.exports.allZipName(runId.slice(0, 8))}"`);
  const files = await unzip(Buffer.from(await res.arrayBuffer()));
  const jpgs = [...files.keys()].filter((n) => n.endsWith('.jpg'));
  expect(jpgs.sort()).toEqual(EXPORT_PRESET_IDS.flatMap((id) => [1, 2].map((n) => `${id}/${id}-${n}.jpg`)).sort());
  for (const id of EXPORT_PRESET_IDS) {
    const meta = await sharp(files.get(`${id}/${id}-1.jpg`)!).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: EXPORT_PRESETS[id].width, height: EXPORT_PRESETS[id].height });
  }
  // A 320 px photo is enlarged more than 2× for every preset: one note names them all, with their folders.
  const note = files.get(M.exports.noteFileName)!.toString('utf8');
  for (const id of EXPORT_PRESET_IDS) expect(note).toContain(`${id}/${id}-1.jpg`);
  expect(await exportsCounted()).toBe(1);

  // Each preset of the same run, one by one, is the same export: nothing more is counted.
  for (const id of EXPORT_PRESET_IDS) expect((await seller.raw(exportUrl(runId, id))).status).toBe(200);
  expect(await exportsCounted()).toBe(1);
}, 180_000);

test('the limit counts runs: other runs take the rest of it, the next run is refused, the counted run still downloads', async () => {
  const before = await exportsCounted();
  // Ids of no run: each answers 404 and counts as a run, once however often it is asked for.
  const others = Array.from({ length: SELLER_LIMITS.exports.limit - before }, () => randomUUID());
  for (const id of others) {
    expect((await seller.raw(exportUrl(id, 'square'))).status).toBe(404);
    expect((await seller.raw(exportUrl(id, 'amazon'))).status).toBe(404);
  }
  expect(await exportsCounted()).toBe(SELLER_LIMITS.exports.limit);
  const refused = await seller.raw(exportUrl(randomUUID(), 'all'));
  expect(refused.status).toBe(429);
  expect(((await refused.json()) as { error: { data: { appCode: string } } }).error.data.appCode).toBe('RATE_LIMITED');
  // A run already counted in the window is not refused by the runs after it.
  expect((await seller.raw(exportUrl(runId, 'n11'))).status).toBe(200);

  // One run asked for over and over is bounded on its own.
  const id = others[0]!;
  const statuses: number[] = [];
  for (let i = 2; i < EXPORT_DOWNLOADS_PER_RUN + 2; i++) statuses.push((await seller.raw(exportUrl(id, 'square'))).status);
  expect(statuses.filter((s) => s === 404)).toHaveLength(EXPORT_DOWNLOADS_PER_RUN - 2);
  expect(statuses.filter((s) => s === 429)).toHaveLength(2);
}, 120_000);
