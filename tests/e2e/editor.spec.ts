import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import { M } from '../../shared/messages';
import { signUp, uniqueEmail } from './support';

const coffee = path.resolve('tests/fixtures/photos/coffee.jpg');

/** Paints one stroke across the stage, in fractions of the photo. */
async function paint(page: Page, from: [number, number], to: [number, number]) {
  const b = (await page.getByTestId('editor-layer').boundingBox())!;
  await page.mouse.move(b.x + b.width * from[0], b.y + b.height * from[1]);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width * to[0], b.y + b.height * to[1], { steps: 12 });
  await page.mouse.up();
}

/** A new seller's editor opened on `photo` (its size shown first): the page's cut-out panel, the dialog and its tint canvas. */
async function openEditor(page: Page, who: string, photo: string, size: [number, number]) {
  await signUp(page, uniqueEmail(who));
  await page.goto('/app/generate-image');
  await page.setInputFiles('input[type=file]', photo);
  const panel = page.getByTestId('cutout-editor');
  await expect(panel.getByTestId('cutout-size')).toHaveText(M.studio.pixelSize(...size), { timeout: 60_000 });
  await panel.getByRole('button', { name: M.editor.open }).click();
  const dialog = page.getByRole('dialog', { name: M.editor.title });
  const mask = dialog.getByTestId('editor-mask');
  await expect(mask).toBeVisible({ timeout: 60_000 });
  return { panel, dialog, mask };
}

test('editor: opens on a real photo, a stroke changes the live mask, undo brings it back, Kabul et makes the cut-out', async ({ page }) => {
  test.setTimeout(180_000);
  const { panel, dialog, mask } = await openEditor(page, 'editor', coffee, [600, 400]);
  const opening = (await mask.getAttribute('data-mask'))!;
  // The shortcuts are listed, the tools are named buttons.
  await expect(dialog.getByText(M.editor.shortcutsTitle)).toBeVisible();
  await expect(dialog.getByRole('button', { name: M.editor.undo })).toBeDisabled();

  // R (Sil) and a stroke across the saucer: the overlay changes without a full re-run.
  await page.keyboard.press('r');
  await paint(page, [0.25, 0.75], [0.6, 0.82]);
  await expect(dialog.getByTestId('editor-strokes')).toHaveText(M.editor.strokes(1));
  await expect(mask).not.toHaveAttribute('data-mask', opening, { timeout: 30_000 });
  const painted = (await mask.getAttribute('data-mask'))!;

  // Undo (Ctrl+Z) gives the opening mask back; redo the stroke with the button.
  await page.keyboard.press('Control+z');
  await expect(mask).toHaveAttribute('data-mask', opening, { timeout: 30_000 });
  await dialog.getByRole('button', { name: M.editor.redo }).click();
  await expect(mask).toHaveAttribute('data-mask', painted, { timeout: 30_000 });
  await dialog.getByRole('button', { name: M.editor.undo }).click();
  await expect(mask).toHaveAttribute('data-mask', opening, { timeout: 30_000 });

  // Zoom by the button and back to fit.
  await dialog.getByRole('button', { name: M.editor.zoomIn }).click();
  await expect(dialog.getByTestId('editor-zoom')).toHaveText(M.editor.zoomValue(125));
  await page.keyboard.press('0');
  await expect(dialog.getByTestId('editor-zoom')).toHaveText(M.editor.zoomValue(100));

  // The gate's verdict is shown; axe finds nothing serious in the open editor.
  await expect(dialog.getByTestId('editor-verdict')).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // A keep stroke on the cup, then Kabul et: the final cut-out becomes the page's.
  await page.keyboard.press('k');
  await paint(page, [0.45, 0.3], [0.5, 0.35]);
  await expect(dialog.getByTestId('editor-strokes')).toHaveText(M.editor.strokes(1));
  await dialog.getByRole('button', { name: M.editor.accept }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  await expect(panel.getByTestId('cutout-verdict')).toHaveText(M.studio.stateAccepted);
  await expect(panel.getByRole('img', { name: M.studio.cutoutAlt })).toBeVisible();
});

// D75: a box drawn over the whole photo of a person (her box fills the frame) gives her and the helmet she
// holds, not the frame; the mask's share of the photo shows which (the whole frame ~0.99, she ~0.5).
test('editor: a box over the whole photo of a person gives the person, not the frame', async ({ page }, info) => {
  test.setTimeout(180_000);
  const { dialog, mask } = await openEditor(page, 'editor-person', path.resolve('tests/fixtures/ground-truth/astronaut.jpg'), [512, 512]);
  const opening = (await mask.getAttribute('data-mask'))!;
  await page.keyboard.press('b');
  await paint(page, [0.01, 0.005], [0.995, 0.995]);
  await expect(mask).not.toHaveAttribute('data-mask', opening, { timeout: 30_000 });
  // The tint canvas: the kept share of the photo (kept pixels are left clear, the rest darkened). Redrawn
  // once the new mask image has loaded, so polled.
  const kept = () =>
    mask.evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < d.length; i += 4) if (d[i]! < 128) n++;
      return n / (c.width * c.height);
    });
  await expect.poll(kept, { timeout: 10_000 }).toBeLessThan(0.75);
  expect(await kept()).toBeGreaterThan(0.35);
  await page.screenshot({ path: info.outputPath('person-box.png') });
  await expect(dialog.getByTestId('editor-verdict')).toHaveAttribute('data-verdict', 'good');
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('editor: the tool and Seçim/Sonuç controls are whole and inside the screen; the tint is back after Sonuç → Seçim', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const { dialog, mask } = await openEditor(page, 'editor-telefon', coffee, [600, 400]);

    const controls: Array<[string, string[]]> = [
      [M.studio.toolsLabel, [M.studio.toolBox, M.studio.toolKeep, M.studio.toolRemove, M.editor.toolPan]],
      [M.editor.viewLabel, [M.editor.viewMask, M.editor.viewCutout]],
    ];
    for (const [name, labels] of controls) {
      const control = dialog.getByRole('radiogroup', { name }).or(dialog.getByLabel(name)).first();
      await control.scrollIntoViewIfNeeded();
      const b = (await control.boundingBox())!;
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(390);
      // Whole, not cut: its full height is laid out and each of its labels is on the screen.
      expect(b.height).toBeGreaterThan(20);
      for (const label of labels) await expect(dialog.getByText(label, { exact: true })).toBeInViewport({ ratio: 1 });
    }

    // Sonuç → Seçim: the tint canvas is drawn again at the mask's size, not a blank 300×150.
    await dialog.getByText(M.editor.viewCutout, { exact: true }).click();
    await expect(mask).toHaveCount(0);
    await dialog.getByText(M.editor.viewMask, { exact: true }).click();
    await expect
      .poll(async () => dialog.getByTestId('editor-mask').evaluate((c: HTMLCanvasElement) => `${c.width}×${c.height}`))
      .not.toBe('300×150');
  });
});
