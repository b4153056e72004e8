import { expect, test } from 'vitest';
import { M } from '../../shared/messages';
import { ZCreateImage } from '../../shared/schemas/generations';

const base = { uploadId: '3f1c2a9e-5b7d-4c1e-9f0a-2b3c4d5e6f70', prompt: 'mermer, sıcak ışık' };

test('scene controls are optional: an older client without them is accepted as before', () => {
  expect(ZCreateImage.parse(base)).toEqual(base);
});

test('the controls are kept as given (colour lower-cased); pure white is #ffffff', () => {
  const scene = { background: '#FFFFFF', shadow: 0, reflection: true, productSize: 0.5, seed: 42 };
  expect(ZCreateImage.parse({ ...base, scene }).scene).toEqual({ ...scene, background: '#ffffff' });
});

test('bad controls are refused with a Turkish reason', () => {
  const reason = (scene: object) => ZCreateImage.safeParse({ ...base, scene }).error?.issues[0]?.message;
  expect(reason({ background: 'kırmızı' })).toBe(M.generation.backgroundColour);
  expect(reason({ shadow: 2 })).toBe(M.generation.sceneControl);
  expect(reason({ productSize: 0.1 })).toBe(M.generation.sceneControl);
  expect(reason({ seed: 1.5 })).toBe(M.generation.sceneControl);
});
