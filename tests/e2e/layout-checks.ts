import { expect, type Locator } from '@playwright/test';

/** What the phone-width specs check of a control: where it lies, that none covers another, that its text is whole. */
export type Box = { x: number; y: number; width: number; height: number };

/** The control's box once it is visible and laid out. */
export async function box(locator: Locator): Promise<Box> {
  await expect(locator).toBeVisible();
  // Visible, yet its box can be read in the instant React swaps the node (data arriving): ask again.
  let b: Box | null = null;
  await expect.poll(async () => (b = await locator.boundingBox()), { message: 'element is laid out' }).not.toBeNull();
  return b!;
}

const overlap = (a: Box, b: Box) =>
  Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 0.5 && Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 0.5;

/** No two of the named boxes lie on top of one another. */
export function expectNoOverlap(boxes: Array<[string, Box]>): void {
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++)
      expect(overlap(boxes[i]![1], boxes[j]![1]), `${boxes[i]![0]} and ${boxes[j]![0]} overlap`).toBe(false);
}

/** No part of the element's content is cut off (text-overflow, a fixed width, overflow hidden). */
export async function notCut(locator: Locator, name?: string): Promise<void> {
  const cut = await locator.evaluate((root) =>
    [root, ...root.querySelectorAll<HTMLElement>('*')]
      .filter((el) => el.scrollWidth - el.clientWidth > 1 && getComputedStyle(el).overflow !== 'visible')
      .map((el) => `${el.className}: "${el.textContent}" ${el.clientWidth}/${el.scrollWidth}`),
  );
  expect(cut, name ? `${name}: content is cut` : 'content is cut').toEqual([]);
}
