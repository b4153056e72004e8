import { test, expect, type Locator, type Page } from '@playwright/test';
import { M } from '../../shared/messages';
import { publishSeededExamples, signUp, uniqueEmail } from './support';

// A 390 px phone (iPhone 12-15 width): nothing clipped, nothing running past the right edge,
// nothing left under the cookie notice.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const PHONE_WIDTH = 390;

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, 'element is laid out').not.toBeNull();
  return b!;
}

/** The page is not wider than the phone: no element pushes it sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
}

test('pricing: the trial card can be read and used above the open cookie notice', async ({ browser }) => {
  // A first visit: the notice is open (the config dismisses it for the other tests).
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  await page.goto('/pricing');
  const notice = page.getByRole('region', { name: M.nav.cookies });
  await expect(notice).toBeVisible();
  const trialButton = page
    .getByRole('button', { name: M.plans.startFree })
    .or(page.getByRole('link', { name: M.plans.startFree }))
    .first();
  await expect(trialButton).toBeVisible();

  // Brought into view as the browser does for a keyboard user or a link, it sits above the notice.
  await trialButton.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  const button = await box(trialButton);
  const over = await box(notice);
  expect(button.y + button.height).toBeLessThanOrEqual(over.y);
  // And a tap reaches it, not the notice.
  await trialButton.click({ trial: true, timeout: 5_000 });

  // At the very end of the page the footer's last line is clear of the notice too.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const lastFooterLine = page.locator('footer').last();
  const footer = await box(lastFooterLine);
  expect(footer.y + footer.height).toBeLessThanOrEqual((await box(notice)).y + 1);
  await expectNoSidewaysScroll(page);
  await context.close();
});

test("a new seller on a phone: their name in the greeting, the billing page's Düzenle whole, the unverified alert inside the screen", async ({
  page,
}) => {
  await signUp(page, uniqueEmail('telefon'));
  // The name they signed up with (support.ts: "Deniz Satıcı"), not the e-mail's local part.
  await expect(page.getByRole('heading', { name: M.app.greeting('Deniz Satıcı') })).toBeVisible();

  await page.goto('/app/billing');
  const details = page.getByTestId('invoice-details');
  await details.getByRole('textbox', { name: M.invoiceDetails.fullName }).fill('Deniz Satıcı');
  await details.getByRole('textbox', { name: M.invoiceDetails.tckn }).fill('10000000146');
  await details.getByRole('textbox', { name: M.invoiceDetails.address }).fill('Bağdat Caddesi No: 1 Kadıköy');
  await details.getByRole('textbox', { name: M.invoiceDetails.city }).fill('İstanbul');
  await details.getByRole('button', { name: M.invoiceDetails.save }).click();
  await expect(page.getByText(M.invoiceDetails.saved)).toBeVisible();

  const edit = details.getByRole('button', { name: M.invoiceDetails.edit });
  await expect(edit).toBeVisible();
  // The whole word is drawn: its label is not cut (no overflow), and the button is inside the card.
  const label = edit.locator('.mantine-Button-label');
  expect(await label.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  expect(await label.innerText()).toBe(M.invoiceDetails.edit);
  const card = await box(details);
  const button = await box(edit);
  expect(button.x + button.width).toBeLessThanOrEqual(card.x + card.width);
  await expectNoSidewaysScroll(page);

  await page.goto('/app/profile');
  const alert = page.getByTestId('unverified-alert');
  await expect(alert).toBeVisible();
  const resend = alert.getByRole('button', { name: M.accounts.resendVerification });
  for (const part of [alert, resend]) {
    const b = await box(part);
    expect(b.x).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width).toBeLessThanOrEqual(PHONE_WIDTH);
  }
  await expectNoSidewaysScroll(page);
});

test('a fresh install promises no 4K without an upscaler, and published examples show on the phone landing', async ({ page, browser }) => {
  await page.goto('/');
  await expect(page.getByText(M.landing.claimVideo).first()).toBeVisible();
  await expect(page.getByText(M.landing.claim4k)).toHaveCount(0);
  await publishSeededExamples(browser);
  await page.reload();
  await expect(page.getByTestId('testimonial')).toHaveCount(3);
  await expect(page.getByTestId('portfolio-item')).toHaveCount(3);
  await expectNoSidewaysScroll(page);
});
