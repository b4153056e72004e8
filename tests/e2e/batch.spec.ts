import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { M } from '../../shared/messages';
import { signUp, uniqueEmail } from './support';

const photos = ['coffee', 'rocket', 'chelsea'].map((n) => path.resolve(`tests/fixtures/photos/${n}.jpg`));

test('batch of three photos: progress per item, then one zip of the white images', async ({ page }) => {
  test.setTimeout(240_000);
  await signUp(page, uniqueEmail('toplu'));
  await page.getByRole('link', { name: M.exports.batchNav }).first().click();
  await expect(page).toHaveURL(/\/app\/batch$/);
  await expect(page.getByRole('heading', { name: M.exports.batchTitle })).toBeVisible();

  await page.locator('input[type="file"]').setInputFiles(photos);
  await expect(page.getByTestId('batch-item')).toHaveCount(3);
  await page.getByTestId('batch-prompt').fill('mermer tezgah, sabah ışığı');
  await page.getByRole('button', { name: M.exports.batchStart(3, 3) }).click();
  // The cat (and the rocket, when the gate doubts it) has no trustworthy cut-out: asked once, then framed.
  const consent = page.getByRole('dialog');
  await expect(consent).toContainText(/çerçeveli kullanılsın mı\?/, { timeout: 60_000 });
  await consent.getByRole('button', { name: M.studio.framedAccept }).click();

  // Each photo gets its own row with its own status; all three finish.
  const items = page.getByTestId('batch-item');
  await expect(items.first()).toHaveAttribute('data-status', /queued|processing|completed/, { timeout: 30_000 });
  await expect(
    page.locator('[data-testid="batch-item"][data-status="queued"], [data-testid="batch-item"][data-status="processing"]').first(),
  ).toBeVisible();
  // A queued item's bar is at 0 % (its filled section has no width yet): it is there, with its value.
  await expect(page.getByRole('progressbar').first()).toHaveAttribute('aria-valuetext', /%$/);
  await page.screenshot({ path: 'test-results/batch-running.png', fullPage: true });
  for (let i = 0; i < 3; i++) await expect(items.nth(i)).toHaveAttribute('data-status', 'completed', { timeout: 180_000 });
  await expect(page.getByTestId('batch-summary')).toHaveText(M.exports.batchSummary(3, 3));
  await page.screenshot({ path: 'test-results/batch-done.png', fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('batch-zip').click()]);
  expect(download.suggestedFilename()).toBe(M.exports.batchZipName);
  const zip = await JSZip.loadAsync(readFileSync((await download.path())!));
  // One image per photo in batch order: the coffee is cut out (white image); the cat fills its frame,
  // so it stays framed; the rocket depends on the automatic cut-out's gate.
  const names = Object.keys(zip.files).sort();
  expect(names).toHaveLength(3);
  expect(names[0]).toBe('01-beyaz.jpg');
  expect(names[1]).toMatch(/^02-(beyaz|cerceveli)\.jpg$/);
  expect(names[2]).toBe('03-cerceveli.jpg');

  // After a reload the batch opens again at its own address: every photo with its state, the editor, the zip.
  await expect(page).toHaveURL(/\/app\/batch\/[0-9a-f-]{36}$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: M.exports.reviewTitle })).toBeVisible();
  await expect(page.getByTestId('batch-item')).toHaveCount(3);
  await expect(page.getByTestId('batch-summary')).toHaveText(M.exports.batchSummary(3, 3));
  await expect(page.getByTestId('batch-item').first().getByTestId('cutout-verdict')).toHaveText(M.studio.stateAccepted);
  await expect(page.getByTestId('batch-zip')).toBeEnabled();
  const [again] = await Promise.all([page.waitForEvent('download'), page.getByTestId('batch-zip').click()]);
  expect(again.suggestedFilename()).toBe(M.exports.batchZipName);
  // The editor opens on any photo of it.
  await page.getByRole('button', { name: `${M.editor.open}: rocket.jpg` }).click();
  await expect(page.getByRole('dialog', { name: M.editor.title }).getByTestId('editor-mask')).toBeVisible({ timeout: 60_000 });
});
