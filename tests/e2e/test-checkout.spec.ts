import { execFileSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { test, expect } from '@playwright/test';
import { M } from '../../shared/messages';
import { signUp, uniqueEmail } from './support';

const creditPill = (page: import('@playwright/test').Page) => page.getByLabel(M.common.creditBalance).first();

/** A small product photo as a real JPEG. */
async function productPhoto(): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="700"><rect width="900" height="700" fill="#eee6da"/>
    <rect x="330" y="180" width="240" height="360" rx="40" fill="#2f6f8f"/><rect x="390" y="130" width="120" height="60" rx="12" fill="#1d4a60"/></svg>`;
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'vitrin-pay-')), 'sise.jpg');
  await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toFile(file);
  return file;
}

/**
 * Issue 16 (docs/history.md) on the embedded default (no payment provider configured, loopback http): sign up →
 * use the trial → buy a package through the local test checkout → the balance and an invoice
 * carrying the invoice details are updated.
 */
test('sign up, use the trial, buy through the test checkout: balance and invoice follow', async ({ page }) => {
  test.setTimeout(150_000);
  await signUp(page, uniqueEmail('odeme'));

  // Use the trial: one image generation (1 credit).
  await page.goto('/app/generate-image');
  await expect(creditPill(page)).toHaveText('10 kredi');
  await page.setInputFiles('input[type=file]', await productPhoto());
  await expect(page.getByRole('img', { name: M.generation.photoAlt })).toBeVisible();
  await page.getByLabel(M.generation.promptLabel).fill('Beyaz fonda cam şişe, yumuşak gölge');
  await page.getByRole('button', { name: M.generation.generateImage }).click();
  await expect(page.getByTestId('output-grid').locator('img')).toHaveCount(4, { timeout: 90_000 });
  await expect(creditPill(page)).toHaveText('9 kredi');

  // Buy: the packages say this is a test checkout; a first purchase asks for invoice details.
  await page.goto('/app/subscription');
  await expect(page.getByTestId('test-mode-notice')).toHaveText(M.payments.testBanner);
  await page.getByTestId('plan-basic').getByRole('button', { name: M.plans.choosePlan }).click();
  await expect(page).toHaveURL(/\/app\/billing\?plan=basic$/);
  const details = page.getByTestId('invoice-details');
  await expect(details.getByText(M.payments.detailsFirst)).toBeVisible();
  await details.getByRole('textbox', { name: M.invoiceDetails.fullName }).fill('Deniz Satıcı');
  await details.getByRole('textbox', { name: M.invoiceDetails.tckn }).fill('10000000147');
  await details.getByRole('textbox', { name: M.invoiceDetails.address }).fill('Bağdat Caddesi No: 1 Kadıköy');
  await details.getByRole('textbox', { name: M.invoiceDetails.city }).fill('İstanbul');
  await details.getByRole('button', { name: M.payments.continueToPayment }).click();
  // A wrong check digit is refused in Turkish before anything is sent.
  await expect(details.getByText(M.invoiceDetails.tcknInvalid)).toBeVisible();
  await details.getByRole('textbox', { name: M.invoiceDetails.tckn }).fill('10000000146');
  await details.getByRole('button', { name: M.payments.continueToPayment }).click();

  // The product's own test checkout, marked on screen.
  await expect(page).toHaveURL(/\/app\/test-checkout\/[0-9a-f-]{36}$/);
  const checkout = page.getByTestId('test-checkout');
  await expect(checkout.getByTestId('test-mode-notice')).toHaveText(M.payments.testBanner);
  await expect(checkout).toContainText('Temel');
  // The default install's lira price, KDV included: what the pricing page showed.
  await expect(checkout).toContainText(`₺2.990 ${M.plans.priceSuffix(true)}`);
  await expect(checkout).not.toContainText('$');
  await expect(checkout).toContainText('10000000146');
  await checkout.getByRole('button', { name: M.payments.testPay('₺2.990') }).click();
  await expect(checkout.getByText(M.payments.testDone).first()).toBeVisible();
  await expect(checkout.getByTestId('test-mode-notice')).toBeVisible();
  await expect(creditPill(page)).toHaveText('69 kredi');

  // Billing: the balance, the package and an invoice with the invoice details.
  await checkout.getByRole('button', { name: M.payments.testGoBilling }).click();
  await expect(page).toHaveURL(/\/app\/billing$/);
  await expect(page.getByTestId('test-mode-notice')).toBeVisible();
  await expect(page.getByTestId('billing-balance')).toHaveText('69 kredi');
  await expect(page.getByTestId('billing-plan')).toHaveText('Temel');
  await expect(page.getByTestId('invoice-details-view')).toContainText('10000000146');
  await expect(page.getByTestId('payment-test')).toHaveText(M.payments.testPaymentMethod);
  const purchase = page.getByTestId('tx-row').filter({ hasText: M.billing.types.purchase });
  await expect(purchase).toContainText('₺2.990');
  await expect(purchase.getByTestId('tx-credits')).toHaveText('+60 kredi');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    purchase.getByRole('button', { name: /^VTR\d{13} faturasını indir$/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^Fatura-VTR\d{13}\.pdf$/);
  // The PDF as pdftotext reads it (poppler-utils).
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', (await download.path())!, '-']).toString('utf8');
  expect(text).toContain(M.payments.testBanner);
  expect(text).toContain('Ad soyad: Deniz Satıcı');
  expect(text).toContain('T.C. Kimlik No: 10000000146');
  expect(text).toContain('Bağdat Caddesi No: 1 Kadıköy / İstanbul');
  expect(text).toContain('KDV (%20): ₺498,33');
  expect(text).toContain('Toplam (KDV dahil): ₺2.990,00');
});
