import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freshDatabase } from '../helpers/db';
import { completedImageRun, productPhoto, userWithUpload } from '../helpers/fixtures';
import { exportImage, exportRenderLoad, exportRun } from '../../server/services/exports';
import { LocalFileStorage, type FileStorage } from '../../server/providers/storage';
import { EXPORT_PRESETS } from '../../shared/export-presets';
import { M } from '../../shared/messages';
import type { DbHandle } from '../../server/db';
import type { StoredOutput } from '../../shared/schemas/generations';
import { unzip } from './helpers';
import { waitFor } from '../helpers/wait';

let h: DbHandle;
let root: string;
let local: LocalFileStorage;
let userId: string;
let runId: string;
const outputs: StoredOutput[] = [];

beforeAll(async () => {
  h = await freshDatabase();
  root = mkdtempSync(path.join(tmpdir(), 'vitrin-export-stream-'));
  local = new LocalFileStorage(root);
  const { user, uploadId } = await userWithUpload(h.db);
  userId = user.id;
  const photos = [];
  for (let i = 0; i < 4; i++) photos.push(await productPhoto(640 + 40 * i, 480));
  const run = await completedImageRun(h.db, local, { userId, uploadId, photos, roles: true });
  runId = run.runId;
  outputs.push(...run.outputs);
});
afterAll(async () => {
  await h.close();
  rmSync(root, { recursive: true, force: true });
});

/** The storage, with every whole-file read (`get`) passing through `onGet` first. */
function spied(onGet: (key: string) => Promise<void> | void): FileStorage {
  return {
    name: local.name,
    put: (k, b, t) => local.put(k, b, t),
    putStream: (k, b, t) => local.putStream(k, b, t),
    head: (k) => local.head(k),
    openRead: (k, r) => local.openRead(k, r),
    delete: (k) => local.delete(k),
    deleteAll: (prefix) => local.deleteAll(prefix),
    get: async (k) => {
      await onGet(k);
      return local.get(k);
    },
  };
}

test('the zip streams out while it is built: the first image leaves before the last is read; its entries are the rendered images', async () => {
  let reads = 0;
  const storage = spied(() => void reads++);
  const result = await exportRun({ db: h.db, storage }, userId, runId, 'square');
  expect(result?.zipName).toBe(`vitrin-square-${runId.slice(0, 8)}.zip`);
  const chunks: Buffer[] = [];
  let readsAtFirstByte = -1;
  for await (const chunk of result!.zip as AsyncIterable<Buffer>) {
    if (readsAtFirstByte < 0) readsAtFirstByte = reads;
    chunks.push(chunk);
  }
  expect(reads).toBe(4);
  expect(readsAtFirstByte).toBeGreaterThan(0);
  expect(readsAtFirstByte).toBeLessThan(4);

  // The same entries, names and bytes as the images rendered one by one, and the note of enlarged ones.
  const files = await unzip(Buffer.concat(chunks));
  expect([...files.keys()].sort()).toEqual([M.exports.noteFileName, 'square-1.jpg', 'square-2.jpg', 'square-3.jpg', 'square-4.jpg'].sort());
  const preset = EXPORT_PRESETS.square;
  const enlarged: string[] = [];
  for (const [i, out] of outputs.entries()) {
    const name = `square-${i + 1}.jpg`;
    const expected = await exportImage({ bytes: (await local.get(out.key))!.bytes, role: out.role, cutoutPng: null }, preset);
    expect(files.get(name)).toEqual(expected.bytes);
    expect(await sharp(files.get(name)!).metadata()).toMatchObject({ width: preset.width, height: preset.height });
    if (expected.upscale > 2) enlarged.push(`${name} (${expected.upscale.toFixed(1)}×)`);
  }
  expect(enlarged.length).toBeGreaterThan(0);
  expect(files.get(M.exports.noteFileName)!.toString('utf8')).toBe(M.exports.upscaledNote(enlarged.join(', ')));
});

test('parallel exports render one image at a time in the process, however many are asked for', async () => {
  let pending = 0;
  let widest = 0;
  const held: (() => void)[] = [];
  let holding = true;
  const storage = spied(async () => {
    pending++;
    widest = Math.max(widest, pending);
    if (holding) await new Promise<void>((resolve) => held.push(resolve));
    pending--;
  });
  const results = await Promise.all(Array.from({ length: 5 }, () => exportRun({ db: h.db, storage }, userId, runId, 'ciceksepeti')));
  const bodies = results.map((r) => buffer(r!.zip));
  // Every export has asked for its render: one runs, four wait for the slot.
  await waitFor(() => exportRenderLoad().waiting === 4 && pending === 1, { what: 'the five renders to be asked for' });
  expect(pending).toBe(1);
  holding = false;
  held.splice(0).forEach((go) => go());
  for (const body of await Promise.all(bodies)) expect([...(await unzip(body)).keys()]).toContain('ciceksepeti-4.jpg');
  expect(widest).toBe(1);
});

test('an export whose client left while it waited for its turn renders nothing', async () => {
  let reads = 0;
  let release: () => void = () => {};
  const firstRead = new Promise<void>((resolve) => (release = resolve));
  const storage = spied(async () => {
    if (++reads === 1) await firstRead; // the first export holds the render slot
  });
  const first = await exportRun({ db: h.db, storage }, userId, runId, 'ciceksepeti');
  const second = await exportRun({ db: h.db, storage }, userId, runId, 'ciceksepeti');
  const body = buffer(first!.zip);
  second!.zip.destroy(); // its client went away
  release();
  expect([...(await unzip(await body)).keys()]).toContain('ciceksepeti-4.jpg');
  // The second export's turn comes, and goes.
  await waitFor(() => exportRenderLoad().running === 0 && exportRenderLoad().waiting === 0, { what: 'the render slot to be free' });
  expect(reads).toBe(4);
});

test('no zip for a run none of whose files is in storage', async () => {
  const empty = spied(() => {});
  for (const o of outputs) await local.delete(o.key);
  expect(await exportRun({ db: h.db, storage: empty }, userId, runId, 'square')).toBeNull();
});
