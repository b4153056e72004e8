import { expect, type Page } from '@playwright/test';
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
