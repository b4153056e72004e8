import { test, expect, type Browser, type Page } from '@playwright/test';
import { M } from '../../shared/messages';
import { signUp, uniqueEmail } from './support';

/** The e2e server's first admin (tests/e2e/serve.ts). */
const ADMIN = { email: 'admin@e2e.local', password: 'e2e-admin-secret' };

async function adminPage(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto('/admin/login');
  await page.getByRole('textbox', { name: M.auth.email }).fill(ADMIN.email);
  await page.locator('input[type="password"]').fill(ADMIN.password);
  await page.getByRole('button', { name: M.admin.loginButton }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: M.admin.navDashboard, level: 1 })).toBeVisible();
  return page;
}

/** The read filter is a segmented control: its radio inputs are visually hidden behind labels. */
async function readFilter(page: Page, label: string) {
  await page.locator('.mantine-SegmentedControl-root').getByText(label, { exact: true }).click();
}

test('admin adjusts a customer’s credits; the signed-in customer sees the new balance live', async ({ browser }) => {
  // The customer, signed in in their own browser.
  const customerCtx = await browser.newContext();
  const customer = await customerCtx.newPage();
  const email = uniqueEmail('admin-kredi');
  await signUp(customer, email);
  const pill = customer.getByLabel(M.common.creditBalance).first();
  await expect(pill).toHaveText('10 kredi');

  const admin = await adminPage(browser);
  // The dashboard is live (socket up) and shows the sign-up in its feed.
  await expect(admin.getByRole('status').filter({ hasText: M.adminLive.connected })).toBeVisible();
  await expect(admin.getByTestId('activity-feed')).toContainText(email);

  await admin.getByRole('link', { name: M.admin.navCredits }).first().click();
  await admin.getByRole('textbox', { name: M.adminCredits.searchPlaceholder }).fill(email);
  const row = admin.getByTestId('admin-credit-row').filter({ hasText: email });
  await expect(row).toHaveCount(1);

  // +10 quick button.
  await row.getByRole('button', { name: M.adminCredits.addLabel(email) }).click();
  await expect(admin.getByText(M.admin.creditUpdated('20'))).toBeVisible();
  await expect(row.getByTestId('admin-credit-balance')).toHaveText('20 kredi');
  await expect(pill).toHaveText('20 kredi'); // no reload: credits.onChange

  // Inline edit.
  await row.getByRole('textbox', { name: M.adminCredits.balanceInput(email) }).fill('35');
  await row.getByRole('button', { name: M.adminCredits.apply }).click();
  // Issue 38 item 13: applied only after a confirmation stating the difference.
  const confirm = admin.getByRole('dialog', { name: M.adminCredits.confirmTitle });
  await expect(confirm.getByTestId('credit-difference')).toHaveText('+15 kredi');
  await confirm.getByRole('button', { name: M.adminCredits.confirmButton('+15 kredi') }).click();
  await expect(admin.getByText(M.admin.creditUpdated('35'))).toBeVisible();
  await expect(pill).toHaveText('35 kredi');

  // -10 quick button.
  await row.getByRole('button', { name: M.adminCredits.removeLabel(email) }).click();
  await expect(admin.getByText(M.admin.creditUpdated('25'))).toBeVisible();
  await expect(pill).toHaveText('25 kredi');

  // Every change is in the audit log, newest first.
  await admin.goto('/admin/logs');
  const first = admin.getByTestId('admin-log-row').first();
  await expect(first).toContainText(M.adminLogs.actions['credits.adjust']!);
  await expect(first).toContainText(email);
  await customerCtx.close();
});

test('admin edits a testimonial and the landing page shows it; deleting asks first', async ({ browser }) => {
  const admin = await adminPage(browser);
  await admin.goto('/admin/testimonials');
  await expect(admin.getByTestId('testimonial-card').first()).toBeVisible();

  // Add one (so the seeded ones stay as they are), then edit it.
  await admin.getByRole('button', { name: M.adminTestimonials.add }).click();
  let dialog = admin.getByRole('dialog', { name: M.adminTestimonials.addTitle });
  const name = `Ece Test ${Date.now() % 100000}`;
  await dialog.getByRole('textbox', { name: M.adminTestimonials.name }).fill(name);
  await dialog.getByRole('textbox', { name: M.adminTestimonials.company }).fill('E2E Atölye');
  await dialog.getByRole('textbox', { name: M.adminLanguages.turkish(M.adminTestimonials.text) }).fill('İlk sürüm metni.');
  await dialog.getByRole('button', { name: M.common.save }).click();
  await expect(admin.getByText(M.adminTestimonials.created)).toBeVisible();

  const card = admin.getByTestId('testimonial-card').filter({ hasText: name });
  await card.getByRole('button', { name: `${name}: ${M.adminItems.edit}` }).click();
  dialog = admin.getByRole('dialog', { name: M.adminTestimonials.editTitle });
  const text = `Ürün görsellerimiz bir günde hazır oldu (${Date.now()}).`;
  await dialog.getByRole('textbox', { name: M.adminLanguages.turkish(M.adminTestimonials.text) }).fill(text);
  await dialog.getByRole('button', { name: M.common.save }).click();
  await expect(admin.getByText(M.adminTestimonials.updated)).toBeVisible();
  await expect(card).toContainText(text);

  // A visitor sees the edit at once (the landing cache was invalidated).
  const visitor = await browser.newPage();
  await visitor.goto('/');
  const quote = visitor.getByTestId('testimonial').filter({ hasText: name });
  await expect(quote).toContainText(text);

  // Delete with the SPEC confirmation; the landing page no longer shows it.
  await card.getByRole('button', { name: `${name}: ${M.adminItems.delete}` }).click();
  const confirm = admin.getByRole('dialog', { name: M.adminTestimonials.deleteTitle });
  await expect(confirm).toContainText(M.admin.confirmDeleteTestimonial);
  await confirm.getByRole('button', { name: M.adminItems.delete }).click();
  await expect(admin.getByText(M.adminTestimonials.deleted)).toBeVisible();
  await expect(card).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(visitor.getByTestId('testimonial').filter({ hasText: name })).toHaveCount(0);
});

test('a contact message arrives live, opening it marks it read, and it can be marked unread again', async ({ browser, baseURL }) => {
  const admin = await adminPage(browser);
  await admin.goto('/admin/messages');
  await expect(admin.getByRole('heading', { name: M.admin.navMessages, level: 1 })).toBeVisible();
  // The admin area keeps one live subscription open; wait until the socket is up.
  await expect(admin.getByRole('status').filter({ hasText: M.adminLive.connected })).toBeVisible();
  await admin.waitForTimeout(300);

  // A visitor sends the landing page's contact form (the public tRPC endpoint, same-site Origin).
  const from = `Mesaj Gönderen ${Date.now() % 100000}`;
  const body = 'Kurumsal paketler hakkında bilgi almak istiyorum. Teşekkürler.';
  const res = await admin.request.post('/trpc/content.submitContact', {
    data: { name: from, email: 'iletisim@example.com', company: 'E2E Ltd', message: body },
    headers: { origin: baseURL!, 'content-type': 'application/json' },
  });
  expect(res.ok()).toBe(true);

  // It shows up without a reload.
  const item = admin.getByTestId('message-item').filter({ hasText: from });
  await expect(item).toBeVisible();
  await item.click();
  const detail = admin.getByTestId('message-detail');
  await expect(detail).toContainText(body);
  await expect(detail).toContainText('E2E Ltd');
  // Opening it marked it read (persisted: survives a reload).
  await expect(detail.getByRole('button', { name: M.adminMessages.markUnread })).toBeVisible();
  await readFilter(admin, M.adminMessages.filterRead);
  await expect(admin.getByTestId('message-item').filter({ hasText: from })).toBeVisible();

  await detail.getByRole('button', { name: M.adminMessages.markUnread }).click();
  await expect(admin.getByText(M.adminMessages.markedUnread)).toBeVisible();
  await admin.reload();
  await readFilter(admin, M.adminMessages.filterUnread);
  await expect(admin.getByRole('radio', { name: M.adminMessages.filterUnread })).toBeChecked();
  await expect(admin.getByTestId('message-item').filter({ hasText: from })).toBeVisible();
});
