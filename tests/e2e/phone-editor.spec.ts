import { test, expect, type Locator, type Page } from '@playwright/test';
import path from 'node:path';
import { M, messagesFor, type Messages } from '../../shared/messages';
import { signUp, uniqueEmail } from './support';
import { box, expectNoOverlap, notCut, type Box } from './layout-checks';

// Issue 38 item 11: on a 390 px phone the editor's tool and Seçim/Sonuç controls were cut in half.
// Every tool button, the zoom and history buttons, the Seçim/Sonuç control and the closing buttons
// are whole: inside the screen once scrolled to, not under one another, their text not cut.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const coffee = path.resolve('tests/fixtures/photos/coffee.jpg');
const WIDTH = 390;
const HEIGHT = 844;
/** Scroll offsets are whole pixels while the layout has fractions (52dvh): a third of a pixel is not a cut. */
const SUBPIXEL = 1;

/** The editor's controls by name: each segment of the two segmented controls and every button. */
function controls(dialog: Locator, T: Messages): Array<[string, Locator]> {
  const tools = dialog.getByRole('radiogroup', { name: T.studio.toolsLabel });
  const view = dialog.getByRole('radiogroup', { name: T.editor.viewLabel });
  const segment = (group: Locator, text: string) => group.locator('label').filter({ hasText: text });
  return [
    [T.studio.toolBox, segment(tools, T.studio.toolBox)],
    [T.studio.toolKeep, segment(tools, T.studio.toolKeep)],
    [T.studio.toolRemove, segment(tools, T.studio.toolRemove)],
    [T.editor.toolPan, segment(tools, T.editor.toolPan)],
    ...[T.editor.undo, T.editor.redo, T.editor.zoomOut, T.editor.zoomIn, T.editor.zoomFit].map(
      (name) => [name, dialog.getByRole('button', { name, exact: true })] as [string, Locator],
    ),
    [T.editor.viewMask, segment(view, T.editor.viewMask)],
    [T.editor.viewCutout, segment(view, T.editor.viewCutout)],
    [T.editor.clearAll, dialog.getByRole('button', { name: T.editor.clearAll, exact: true })],
    [T.editor.accept, dialog.getByRole('button', { name: T.editor.accept, exact: true })],
  ];
}

async function editorIsWhole(page: Page, T: Messages) {
  const dialog = page.getByRole('dialog', { name: T.editor.title });
  await expect(dialog.getByTestId('editor-mask')).toBeVisible({ timeout: 60_000 });
  const list = controls(dialog, T);

  // Side by side and never on top of one another: every box read in one scroll position.
  const boxes: Array<[string, Box]> = [];
  for (const [name, locator] of list) boxes.push([name, await box(locator)]);
  expectNoOverlap(boxes);
  // Whole segments: the whole segmented controls sit inside the screen's width too.
  for (const name of [T.studio.toolsLabel, T.editor.viewLabel]) {
    const b = await box(dialog.getByRole('radiogroup', { name }));
    expect(b.x, `${name} starts inside the screen`).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width, `${name} ends inside the screen`).toBeLessThanOrEqual(WIDTH);
  }

  // Each one, scrolled to, lies inside the screen, its text not cut.
  for (const [name, locator] of list) {
    // Scrolled the way a thumb does, until it is whole (Playwright's own scroll stops at "mostly visible").
    await locator.evaluate((el) => el.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
    const b = await box(locator);
    expect(b.x, `${name} starts inside the screen`).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width, `${name} ends inside the screen`).toBeLessThanOrEqual(WIDTH);
    expect(b.y, `${name} starts inside the screen`).toBeGreaterThanOrEqual(-SUBPIXEL);
    expect(b.y + b.height, `${name} ends inside the screen`).toBeLessThanOrEqual(HEIGHT + SUBPIXEL);
    expect(b.height, `${name} is laid out to its full height`).toBeGreaterThanOrEqual(20);
    await expect(locator).toBeInViewport({ ratio: 0.99 });
    await notCut(locator, name);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
}

async function openEditor(page: Page, T: Messages) {
  await page.goto('/app/generate-image');
  // The page shows the photo it remembers at once: the panel to open is the one of the photo chosen
  // now, else the editor opens on the old one and closes when the new upload replaces it.
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/uploads') && r.request().method() === 'POST');
  await page.setInputFiles('input[type=file]', coffee);
  const { uploadId } = (await (await uploaded).json()) as { uploadId: string };
  const panel = page.locator(`[data-testid="cutout-editor"][data-upload-id="${uploadId}"]`);
  await expect(panel.getByTestId('cutout-size')).toHaveText(T.studio.pixelSize(600, 400), { timeout: 60_000 });
  await panel.getByRole('button', { name: T.editor.open }).click();
}

test('the cut-out editor at 390 px: every tool, zoom and history button and the Seçim/Sonuç control whole, none over another', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUp(page, uniqueEmail('editor-390'));
  await openEditor(page, messagesFor('tr'));
  await editorIsWhole(page, messagesFor('tr'));
  const dialog = page.getByRole('dialog', { name: M.editor.title });
  await dialog.getByRole('radiogroup', { name: M.studio.toolsLabel }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/phone-editor-tr.png' });
  // Each tool can be picked by touch: the tap lands on the segment it names.
  for (const name of [M.studio.toolKeep, M.studio.toolRemove, M.editor.toolPan, M.studio.toolBox]) {
    const group = dialog.getByRole('radiogroup', { name: M.studio.toolsLabel });
    await group.locator('label').filter({ hasText: name }).tap();
    await expect(group.getByRole('radio', { name })).toBeChecked();
  }

  // In English (longer words: "Draw box") the same holds.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const EN = messagesFor('en');
  await page.locator('header').first().getByRole('radiogroup').getByText(M.nav.languageShort.en, { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await openEditor(page, EN);
  await editorIsWhole(page, EN);
  await page
    .getByRole('dialog', { name: EN.editor.title })
    .getByRole('radiogroup', { name: EN.studio.toolsLabel })
    .scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/phone-editor-en.png' });
});
