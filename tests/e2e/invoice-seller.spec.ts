import { execFileSync } from 'node:child_process';
import { test, expect, type Page } from '@playwright/test';
import { M } from '../../shared/messages';
import { adminPage, signUp, uniqueEmail } from './support';

// Issue 38 item 1 in the browser: the invoice's seller block was just "Vitrin AI". The admin enters
// the operator's company details in the settings; a purchase's invoice PDF, as pdftotext reads it,
// carries them under "Satıcı".
const COMPANY = {
  title: 'Vitrin Yazılım A.Ş.',
  taxOffice: 'Kadıköy',
  vkn: '1234567890',
  mersis: '0123456789012345',
  address: 'Moda Cad. 1, Kadıköy / İstanbul',
  email: 'fatura@vitrin.example',
  phone: '+90 216 000 00 00',
};
const S = M.adminSettings;

async function setCompany(admin: Page, values: typeof COMPANY) {
  await admin.goto('/admin/settings');
  const fields: Array<[string, string]> = [
    [S.companyTitle, values.title],
    [S.companyTaxOffice, values.taxOffice],
    [S.companyVkn, values.vkn],
    [S.companyMersis, values.mersis],
    [S.companyAddress, values.address],
    [S.companyEmail, values.email],
    [S.companyPhone, values.phone],
  ];
  const section = admin.getByText(S.invoiceHint).locator('..');
  for (const [label, value] of fields) await section.getByRole('textbox', { name: label, exact: true }).fill(value);
  await admin.getByRole('button', { name: S.save }).first().click();
  await expect(admin.getByText(S.saved).first()).toBeVisible();
}

test("the invoice PDF's seller block carries the operator's company details the admin entered", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const admin = await adminPage(browser);
  await setCompany(admin, COMPANY);
  try {
    await signUp(page, uniqueEmail('fatura-satici'));
    await page.goto('/app/subscription');
    await page.getByTestId('plan-basic').getByRole('button', { name: M.plans.choosePlan }).click();
    const details = page.getByTestId('invoice-details');
    await details.getByRole('textbox', { name: M.invoiceDetails.fullName }).fill('Deniz Satıcı');
    await details.getByRole('textbox', { name: M.invoiceDetails.tckn }).fill('10000000146');
    await details.getByRole('textbox', { name: M.invoiceDetails.address }).fill('Bağdat Caddesi No: 1 Kadıköy');
    await details.getByRole('textbox', { name: M.invoiceDetails.city }).fill('İstanbul');
    await details.getByRole('button', { name: M.payments.continueToPayment }).click();
    const checkout = page.getByTestId('test-checkout');
    await checkout.getByRole('button', { name: M.payments.testPay('₺2.990') }).click();
    await expect(checkout.getByText(M.payments.testDone).first()).toBeVisible();
    await checkout.getByRole('button', { name: M.payments.testGoBilling }).click();

    const purchase = page.getByTestId('tx-row').filter({ hasText: M.billing.types.purchase });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      purchase.getByRole('button', { name: /^VTR\d{13} faturasını indir$/ }).click(),
    ]);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', (await download.path())!, '-']).toString('utf8');
    const lines = text.split('\n').map((l) => l.trim());
    // The seller block: its heading, then the company's title and each detail on its own line.
    const at = lines.indexOf(M.invoice.seller);
    expect(at, 'the seller heading').toBeGreaterThanOrEqual(0);
    const block = lines.slice(at + 1, at + 12);
    expect(block).toEqual(
      expect.arrayContaining([
        COMPANY.title,
        `${M.invoice.taxOffice}: ${COMPANY.taxOffice}`,
        `${M.invoice.vkn}: ${COMPANY.vkn}`,
        `${M.invoice.mersis}: ${COMPANY.mersis}`,
        `${M.invoice.address}: ${COMPANY.address}`,
        `${M.invoice.email}: ${COMPANY.email}`,
        `${M.invoice.phone}: ${COMPANY.phone}`,
      ]),
    );
    // The buyer block is the buyer's, not the operator's.
    expect(text).toContain(`${M.invoice.tckn}: 10000000146`);
  } finally {
    // The shared server's settings as before, for the other specs.
    await setCompany(admin, { title: '', taxOffice: '', vkn: '', mersis: '', address: '', email: '', phone: '' });
  }
});
