import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { M } from '../../shared/messages';
import { adminPage, signUp, uniqueEmail } from './support';

/** The e2e server's files (tests/e2e/serve.ts: DATA_DIR, local storage under `files/`). */
const FILES = path.resolve(process.env.E2E_DATA_DIR ?? 'tests/e2e/.data', 'files');
const photo = path.resolve('tests/fixtures/photos/coffee.jpg');
const jobsText = M.adminJobs;

async function trpcPost(page: Page, origin: string, proc: string, input: unknown) {
  const res = await page.request.post(`/trpc/${proc}`, { data: input, headers: { origin, 'content-type': 'application/json' } });
  expect(res.ok(), `${proc}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()).result.data;
}

async function balanceOf(page: Page): Promise<number> {
  const res = await page.request.get('/trpc/credits.balance');
  expect(res.ok()).toBe(true);
  return (await res.json()).result.data.balance as number;
}

/**
 * "İşler" (issue 35 item 5) in the browser: a seller's run fails for real (its photo's file is gone
 * from storage, so every attempt fails) and is refunded; the admin sees it with its reason and the
 * refund, retries it after a confirmation, and the seller's balance never moves (docs/decisions.md
 * D53). The page follows the run live: no reload between the steps.
 */
test('İşler: a failed, refunded run with its reason; the admin retries it free of charge, live', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('isler');
  await signUp(page, email);
  const origin = baseURL!;
  const start = await balanceOf(page);

  const admin = await adminPage(browser);
  await admin.getByRole('link', { name: jobsText.nav }).click();
  await expect(admin).toHaveURL(/\/admin\/jobs$/);
  await expect(admin.getByRole('heading', { level: 1, name: jobsText.nav })).toBeVisible();
  await expect(admin.getByRole('status').filter({ hasText: M.adminLive.connected })).toBeVisible();

  // The photo, its cut-out (fixed before the run is accepted), then its file removed from storage.
  const upload = await page.request.post('/api/uploads', {
    multipart: { file: { name: 'coffee.jpg', mimeType: 'image/jpeg', buffer: await readFile(photo) } },
    headers: { origin },
  });
  expect(upload.status()).toBe(201);
  const { uploadId } = (await upload.json()) as { uploadId: string };
  await trpcPost(page, origin, 'studio.cutout', { uploadId });
  const me = (await (await page.request.get('/trpc/auth.me')).json()).result.data.user.id as string;
  await rm(path.join(FILES, 'uploads', me, `${uploadId}.jpg`));
  const { id } = (await trpcPost(page, origin, 'generations.createImage', { uploadId, prompt: 'ahşap masa', allowFramed: true })) as {
    id: string;
  };
  expect(await balanceOf(page)).toBeLessThan(start);

  // Three attempts later it is failed and refunded; the page shows it without a reload.
  const row = admin.locator(`[data-testid="jobs-failed-row"][data-run="${id}"]`);
  await expect(row).toBeVisible({ timeout: 60_000 });
  await expect(row).toContainText(email);
  await expect(row).toContainText(M.generation.unknown);
  await expect(row).toContainText(jobsText.refunded(1));
  expect(await balanceOf(page)).toBe(start);

  // Retry: asked first, then queued again, with nothing taken from the seller.
  await row.getByRole('button', { name: jobsText.retryLabel(email) }).click();
  const dialog = admin.getByRole('dialog', { name: jobsText.retryTitle });
  await expect(dialog).toContainText(jobsText.retryText);
  await dialog.getByRole('button', { name: jobsText.retryConfirm }).click();
  await expect(admin.getByText(jobsText.retried)).toBeVisible();
  expect(await balanceOf(page)).toBe(start);

  // The photo is still gone, so the free retry fails again: listed again, and nothing refunded (nothing was taken).
  await expect(row).toContainText(jobsText.notRefunded, { timeout: 60_000 });
  expect(await balanceOf(page)).toBe(start);
  await admin.screenshot({ path: 'test-results/admin-jobs.png', fullPage: true });

  // The retry is in the admin audit log.
  await admin.getByRole('link', { name: M.admin.navLogs }).click();
  await expect(admin.getByText(M.adminLogs.actions['generation.retry']!).first()).toBeVisible();
  await admin.context().close();
});
