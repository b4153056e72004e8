import { test, expect, type Page } from '@playwright/test';
import { M, messagesFor, type Messages } from '../../shared/messages';
import { signUp, uniqueEmail } from './support';
import { box, expectNoOverlap, notCut, type Box } from './layout-checks';

// Issue 38 item 11: at 390 px the app header cut the language switch to "E" and the credit badge
// to "160 …". Every control of the header is whole: inside the screen, not under another, its text
// not cut.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

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
  expectNoOverlap(boxes);
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
