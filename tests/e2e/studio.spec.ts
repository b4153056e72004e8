import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { M } from '../../shared/messages';
import { signUp, uniqueEmail } from './support';

const coffee = path.resolve('tests/fixtures/photos/coffee.jpg');

test('studio: upload → automatic cut-out preview → box in the editor → generate → Şeffaf PNG download', async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page, uniqueEmail('studio'));
  await page.goto('/app/generate-image');

  await page.setInputFiles('input[type=file]', coffee);
  const editor = page.getByTestId('cutout-editor');
  // The automatic cut-out over the checkerboard, its real size, and the low-resolution warning (600 px).
  await expect(editor.getByRole('img', { name: M.studio.cutoutAlt })).toBeVisible({ timeout: 60_000 });
  await expect(editor.getByTestId('cutout-size')).toHaveText(M.studio.pixelSize(600, 400));
  await expect(editor.getByTestId('low-res-warning')).toBeVisible();
  const firstSrc = await editor.getByRole('img', { name: M.studio.cutoutAlt }).getAttribute('src');

  // Draw a box around the cup and saucer in the editor and accept it: the page shows the new cut-out.
  await editor.getByRole('button', { name: M.editor.open }).click();
  const dialog = page.getByRole('dialog', { name: M.editor.title });
  await expect(dialog.getByTestId('editor-mask')).toBeVisible({ timeout: 60_000 });
  await page.keyboard.press('b');
  const b = (await dialog.getByTestId('editor-layer').boundingBox())!;
  await page.mouse.move(b.x + b.width * 0.1, b.y + b.height * 0.02);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width * 0.82, b.y + b.height * 0.98, { steps: 10 });
  await page.mouse.up();
  await expect(dialog.getByRole('button', { name: M.editor.undo })).toBeEnabled();
  await dialog.getByRole('button', { name: M.editor.accept }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  await expect(editor.getByRole('img', { name: M.studio.cutoutAlt })).not.toHaveAttribute('src', firstSrc!, { timeout: 60_000 });

  // The preview's own "Şeffaf PNG".
  const [previewPng] = await Promise.all([
    page.waitForEvent('download'),
    editor.getByRole('button', { name: M.studio.downloadPngLabel }).click(),
  ]);
  expect(previewPng.suggestedFilename()).toMatch(/\.png$/);

  await page.getByLabel(M.generation.promptLabel).fill('beyaz mermer mutfak tezgahı, aydınlık');
  await page.getByRole('button', { name: M.generation.generateImage }).click();
  await expect(page.getByTestId('output-grid').locator('img')).toHaveCount(4, { timeout: 120_000 });
  // Each result states its real pixel size; the first is the marketplace white image.
  await expect(page.getByTestId('output-sizes')).toContainText(M.studio.whiteLabel);
  await expect(page.getByTestId('output-sizes')).toContainText(/\d+×\d+ px/);

  const results = page
    .getByRole('heading', { name: M.generation.resultsTitle })
    .locator('xpath=ancestor::div[contains(@class,"mantine-Card-root")][1]');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    results.getByRole('button', { name: M.studio.downloadPngLabel }).click(),
  ]);
  const file = await download.path();
  const meta = await sharp(readFileSync(file!)).metadata();
  expect(meta).toMatchObject({ format: 'png', width: 600, height: 400, hasAlpha: true });
});
