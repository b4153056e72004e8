import { readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { HttpClient, startTestServer, validSignUp } from '../helpers/server';
import type { RunningServer } from '../../server/index';
import { EXPORT_PRESETS, EXPORT_PRESET_IDS, exportUrl } from '../../shared/export-presets';
import { M } from '../../shared/messages';
import { photo } from '../studio/photos';
import { onWhite, unzip, waitDone, widestWhiteBand } from './helpers';
import { uploaded } from '../helpers/server';

let server: RunningServer;
let alice: HttpClient;
let bob: HttpClient;
let coffeeRun: Awaited<ReturnType<typeof waitDone>>;
let catRun: Awaited<ReturnType<typeof waitDone>>;
beforeAll(async () => {
  server = await startTestServer({ WORKER_CONCURRENCY: '1' });
  alice = new HttpClient(server.url);
  bob = new HttpClient(server.url);
  await alice.mutate('auth.signUp', validSignUp('alice@example.com'));
  await bob.mutate('auth.signUp', validSignUp('bob@example.com'));
  const coffee = await uploaded(alice, photo('coffee'), 'fincan.jpg');
  const cat = await uploaded(alice, photo('chelsea'), 'kedi.jpg');
  const a = await alice.mutate('generations.createImage', { uploadId: coffee.uploadId, prompt: 'mermer tezgah, sabah ışığı' });
  const b = await alice.mutate('generations.createImage', { uploadId: cat.uploadId, prompt: 'ahşap masa', allowFramed: true });
  coffeeRun = await waitDone(alice, a.data.id);
  catRun = await waitDone(alice, b.data.id);
  expect(coffeeRun.outputRoles).toEqual(['white', 'scene', 'scene', 'scene']);
  expect(catRun.outputRoles[0]).toBe('framed');
}, 240_000);
afterAll(async () => {
  await server?.close();
});

test.each(EXPORT_PRESET_IDS)(
  '%s: a zip of the 4 images at the exact size, pure white to the edges, the product centred at the preset fill',
  async (id) => {
    const preset = EXPORT_PRESETS[id];
    const res = await alice.raw(exportUrl(coffeeRun.id, id));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="vitrin-${id}-${coffeeRun.id.slice(0, 8)}.zip"`);
    const files = await unzip(Buffer.from(await res.arrayBuffer()));
    if (process.env.EXPORT_LOOK_DIR) for (const [n, b] of files) writeFileSync(`${process.env.EXPORT_LOOK_DIR}/${n}`, b);
    const jpgs = [...files.keys()].filter((n) => n.endsWith('.jpg'));
    expect(jpgs).toEqual([1, 2, 3, 4].map((n) => `${id}-${n}.jpg`));
    for (const name of jpgs) {
      const meta = await sharp(files.get(name)!).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: preset.width, height: preset.height, space: 'srgb', channels: 3 });
    }
    // The white image: product (from the cut-out) at exactly the preset's share, centred, white RGB 255 at every edge.
    const white = await onWhite(files.get(`${id}-1.jpg`)!);
    expect(white.borderPure).toBe(true);
    expect(white.fill).toBeGreaterThan(preset.fill - 0.02);
    expect(white.fill).toBeLessThanOrEqual(preset.fill + 0.005);
    expect(Math.abs(white.box.cx - 0.5)).toBeLessThan(0.01);
    expect(Math.abs(white.box.cy - 0.5)).toBeLessThan(0.01);
    if (id === 'amazon') expect(white.fill).toBeGreaterThanOrEqual(0.85);
    // Scenes are composed again at the preset's own shape from the cut-out: the surface fills the frame, no white bands.
    for (const n of [2, 3, 4]) {
      const scene = files.get(`${id}-${n}.jpg`)!;
      expect((await onWhite(scene)).fill).toBeGreaterThan(0.99);
      expect(await widestWhiteBand(scene)).toBeLessThanOrEqual(0.02);
    }
    // The coffee photo is 600×400: every preset enlarges its cut-out more than 2×, and the zip says so (docs/decisions.md D31).
    expect(files.get(M.exports.noteFileName)?.toString('utf8')).toContain(`${id}-1.jpg`);
  },
  // Each preset composes three scenes again from the cut-out: seconds each on a loaded 2-core machine.
  120_000,
);

test('a run without a cut-out (framed photo) exports its framed image whole on white', async () => {
  const res = await alice.raw(exportUrl(catRun.id, 'trendyol'));
  expect(res.status).toBe(200);
  const files = await unzip(Buffer.from(await res.arrayBuffer()));
  const bytes = files.get('trendyol-1.jpg')!;
  const meta = await sharp(bytes).metadata();
  expect(meta).toMatchObject({ width: 1200, height: 1800 });
  // The framed shot is wider than 2:3: it spans the width, with pure white bands above and below.
  const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => [...data.subarray((y * 1200 + x) * 3, (y * 1200 + x) * 3 + 3)];
  expect(at(600, 2)).toEqual([255, 255, 255]);
  expect(at(600, 1797)).toEqual([255, 255, 255]);
  expect(Math.min(...at(600, 900))).toBeLessThan(250);
  // Its scenes (the framed photo on a scene) fill the 2:3 frame, cropped around what matters: no bands either.
  for (const n of [2, 3, 4]) {
    const scene = files.get(`trendyol-${n}.jpg`)!;
    expect(await sharp(scene).metadata()).toMatchObject({ width: 1200, height: 1800 });
    expect(await widestWhiteBand(scene)).toBeLessThanOrEqual(0.02);
  }
});

test('owner only: another seller, a visitor, an unknown preset or id all get 404', async () => {
  expect((await bob.raw(exportUrl(coffeeRun.id, 'amazon'))).status).toBe(404);
  expect((await new HttpClient(server.url).raw(exportUrl(coffeeRun.id, 'amazon'))).status).toBe(404);
  expect((await alice.raw(`/api/generations/${coffeeRun.id}/export/etsy`)).status).toBe(404);
  expect((await alice.raw(`/api/generations/00000000-0000-4000-8000-000000000000/export/amazon`)).status).toBe(404);
  expect((await alice.raw(`/api/generations/nope/export/amazon`)).status).toBe(404);
});

test('the studio document (docs/studio.md) lists every preset with its exact size', () => {
  const readme = readFileSync(new URL('../../docs/studio.md', import.meta.url), 'utf8');
  for (const p of Object.values(EXPORT_PRESETS)) {
    const row = readme.split('\n').find((l) => new RegExp(`^\\|\\s*\`${p.id}\`\\s*\\|`).test(l)); // Prettier pads the columns
    expect(row, p.id).toBeDefined();
    expect(row).toContain(`${p.width}×${p.height}`);
    expect(row).toContain(p.confirmed ? 'yes' : 'not confirmed');
  }
});
