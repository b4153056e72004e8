import { expect } from 'vitest';
import { TEST_MARK, testMarkBox } from '../../server/services/api-test-mode';

/** The badge's colours where testMarkBox says it is: red padding and a white letter bar. */
export function expectMark(raw: { data: Buffer; info: { width: number; height: number; channels: number } }) {
  const { width, height, channels } = raw.info;
  const box = testMarkBox(width, height);
  const at = (x: number, y: number) => {
    const i = (Math.round(y) * width + Math.round(x)) * channels;
    return { r: raw.data[i]!, g: raw.data[i + 1]!, b: raw.data[i + 2]! };
  };
  // The padding left of the first letter (red) and the middle of the first T's bar (white).
  const red = at(box.left + box.unit * 1, box.top + box.height / 2);
  const white = at(box.left + box.unit * 3.5, box.top + box.unit * 2.5);
  expect(red.r).toBeGreaterThan(TEST_MARK.background.r - 50);
  expect(red.g).toBeLessThan(TEST_MARK.background.g + 60);
  expect(red.b).toBeLessThan(TEST_MARK.background.b + 60);
  expect(Math.min(white.r, white.g, white.b)).toBeGreaterThan(200);
}
