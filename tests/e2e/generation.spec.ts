import { test, expect, type Page } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { M } from '../../shared/messages';
import { PASSWORD, signUp, signUpPanel, uniqueEmail } from './support';

const unique = () => uniqueEmail('uretim');
const tmp = mkdtempSync(path.join(tmpdir(), 'vitrin-e2e-'));

/** A small "product photo": a walnut side table drawn on a warm backdrop, as a real JPEG. */
async function productPhoto(name = 'sehpa.jpg'): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="700">
    <rect width="900" height="700" fill="#efe9df"/>
    <ellipse cx="450" cy="600" rx="260" ry="28" fill="#d8cfc1"/>
    <rect x="230" y="250" width="440" height="46" rx="10" fill="#7a4a2a"/>
    <rect x="270" y="296" width="26" height="300" fill="#5e381f"/>
    <rect x="604" y="296" width="26" height="300" fill="#5e381f"/>
    <rect x="300" y="440" width="300" height="18" fill="#6b4125"/>
  </svg>`;
  const file = path.join(tmp, name);
  await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toFile(file);
  return file;
}

/** Collects what the tRPC WebSocket receives, to prove the live path (not only polling) works. */
function recordSocketFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/trpc')) return;
    ws.on('framereceived', (f) => {
      if (typeof f.payload === 'string') frames.push(f.payload);
    });
  });
  return frames;
}

const creditPill = (page: Page) => page.getByLabel(M.common.creditBalance).first();

test('image generation end to end: upload, preset, progress, 4 results, live credits, video hand-over, history', async ({ page }) => {
  test.setTimeout(150_000);
  const frames = recordSocketFrames(page);
  await signUp(page, unique());

  // In-app navigation: the socket opened right after sign-up must carry the new session.
  await page.getByRole('link', { name: M.nav.generateImage }).first().click();
  await expect(page).toHaveURL(/\/app\/generate-image$/);
  await expect(page.getByRole('heading', { name: M.titles.generateImage })).toBeVisible();
  await expect(page.getByText(M.generation.previewMode)).toBeVisible();
  await expect(creditPill(page)).toHaveText('10 kredi');

  // docs/product.md §5: nothing chosen yet.
  await page.getByRole('button', { name: M.generation.generateImage }).click();
  await expect(page.getByRole('alert').filter({ hasText: M.generation.needPhotoAndPrompt }).first()).toBeVisible();

  await page.setInputFiles('input[type=file]', await productPhoto());
  await expect(page.getByRole('img', { name: M.generation.photoAlt })).toBeVisible();
  await expect(page.getByRole('button', { name: M.generation.changePhoto })).toBeEnabled();

  const mobilya = M.generation.presets.find((p) => p.label === 'Mobilya')!;
  await page.getByText('Mobilya', { exact: true }).click();
  await expect(page.getByLabel(M.generation.promptLabel)).toHaveValue(mobilya.prompt);

  const generate = page.getByRole('button', { name: M.generation.generateImage });
  await generate.click();
  await expect(page.getByTestId('generation-progress')).toBeVisible();
  await expect(page.getByText(M.generation.expectedImage).first()).toBeVisible();
  await expect(generate).toBeDisabled();

  const grid = page.getByTestId('output-grid');
  await expect(grid.locator('img')).toHaveCount(4, { timeout: 90_000 });
  await expect(page.getByText(M.generation.imagesDone)).toBeVisible();
  await expect(creditPill(page)).toHaveText('9 kredi');
  // The live path delivered the result over the socket opened right after sign-up (no reload).
  await expect.poll(() => frames.some((f) => f.includes('"status":"completed"'))).toBe(true);
  await expect.poll(() => frames.some((f) => f.includes('"balance":9'))).toBe(true);

  // Per-image download with the SPEC name.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: M.generation.downloadImage(2) }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('generated-image-2.jpg');
  await expect(page.getByText(M.generation.imageDownloaded)).toBeVisible();

  // Large view.
  await grid.getByRole('button', { name: M.generation.viewLarge(1) }).click();
  await expect(page.getByRole('dialog').locator('img')).toBeVisible();
  await page.keyboard.press('Escape');

  // docs/decisions.md D16: the same photo is already chosen on the video screen.
  await page.getByRole('button', { name: M.generation.createVideo }).click();
  await expect(page).toHaveURL(/\/app\/generate-video$/);
  await expect(page.getByRole('img', { name: M.generation.photoAlt })).toBeVisible();
  await expect(page.getByText(M.generation.photoFromImage)).toBeVisible();
  await expect(page.getByRole('button', { name: M.generation.generateVideo })).toBeEnabled();

  await page.goto('/app/history');
  const item = page.getByTestId('history-item');
  await expect(item).toHaveCount(1);
  await expect(item.getByText(M.generation.statusCompleted)).toBeVisible();
  await expect(item.getByTestId('history-thumb')).toHaveCount(4);
  await expect(item.getByTestId('history-title')).toHaveText(`${Array.from(mobilya.prompt).slice(0, 50).join('').trimEnd()}…`);
  await expect(item.getByText(/\d{4}/).first()).toBeVisible();
});

test('video generation: duration and aspect, player, download name, credits', async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page, unique());
  await page.goto('/app/generate-video');
  await page.getByRole('button', { name: M.generation.generateVideo }).click();
  await expect(page.getByRole('alert').filter({ hasText: M.generation.needPhoto }).first()).toBeVisible();

  await page.setInputFiles('input[type=file]', await productPhoto('video.jpg'));
  await expect(page.getByRole('img', { name: M.generation.photoAlt })).toBeVisible();
  await expect(page.getByText(M.generation.resolutionValue, { exact: true })).toBeVisible();
  await page.getByText(M.generation.aspectPortrait).click();
  const slider = page.getByRole('slider', { name: M.generation.durationLabel });
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', '6');

  await page.getByRole('button', { name: M.generation.generateVideo }).click();
  await expect(page.getByTestId('generation-progress')).toBeVisible();
  await expect(page.getByText(M.generation.expectedVideo).first()).toBeVisible();
  const video = page.getByTestId('result-video');
  await expect(video).toBeVisible({ timeout: 150_000 });
  await expect(page.getByText(M.generation.videoDone)).toBeVisible();
  await expect(creditPill(page)).toHaveText('4 kredi');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: M.generation.downloadVideo }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('generated-video.mp4');
  await expect(page.getByText(M.generation.videoDownloaded)).toBeVisible();

  await page.goto('/app/history');
  const item = page.getByTestId('history-item');
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('history-title')).toHaveText(M.history.fallbackVideoTitle);
  await expect(item.getByText('6 sn · 9:16 · 1080p', { exact: false })).toBeVisible();
});

test('history: load failure with retry, designed empty state; a text file renamed .jpg is refused with the D14 text', async ({ page }) => {
  await signUp(page, unique());
  const listCall = (url: URL) => url.pathname.includes('generations.list');
  await page.route(listCall, (route) => route.abort());
  await page.goto('/app/history');
  await expect(page.getByText(M.generation.historyFailed)).toBeVisible();
  await page.unroute(listCall);
  await page.getByRole('button', { name: M.common.retry }).click();
  await expect(page.getByTestId('history-empty')).toBeVisible();
  await expect(page.getByText(M.history.emptyTitle)).toBeVisible();
  await expect(page.getByTestId('history-empty').getByRole('link', { name: M.nav.generateVideo })).toBeVisible();

  await page.goto('/app/generate-image');
  const fake = path.join(tmp, 'urun.jpg');
  writeFileSync(fake, 'bu bir fotoğraf değil, yalnızca metin\n');
  let uploaded = false;
  page.on('request', (r) => {
    if (r.url().includes('/api/uploads')) uploaded = true;
  });
  await page.setInputFiles('input[type=file]', fake);
  await expect(page.getByRole('alert').filter({ hasText: M.generation.fileType }).first()).toBeVisible();
  await expect(page.getByRole('img', { name: M.generation.photoAlt })).toHaveCount(0);
  expect(uploaded).toBe(false);
});

test("a new sign-in never rides on the previous account's socket (it is reopened with the new session)", async ({ page }) => {
  test.setTimeout(120_000);
  const frames = recordSocketFrames(page);
  await signUp(page, unique());

  // Account A spends a credit, so its live balance (9) differs from a fresh account's (10).
  await page.getByRole('link', { name: M.nav.generateImage }).first().click();
  await page.setInputFiles('input[type=file]', await productPhoto('a.jpg'));
  await expect(page.getByRole('img', { name: M.generation.photoAlt })).toBeVisible();
  await page.getByText('Takı', { exact: true }).click();
  await page.getByRole('button', { name: M.generation.generateImage }).click();
  await expect(page.getByTestId('output-grid').locator('img')).toHaveCount(4, { timeout: 90_000 });
  await expect(creditPill(page)).toHaveText('9 kredi');

  // The sign-out call fails (docs/product.md §4: the user is signed out locally anyway), so the server
  // never closes A's socket; it stays open for a few seconds in lazy mode.
  await page.route('**/trpc/auth.signOut**', (route) => route.abort());
  await page.getByRole('button', { name: M.nav.signOut }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await page.unroute('**/trpc/auth.signOut**');

  // Account B signs up in the same tab without a reload.
  await page.getByRole('link', { name: M.nav.getStarted }).first().click();
  await expect(page).toHaveURL(/\/auth\?mode=signup$/);
  frames.length = 0;
  const form = signUpPanel(page);
  await form.getByRole('textbox', { name: M.auth.fullName }).fill('İkinci Satıcı');
  await form.getByRole('textbox', { name: M.auth.email }).fill(unique());
  await form.getByRole('textbox', { name: M.auth.password, exact: true }).fill(PASSWORD);
  await form.getByRole('textbox', { name: M.auth.passwordRepeat, exact: true }).fill(PASSWORD);
  await form.getByLabel(M.auth.termsLabel).check();
  await form.getByRole('button', { name: M.auth.signUpButton }).click();
  await expect(page).toHaveURL(/\/app$/);

  // B's live subscription answers with B's balance, on a socket opened with B's cookie.
  await expect.poll(() => frames.some((f) => f.includes('"balance":10')), { timeout: 8_000 }).toBe(true);
  expect(frames.some((f) => f.includes('"balance":9'))).toBe(false);
  await expect(creditPill(page)).toHaveText('10 kredi');
});

test('without a WebSocket (blocked by a proxy) the screens fall back to polling', async ({ page }) => {
  test.setTimeout(120_000);
  await page.routeWebSocket(/\/trpc$/, (ws) => ws.close({ code: 1011, reason: 'blocked' }));
  await signUp(page, unique());
  await page.getByRole('link', { name: M.nav.generateImage }).first().click();
  await page.setInputFiles('input[type=file]', await productPhoto('polling.jpg'));
  await expect(page.getByRole('img', { name: M.generation.photoAlt })).toBeVisible();
  await page.getByText('Elektronik', { exact: true }).click();
  await page.getByRole('button', { name: M.generation.generateImage }).click();
  await expect(page.getByTestId('generation-progress')).toBeVisible();
  await expect(page.getByTestId('output-grid').locator('img')).toHaveCount(4, { timeout: 90_000 });
  await expect(page.getByText(M.generation.imagesDone)).toBeVisible();
  await expect(creditPill(page)).toHaveText('9 kredi');

  await page.getByRole('link', { name: M.nav.history }).first().click();
  await expect(page.getByTestId('history-item').getByText(M.generation.statusCompleted)).toBeVisible();
});
