import { readFile } from 'node:fs/promises';
import { test, expect, type Page } from '@playwright/test';
import Stripe from 'stripe';
import { M } from '../../shared/messages';
import { signUp } from './support';

/** Must match STRIPE_WEBHOOK_SECRET in serve.ts. */
const WEBHOOK_SECRET = 'whsec_e2e';
const stripe = new Stripe('sk_test_e2e', { telemetry: false });

const unique = () => `para-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** A Stripe-signed `checkout.session.completed` for the Temel package (₺2.990, the default lira price) of this user. */
async function payForBasic(page: Page, email: string) {
  const me = await page.request.get('/trpc/auth.me');
  expect(me.ok()).toBeTruthy();
  const userId = (await me.json()).result.data.user.id as string;
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const payload = JSON.stringify({
    id: `evt_e2e_${stamp}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_test_${stamp}`,
        object: 'checkout.session',
        payment_status: 'paid',
        client_reference_id: userId,
        customer: `cus_e2e_${stamp}`,
        customer_details: { email },
        amount_total: 299000,
        currency: 'try',
        invoice: null,
        metadata: { plan: 'basic' },
      },
    },
  });
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const res = await page.request.post('/api/webhooks/stripe', {
    headers: { 'stripe-signature': signature, 'content-type': 'application/json' },
    data: payload,
  });
  expect(res.status()).toBe(200);
  expect((await res.json()).outcome).toBe('credited');
}

test('dashboard, billing and subscription follow a real purchase; the invoice downloads', async ({ page }) => {
  const email = unique();
  await signUp(page, email);

  // Dashboard: greeting, the four cards, the trial grant in the activity list (so no welcome item).
  await expect(page.getByText(M.app.greeting('Deniz Satıcı'))).toBeVisible();
  await expect(page.getByTestId('stat-credits-value')).toHaveText('10 kredi');
  await expect(page.getByText(M.dashboard.statImagesMonth)).toBeVisible();
  await expect(page.getByTestId('stat-images-value')).toHaveText('0');
  await expect(page.getByText(M.dashboard.statTotalVideos)).toBeVisible();
  await expect(page.getByText(M.dashboard.statSavings)).toBeVisible();
  await expect(page.getByTestId('stat-savings-value')).toHaveText('₺0');
  await expect(page.getByTestId('stat-images').getByTestId('change-badge')).toHaveText('+0%');
  await expect(page.getByTestId('activity-item').filter({ hasText: M.credits.trialGrant })).toContainText('+10 kredi');
  await expect(page.getByTestId('activity-welcome')).toHaveCount(0);
  await expect(page.getByTestId('credit-plan')).toHaveText('Deneme');
  await expect(page.getByTestId('credit-costs')).toHaveText('4 fotoğraf: 1 kredi · 1 video: 6 kredi');

  // Billing before paying: nothing spent, no invoices to zip, no card.
  await page.goto('/app/billing');
  await expect(page.getByTestId('tile-total-value')).toHaveText('₺0');
  await expect(page.getByTestId('tx-row').filter({ hasText: M.credits.trialGrant })).toBeVisible();
  await expect(page.getByRole('button', { name: M.invoice.downloadAll })).toBeDisabled();
  await expect(page.getByTestId('payment-none')).toBeVisible();

  // A paid Temel checkout arrives while the page is open: the page follows the live balance.
  await payForBasic(page, email);
  await expect(page.getByTestId('tile-total-value')).toHaveText('₺2.990');
  await expect(page.getByTestId('tile-month-value')).toHaveText('₺2.990');
  const purchase = page.getByTestId('tx-row').filter({ hasText: M.billing.types.purchase });
  await expect(purchase).toContainText('₺2.990');
  await expect(page.getByText('$')).toHaveCount(0);
  await expect(purchase.getByTestId('tx-credits')).toHaveText('+60 kredi');
  await expect(page.getByTestId('billing-plan')).toHaveText('Temel');
  await expect(page.getByTestId('billing-balance')).toHaveText('70 kredi');
  await expect(page.getByTestId('payment-managed')).toContainText('Stripe');

  // The invoice: a PDF named by its sequential number (prefix, year, 9 digits).
  const invoiceButton = purchase.getByRole('button', { name: /^VTR\d{13} faturasını indir$/ });
  const [download] = await Promise.all([page.waitForEvent('download'), invoiceButton.click()]);
  expect(download.suggestedFilename()).toMatch(/^Fatura-VTR\d{13}\.pdf$/);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByText(M.invoice.downloaded)).toBeVisible();

  // Tümünü indir: one zip.
  const zipButton = page.getByRole('button', { name: M.invoice.downloadAll });
  await expect(zipButton).toBeEnabled();
  const [zip] = await Promise.all([page.waitForEvent('download'), zipButton.click()]);
  expect(zip.suggestedFilename()).toBe('faturalar.zip');

  // Phone width: stacked cards instead of the table.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('tx-card').filter({ hasText: M.billing.types.purchase })).toBeVisible();
  await expect(page.getByTestId('tx-row').first()).toBeHidden();
  await page.setViewportSize({ width: 1366, height: 900 });

  // Subscription: Temel is the current package, 70 credits, a real renewal date, the invoice listed.
  await page.goto('/app/subscription');
  await expect(page.getByTestId('current-plan-name')).toHaveText('Temel');
  await expect(page.getByTestId('current-plan-balance')).toHaveText('70 kredi');
  await expect(page.getByTestId('current-plan-renewal')).toContainText(/\d{4}/);
  await expect(page.getByTestId('plan-basic').getByRole('button', { name: M.plans.currentPlan })).toBeDisabled();
  await expect(page.getByTestId('plan-trial').getByRole('button', { name: M.plans.startFree })).toBeEnabled();
  await expect(page.getByTestId('plan-standard').getByRole('button', { name: M.plans.choosePlan })).toBeEnabled();
  await expect(page.getByTestId('usage-credits-value')).toHaveText('0');
  await expect(page.getByTestId('invoice-row')).toHaveCount(1);
  await expect(page.getByTestId('announcement')).toContainText('Bir video 6 kredi');

  // Before a first paid checkout the invoice details are asked for (issue 16 (docs/history.md)).
  await page.getByTestId('plan-standard').getByRole('button', { name: M.plans.choosePlan }).click();
  await expect(page).toHaveURL(/\/app\/billing\?plan=standard$/);
  await expect(page.getByTestId('invoice-details').getByText(M.payments.detailsFirst)).toBeVisible();

  // Dashboard after the purchase.
  await page.goto('/app');
  await expect(page.getByTestId('stat-credits-value')).toHaveText('70 kredi');
  await expect(page.getByTestId('credit-plan')).toHaveText('Temel');
  await expect(page.getByTestId('activity-item').filter({ hasText: M.credits.purchaseDescription('Temel') })).toContainText('+60 kredi');
});

test('subscription without purchases: trial is current, invoices are empty', async ({ page }) => {
  await signUp(page, unique());
  await page.goto('/app/subscription');
  await expect(page.getByTestId('current-plan-name')).toHaveText('Deneme');
  await expect(page.getByTestId('current-plan-balance')).toHaveText('10 kredi');
  await expect(page.getByTestId('plan-trial').getByRole('button', { name: M.plans.currentPlan })).toBeDisabled();
  await expect(page.getByTestId('plan-basic').getByRole('button', { name: M.plans.choosePlan })).toBeEnabled();
  await expect(page.getByTestId('invoices-empty')).toHaveText(M.subscription.invoicesEmpty);
  await page.getByRole('link', { name: M.subscription.invoicesLink }).click();
  await expect(page).toHaveURL(/\/app\/billing$/);
});
