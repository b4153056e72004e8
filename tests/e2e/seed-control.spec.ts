import { test, expect } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { M } from '../../shared/messages';
import { signUp, uniqueEmail } from './support';

// Issue 38 items 6 and 7 in the browser: the seed the README names is on the image page under
// "Gelişmiş", a run takes it, and "Yeniden üret" picks a new one and shows it; the offline studio
// says which of the prompt's words it cannot draw.
test('the seed control: a typed seed goes with the run, "Yeniden üret" shows the new one; words not drawn are named', async ({ page }) => {
  test.setTimeout(240_000);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'vitrin-e2e-seed-')), 'vazo.jpg');
  await sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
      <rect width="800" height="600" fill="#eee8de"/><ellipse cx="400" cy="330" rx="120" ry="190" fill="#2f5d8a"/></svg>`),
  )
    .jpeg({ quality: 90 })
    .toFile(file);
  await signUp(page, uniqueEmail('tohum'));
  await page.goto('/app/generate-image');
  await page.setInputFiles('input[type=file]', file);
  await expect(page.getByRole('img', { name: M.generation.photoAlt })).toBeVisible();
  await page.getByLabel(M.generation.promptLabel).fill('mutfak tezgahında, yanında bitkiler, sabah ışığı');

  // The offline studio names what it will not draw, and that the cloud model can.
  const note = page.getByTestId('not-drawn');
  await expect(note).toContainText(M.scene.notDrawn.kitchen);
  await expect(note).toContainText(M.scene.notDrawn.plants);
  await expect(note).toContainText(M.scene.notDrawnCloud);

  // Closed at first; opened, the seed field takes a number.
  const seed = page.getByLabel(M.scene.seed);
  await expect(seed).toBeHidden();
  await page.getByRole('button', { name: M.scene.advanced }).click();
  await expect(seed).toBeVisible();
  await seed.fill('4242');

  const created: unknown[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/trpc/generations.createImage')) created.push(r.postDataJSON());
  });
  await page.getByRole('button', { name: M.generation.generateImage }).click();
  const grid = page.getByTestId('output-grid');
  await expect(grid.locator('img')).toHaveCount(4, { timeout: 120_000 });
  expect(JSON.stringify(created[0])).toContain('"seed":4242');

  await page.getByRole('button', { name: M.scene.regenerate }).click();
  await expect(seed).not.toHaveValue('4242');
  const next = await seed.inputValue();
  expect(next).toMatch(/^\d+$/);
  await expect.poll(() => created.length).toBe(2);
  expect(JSON.stringify(created[1])).toContain(`"seed":${next}`);
});
