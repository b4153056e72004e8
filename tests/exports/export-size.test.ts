import sharp from 'sharp';
import { beforeAll, expect, test } from 'vitest';
import { EXPORT_PRESETS } from '../../shared/export-presets';
import { productFromCutout } from '../../server/studio/cutout-product';
import { exportImage } from '../../server/studio/export-render';
import { cutoutAtSize } from '../../server/studio/export-product';
import { placeScene } from '../../server/studio/scene-render';
import { planStyle, sceneSetups } from '../../server/studio/scene-style';
import { photo } from '../studio/photos';

/**
 * Exports decode a cut-out only as large as the frame needs (bounded memory, issue 22), and still
 * report enlargement against the stored cut-out (the note of images enlarged past 2×, issue 23).
 * A 12 MP cut-out: the coffee photograph enlarged to a phone camera's size with an oval product.
 */
const W = 4240;
const H = 2827;
let big: Buffer;
let small: Buffer;
beforeAll(async () => {
  const oval = (w: number, h: number) =>
    sharp(
      Buffer.from(
        `<svg width="${w}" height="${h}"><ellipse cx="${w * 0.45}" cy="${h / 2}" rx="${w / 5}" ry="${h / 3}" fill="#fff"/></svg>`,
      ),
    )
      .extractChannel(3)
      .toBuffer();
  big = await sharp(photo('coffee'))
    .resize(W, H)
    .joinChannel(await oval(W, H))
    .png({ compressionLevel: 1 })
    .toBuffer();
  small = await sharp(photo('coffee'))
    .joinChannel(await oval(600, 400))
    .png()
    .toBuffer();
});

test('a 12 MP cut-out is decoded at about the frame size, its product box the same as the full decode', async () => {
  const full = await productFromCutout(big);
  const { product, scale } = await cutoutAtSize(big, { width: 1080, height: 1350 });
  expect(Math.max(product.width, product.height)).toBeLessThan(1350 * 1.1);
  expect(scale).toBeLessThan(0.85);
  // The same product, only smaller: its box in stored pixels within 1% of the full decode's.
  expect(product.width / scale).toBeGreaterThan(full.width * 0.99);
  expect(product.width / scale).toBeLessThan(full.width * 1.01);
  expect(product.height / scale).toBeGreaterThan(full.height * 0.99);
  expect(product.height / scale).toBeLessThan(full.height * 1.01);
  expect(product.sourceAspect).toBeCloseTo(W / H, 3);
  // A frame larger than the product's stored pixels reads it whole.
  expect((await cutoutAtSize(small, { width: 2000, height: 2000 })).scale).toBe(1);
}, 60_000);

test('enlargement is reported against the stored cut-out: a 12 MP one is never "enlarged", a 600 px one is, as before', async () => {
  const full = await productFromCutout(big);
  const preset = EXPORT_PRESETS.trendyol;
  const white = await exportImage({ bytes: Buffer.alloc(0), role: 'white', cutoutPng: big }, preset);
  const expected = Math.min((preset.width * preset.fill) / full.width, (preset.height * preset.fill) / full.height);
  expect(white.upscale).toBeGreaterThan(expected * 0.98);
  expect(white.upscale).toBeLessThan(expected * 1.02);
  expect(white.upscale).toBeLessThan(1);

  const source = { prompt: 'ahşap masa, sıcak ışık', index: 1, view: 'side' as const };
  const scene = await exportImage({ bytes: Buffer.alloc(0), role: 'scene', cutoutPng: big, scene: source }, preset);
  const style = planStyle(source.prompt);
  const place = placeScene(full, style, sceneSetups(style)[1], 'side', preset);
  expect(scene.upscale).toBeGreaterThan((place.width / full.width) * 0.98);
  expect(scene.upscale).toBeLessThan((place.width / full.width) * 1.02);
  expect(await sharp(scene.bytes).metadata()).toMatchObject({ width: preset.width, height: preset.height });

  // The 600×400 cut-out in Trendyol's 1200×1800: drawn well past 2×, and said so.
  const smallWhite = await exportImage({ bytes: Buffer.alloc(0), role: 'white', cutoutPng: small }, preset);
  const smallScene = await exportImage({ bytes: Buffer.alloc(0), role: 'scene', cutoutPng: small, scene: source }, preset);
  expect(smallWhite.upscale).toBeGreaterThan(2);
  expect(smallScene.upscale).toBeGreaterThan(2);
}, 120_000);
