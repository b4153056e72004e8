import sharp from 'sharp';
import { afterEach, expect, test } from 'vitest';
import { FalStudioProvider, DEFAULT_FAL_CUTOUT_MODEL } from '../../server/providers/ai/fal-studio';
import { sceneDescription } from '../../server/providers/ai/fal-prompt';
import type { ImageJobInput } from '../../server/providers/ai/types';
import { photo } from '../studio/photos';
import { startFakeFal, type FakeFal } from './fake-fal';

let fake: FakeFal | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

test('the Turkish prompt reaches Bria in English without special characters; unknown words are left out', () => {
  expect(sceneDescription('Mermer tezgahta, gün batımı ışığında, sıcak ve lüks').english).toBe(
    'product photo, marble, countertop, sunset light, warm light, luxury',
  );
  expect(sceneDescription('ahşap masa, yeşil bitkiler, soğuk sabah').understood).toEqual([
    'wooden',
    'table',
    'green plants',
    'green',
    'morning light',
    'cool light',
  ]);
  // Nothing understood: a neutral listing scene, never the Turkish text.
  const none = sceneDescription('çok güzel olsun!');
  expect(none.english).toMatch(/^[A-Za-z0-9 ,]+$/);
  expect(none.understood).toEqual([]);
});

test('without a cut-out of its own, the run asks fal for one and lays the photo back through it; one upload, no data URI', async () => {
  fake = await startFakeFal({ statuses: ['IN_PROGRESS', 'COMPLETED'] });
  const provider = new FalStudioProvider({ apiKey: 'k', fetch: fake.fetch, pollIntervalMs: 5 });
  // The fake's background removal answers a 640x480 box; the photo is the 640x480 rocket.
  const bytes = await sharp(photo('rocket')).resize(640, 480, { fit: 'fill' }).jpeg({ quality: 95 }).toBuffer();
  const input: ImageJobInput = { imageBytes: bytes, mime: 'image/jpeg', prompt: 'beton zemin, dramatik', numImages: 4, cutoutPng: null };
  const { requestId } = await provider.submitImage(input);
  expect(fake.uploads.size).toBe(1);
  expect(fake.submits.map((s) => s.model).sort()).toContain(DEFAULT_FAL_CUTOUT_MODEL);
  for (const s of fake.submits) expect(JSON.stringify(s.body)).not.toContain('data:');
  expect(requestId).toMatch(/\|cut=fal-ai\/birefnet\/v2#req-\d$/);

  const outputs = await provider.waitForResult({ kind: 'image', requestId, loadInput: async () => input });
  expect(outputs.map((o) => ('role' in o ? o.role : null))).toEqual(['white', 'scene', 'scene', 'scene']);
  // Inside the fal cut-out's box (x 160-480, y 120-360; 8 px in from its edge) the scene is the photo.
  const ref = await sharp(bytes).raw().toBuffer();
  const scene = await sharp(outputs[1]!.bytes).raw().toBuffer({ resolveWithObject: true });
  expect([scene.info.width, scene.info.height]).toEqual([640, 480]);
  let sum = 0;
  let n = 0;
  for (let y = 128; y < 352; y++)
    for (let x = 168; x < 472; x++) {
      const i = (y * 640 + x) * 3;
      for (let c = 0; c < 3; c++) sum += Math.abs(scene.data[i + c]! - ref[i + c]!);
      n += 3;
    }
  expect(sum / n).toBeLessThan(3);
});
