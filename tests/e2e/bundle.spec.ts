import { expect, test } from '@playwright/test';
import { M } from '../../shared/messages';

/**
 * A visitor's first page loads only the public part of the message catalogue: no back-office
 * text, no database seed default, no e-mail template (issue "Speed and accessibility").
 */
test('the landing page downloads no admin texts, seed defaults or e-mail texts', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', async (res) => {
    if (res.url().endsWith('.js')) scripts.push(await res.text());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  const all = scripts.join('\n');
  // Texts that exist only in the admin, seed and server parts of the catalogue.
  for (const text of [
    M.adminUsers.subtitle,
    M.adminUsers.searchPlaceholder,
    M.defaults.siteDescription,
    M.email.linkFallback,
    M.email.ignoreIfNotYou,
  ]) {
    expect(all.includes(text), text).toBe(false);
  }
  // ...while the public texts are there.
  expect(all.includes(M.nav.getStarted)).toBe(true);
});
