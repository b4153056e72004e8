import { test, expect, type Locator, type Page } from '@playwright/test';
import { M, messagesFor, type Messages } from '../../shared/messages';
import { signUp, uniqueEmail } from './support';

// Issue 38 item 11: at 390 px the app header cut the language switch to "E" and the credit badge
// to "160 …". Every control of the header is whole: inside the screen, not under another, its text
// not cut.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  await expect(locator).toBeVisible();
  // Visible, yet its box can be read in the instant React swaps the node (the balance arriving): ask again.
  let b: Box | null = null;
  await expect.poll(async () => (b = await locator.boundingBox()), { message: 'element is laid out' }).not.toBeNull();
  return b!;
}

const overlap = (a: Box, b: Box) =>
  Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 0.5 && Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 0.5;

/** No part of the element's content is cut off (text-overflow, a fixed width, overflow hidden). */
async function notCut(locator: Locator) {
  const cut = await locator.evaluate((root) =>
    [root, ...root.querySelectorAll<HTMLElement>('*')]
      .filter((el) => el.scrollWidth - el.clientWidth > 1 && getComputedStyle(el).overflow !== 'visible')
      .map((el) => `${el.className}: "${el.textContent}" ${el.clientWidth}/${el.scrollWidth}`),
  );
  expect(cut, 'content is cut').toEqual([]);
}

async function headerIsWhole(page: Page, credits: string, T: Messages = messagesFor('tr')) {
  const header = page.locator('header').first();
  const controls = {
    menu: header.getByRole('button', { name: T.nav.openMenu }),
    logo: header.getByRole('link').first(),
    language: header.getByRole('radiogroup', { name: T.nav.language }),
    credits: header.getByLabel(T.common.creditBalance),
    signOut: header.getByRole('button', { name: T.nav.signOut }),
  };
  const boxes: [string, Box][] = [];
  for (const [name, locator] of Object.entries(controls)) boxes.push([name, await box(locator)]);
  for (const [name, b] of boxes) {
    expect(b.x, `${name} starts inside the screen`).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width, `${name} ends inside the screen`).toBeLessThanOrEqual(390);
  }
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++)
      expect(overlap(boxes[i]![1], boxes[j]![1]), `${boxes[i]![0]} and ${boxes[j]![0]} overlap`).toBe(false);
  // Both languages readable in the switch, and the whole balance in the badge.
  for (const short of Object.values(T.nav.languageShort)) await expect(controls.language.getByText(short, { exact: true })).toBeVisible();
  await notCut(controls.language);
  await expect(controls.credits).toHaveText(credits);
  await notCut(controls.credits);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('the app header at 390 px: menu, logo, language switch, credit balance and sign-out whole, side by side', async ({ page }) => {
  await signUp(page, uniqueEmail('baslik'));
  const badge = page.locator('header').first().getByLabel(M.common.creditBalance);
  await expect(badge).not.toHaveText('…');
  const credits = (await badge.textContent())!;
  expect(credits).toMatch(/\d/);
  await headerIsWhole(page, credits);

  // In English (longer words: "credits") the same holds.
  await page.locator('header').first().getByText(M.nav.languageShort.en, { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const EN = messagesFor('en');
  const englishBadge = page.locator('header').first().getByLabel(EN.common.creditBalance);
  await expect(englishBadge).not.toHaveText(credits);
  await headerIsWhole(page, (await englishBadge.textContent())!, EN);
  await page.screenshot({ path: 'test-results/phone-header-en.png' });
});
