import { test, expect, type Page } from '@playwright/test';
import { M, landingDefaults, messagesFor } from '../../shared/messages';
import { adminPage, publishSeededExamples } from './support';

// Issue 38 item 5: the landing page an English visitor sees was almost all Turkish (the admin-edited
// content was Turkish only). The seeded content is in both languages; what the admin writes in
// English beside the Turkish is what the English page shows, and the Turkish where English is empty.
const EN = landingDefaults('en');
const EN_UI = messagesFor('en');
const TR = landingDefaults('tr');

async function expectEnglishLanding(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const hero = page.getByRole('region', { name: EN.content.hero.title });
  await expect(hero).toBeVisible();
  await expect(hero.getByText(EN.content.hero.subtitle)).toBeVisible();
  await expect(hero.getByRole('link', { name: EN.content.hero.cta_primary })).toHaveAttribute('href', '/auth?mode=signup');
  await expect(hero.getByRole('link', { name: EN.content.hero.cta_secondary })).toHaveAttribute('href', '/pricing');
  await expect(page.getByRole('heading', { name: EN.content.features.title })).toBeVisible();
  for (const f of EN.features) {
    const card = page.getByTestId('feature').filter({ hasText: f.title });
    await expect(card.getByText(f.description)).toBeVisible();
  }
  const references = page.getByTestId('portfolio-item');
  await expect(references).toHaveCount(EN.portfolio.length);
  for (const [i, work] of EN.portfolio.entries()) {
    const card = references.filter({ hasText: work.title });
    await expect(card.getByText(work.description)).toBeVisible();
    const category = M.defaults.portfolio[i]!.category;
    await expect(card.getByText(EN_UI.landing.portfolioCategories[category]!, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: EN.content.testimonials.title })).toBeVisible();
  for (const quote of EN.testimonials) await expect(page.getByTestId('testimonial').filter({ hasText: quote.text })).toHaveCount(1);
  await expect(page.getByRole('heading', { name: EN.content.cta.title })).toBeVisible();
  // None of the seeded Turkish landing texts is left on the page.
  const body = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
  const turkish = [
    ...Object.values(TR.content).flatMap((keys) => Object.values(keys)),
    ...TR.features.flatMap((f) => [f.title, f.description]),
    ...TR.testimonials.map((t) => t.text),
    ...TR.portfolio.flatMap((p) => [p.title, p.description]),
  ].filter((text) => body.includes(text));
  expect(turkish, 'seeded Turkish texts on the English page').toEqual([]);
}

test.describe('an English browser', () => {
  test.use({ locale: 'en-GB' });

  test('the landing page shows the seeded English texts, features, works and quotes', async ({ page, browser }) => {
    await publishSeededExamples(browser);
    await page.goto('/');
    await expectEnglishLanding(page);
    // For the screenshot: the lazy parts (works' images, the contact form) loaded by scrolling past them.
    for (const img of await page.getByTestId('portfolio-item').locator('img').all()) {
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    }
    await page.getByRole('heading', { name: EN.content.cta.title }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/landing-en.png', fullPage: true });
  });
});

test('the language switch on the landing page changes the admin-edited content too', async ({ page, browser }) => {
  await publishSeededExamples(browser);
  await page.goto('/');
  await expect(page.getByRole('region', { name: TR.content.hero.title })).toBeVisible();
  const language = (short: string) => page.locator('header').first().getByRole('radiogroup').getByText(short, { exact: true });
  await language(M.nav.languageShort.en).click();
  await expectEnglishLanding(page);
  await language(M.nav.languageShort.tr).click();
  await expect(page.getByRole('region', { name: TR.content.hero.title })).toBeVisible();
  await expect(page.getByTestId('feature').filter({ hasText: TR.features[0].title })).toBeVisible();
});

test('the admin writes English beside Turkish; left empty, the English page shows the Turkish text', async ({ browser }) => {
  const admin = await adminPage(browser);
  await admin.goto('/admin/content');
  const english = admin.locator('[data-content-key="features.subtitle.en"]');
  const turkish = admin.locator('[data-content-key="features.subtitle"]');
  await expect(english).toHaveValue(EN.content.features.subtitle);
  await expect(turkish).toHaveValue(TR.content.features.subtitle);
  // Side by side: the English field starts to the right of the Turkish one, on the same row.
  const [tr, en] = [(await turkish.boundingBox())!, (await english.boundingBox())!];
  expect(en.x).toBeGreaterThan(tr.x + tr.width - 1);
  expect(en.y).toBeLessThan(tr.y + tr.height);
  expect(tr.y).toBeLessThan(en.y + en.height);

  const visitor = await (await browser.newContext({ locale: 'en-GB' })).newPage();
  const subtitle = (text: string) => visitor.getByRole('region', { name: EN.content.features.title }).getByText(text, { exact: true });
  try {
    await english.fill('Studio-quality product images, no studio needed.');
    await admin.getByTestId('unsaved-bar').getByRole('button', { name: M.adminContent.save }).click();
    await expect(admin.getByTestId('unsaved-bar')).toBeHidden();
    await visitor.goto('/');
    await expect(subtitle('Studio-quality product images, no studio needed.')).toBeVisible();

    await english.fill('');
    await admin.getByTestId('unsaved-bar').getByRole('button', { name: M.adminContent.save }).click();
    await expect(admin.getByTestId('unsaved-bar')).toBeHidden();
    await visitor.reload();
    await expect(subtitle(TR.content.features.subtitle)).toBeVisible();
  } finally {
    // The shared server's English text as seeded, for the other specs.
    await english.fill(EN.content.features.subtitle);
    await admin.getByTestId('unsaved-bar').getByRole('button', { name: M.adminContent.save }).click();
    await expect(admin.getByTestId('unsaved-bar')).toBeHidden();
  }
});
