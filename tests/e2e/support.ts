import { expect, type Browser, type Page } from '@playwright/test';
import { M } from '../../shared/messages';

export const PASSWORD = 'gizli-sifre';

export const uniqueEmail = (prefix = 'satici') => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Both auth tabs stay mounted; scope to the visible panel. */
export const signUpPanel = (page: Page) => page.getByRole('tabpanel', { name: M.auth.signUpTab });
export const signInPanel = (page: Page) => page.getByRole('tabpanel', { name: M.auth.signInTab });

/** Fills the sign-up form; `expectApp` waits for the landing on /app. */
export async function signUp(page: Page, email: string, opts: { expectApp?: boolean } = { expectApp: true }) {
  await page.goto('/auth?mode=signup');
  const form = signUpPanel(page);
  await form.getByRole('textbox', { name: M.auth.fullName }).fill('Deniz Satıcı');
  await form.getByRole('textbox', { name: M.auth.email }).fill(email);
  await form.getByRole('textbox', { name: M.auth.password, exact: true }).fill(PASSWORD);
  await form.getByRole('textbox', { name: M.auth.passwordRepeat, exact: true }).fill(PASSWORD);
  await form.getByLabel(M.auth.termsLabel).check();
  await form.getByRole('button', { name: M.auth.signUpButton }).click();
  if (opts.expectApp) await expect(page).toHaveURL(/\/app$/);
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/auth');
  const form = signInPanel(page);
  await form.getByRole('textbox', { name: M.auth.email }).fill(email);
  await form.getByRole('textbox', { name: M.auth.password, exact: true }).fill(password);
  await form.getByRole('button', { name: M.auth.signInButton }).click();
}

/** The e2e server's first admin (tests/e2e/serve.ts). */
export const E2E_ADMIN = { email: 'admin@e2e.local', password: 'e2e-admin-secret' };

/** A signed-in admin page in a context of its own. */
export async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/admin/login');
  await page.getByRole('textbox', { name: M.auth.email }).fill(E2E_ADMIN.email);
  await page.locator('input[type="password"]').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: M.admin.loginButton }).click();
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

/**
 * Seeded testimonials and reference works are drafts: an admin publishes them with the card's
 * switch (only those still hidden, so this can run more than once).
 */
export async function publishSeededExamples(browser: Browser): Promise<void> {
  const admin = await adminPage(browser);
  const lists = [
    ['/admin/testimonials', M.defaults.testimonials.map((t) => t.name)],
    ['/admin/portfolio', M.defaults.portfolio.map((p) => p.title)],
  ] as const;
  for (const [path, names] of lists) {
    await admin.goto(path);
    for (const name of names) {
      const show = admin.getByRole('switch', { name: `${name}: ${M.adminItems.show}` });
      const hide = admin.getByRole('switch', { name: `${name}: ${M.adminItems.hide}` });
      await expect(show.or(hide)).toBeVisible();
      if (await show.isVisible()) {
        await show.click({ force: true });
        await expect(hide).toBeChecked();
      }
    }
  }
  await admin.context().close();
}
