import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { M } from '../../shared/messages';
import { LEGAL_PAGES } from '../../shared/legal';
import { signUp, uniqueEmail } from './support';

/**
 * Accessibility budget (issue "Speed and accessibility"): axe on every route, signed out, as a
 * seller and as an admin, with no serious or critical violation. Light theme, desktop size.
 */
const PUBLIC = [
  '/',
  '/pricing',
  '/auth',
  '/auth?mode=signup',
  '/auth/forgot',
  '/admin/login',
  ...Object.values(LEGAL_PAGES).map((p) => p.path),
];
const SELLER = [
  '/app',
  '/app/generate-image',
  '/app/generate-video',
  '/app/batch',
  '/app/api',
  '/app/history',
  '/app/profile',
  '/app/subscription',
  '/app/billing',
  '/app/settings',
];
const ADMIN_ROUTES = [
  '/admin',
  '/admin/users',
  '/admin/credits',
  '/admin/webhooks',
  '/admin/messages',
  '/admin/content',
  '/admin/portfolio',
  '/admin/testimonials',
  '/admin/settings',
  '/admin/logs',
  '/admin/jobs',
  '/admin/emails',
  '/admin/deletion',
];

type Finding = { route: string; id: string; impact: string; help: string; nodes: string[]; why: string };

async function audit(page: Page, route: string): Promise<Finding[]> {
  await page.goto(route);
  await page.waitForLoadState('networkidle');
  // Let entrance transitions finish so colours are measured at rest.
  await page.waitForTimeout(400);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      route,
      id: v.id,
      impact: v.impact!,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
      why: v.nodes[0]?.failureSummary ?? '',
    }));
}

async function auditAll(page: Page, routes: string[]) {
  const findings: Finding[] = [];
  for (const route of routes) findings.push(...(await audit(page, route)));
  return findings;
}

test('signed out: no serious or critical axe finding on the public pages', async ({ page }) => {
  expect(await auditAll(page, PUBLIC)).toEqual([]);
});

test('as a seller: no serious or critical axe finding on the app pages', async ({ page }) => {
  await signUp(page, uniqueEmail('a11y'));
  expect(await auditAll(page, SELLER)).toEqual([]);
});

test('as an admin: no serious or critical axe finding in the back-office', async ({ page }) => {
  // Thirteen pages, each scanned by axe: a minute is not enough on a loaded 2-core machine.
  test.setTimeout(180_000);
  await page.goto('/admin/login');
  await page.getByRole('textbox', { name: M.auth.email }).fill('admin@e2e.local');
  await page.locator('input[type="password"]').fill('e2e-admin-secret');
  await page.getByRole('button', { name: M.admin.loginButton }).click();
  await expect(page).toHaveURL(/\/admin$/);
  expect(await auditAll(page, ADMIN_ROUTES)).toEqual([]);
});

test('a skip link leads past the navigation to the main content', async ({ page }) => {
  await page.goto('/pricing');
  const skip = page.getByRole('link', { name: M.common.skipToContent });
  // Tab before React has drawn the page would focus nothing (the flake seen in CI): wait for both ends of the link.
  await expect(skip).toBeAttached();
  await expect(page.locator('#main-content')).toBeAttached();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await skip.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
});
