import sharp from 'sharp';
import { expect, test } from 'vitest';
import { productFromCutout } from '../../server/studio/cutout-product';
import { renderScene, renderSceneLayers } from '../../server/studio/scene-render';
import { planStyle, sceneSetups } from '../../server/studio/scene-style';
import { photo } from './photos';

/**
 * The local video stages the product on the scene of the stills (scene-render.ts): its layers
 * (empty surface, shadows and reflection, product) laid back together give the still, so the
 * video shows the same surface, light and shadow the seller's words and controls chose.
 */
test.each([
  ['side', 'beyaz mermer, soğuk ışık', { reflection: true }],
  ['top', 'açık ahşap masa, sıcak ışık', { shadow: 0.9 }],
] as const)('%s view: the video layers composed again are the still scene (%s)', async (view, prompt, controls) => {
  const { width, height } = await sharp(photo('coffee')).metadata();
  const oval = await sharp(
    Buffer.from(
      `<svg width="${width}" height="${height}"><ellipse cx="${width! / 2}" cy="${height! / 2}" rx="${width! / 4}" ry="${height! / 3}" fill="#fff"/></svg>`,
    ),
  )
    .extractChannel(3)
    .toBuffer();
  const product = await productFromCutout(await sharp(photo('coffee')).joinChannel(oval).png().toBuffer());
  const style = planStyle(prompt, '', controls);
  const setup = sceneSetups(style)[0];
  const canvas = { width: 640, height: 360 };
  const still = await (await renderScene(product, style, setup, view, canvas)).image.removeAlpha().raw().toBuffer();
  const layers = await renderSceneLayers(product, style, setup, view, canvas);
  const shade = await layers.shade.png().toBuffer();
  const { place } = layers;
  const video = await sharp(await layers.backdrop.png().toBuffer())
    .composite([
      { input: shade },
      { input: layers.product, raw: { width: place.width, height: place.height, channels: 4 }, left: place.left, top: place.top },
    ])
    .removeAlpha()
    .raw()
    .toBuffer();
  let diff = 0;
  for (let i = 0; i < still.length; i++) diff += Math.abs(still[i]! - video[i]!);
  expect(diff / still.length).toBeLessThan(2); // mean per channel, 0-255: rounding of the shadow layer only
  // The shadow layer is not empty: the product's shadows move with it in the video.
  const alpha = await layers.shade.extractChannel(3).raw().toBuffer();
  expect(alpha.some((a) => a > 40)).toBe(true);
});
