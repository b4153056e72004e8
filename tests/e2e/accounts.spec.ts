import { test, expect } from '@playwright/test';
import { M } from '../../shared/messages';
import { PASSWORD, signIn, signUp, signUpPanel, signInPanel, uniqueEmail } from './support';

test('signs up through the form and lands on /app with 10 trial credits', async ({ page }) => {
  const email = uniqueEmail();
  await signUp(page, email);
  await expect(page.getByText(M.auth.signUpSuccess)).toBeVisible();
  await expect(page.getByText(M.app.greeting('Deniz Satıcı'))).toBeVisible();
  await expect(page.getByText(/10 kredi/).first()).toBeVisible();
});

test('sign-up form shows the SPEC validation texts and stays put', async ({ page }) => {
  await page.goto('/auth?mode=signup');
  const form = signUpPanel(page);
  await form.getByRole('textbox', { name: M.auth.fullName }).fill('A');
  await form.getByRole('textbox', { name: M.auth.email }).fill('gecersiz');
  await form.getByRole('textbox', { name: M.auth.password, exact: true }).fill('123');
  await form.getByRole('textbox', { name: M.auth.passwordRepeat, exact: true }).fill('456');
  await form.getByRole('button', { name: M.auth.signUpButton }).click();
  await expect(form.getByText(M.validation.fullNameMin)).toBeVisible();
  await expect(form.getByText(M.validation.email)).toBeVisible();
  await expect(form.getByText(M.validation.newPasswordMin)).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test('redirect rules: /app and /admin need sessions, unknown paths go home, signed-in /auth goes to /app', async ({ page }) => {
  await page.goto('/app/profile');
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/bu-sayfa-yok');
  await expect(page).toHaveURL(/\/$/);
  await signUp(page, uniqueEmail());
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/app$/);
});

test('profile saves, settings persist, sign-out returns to the site root', async ({ page }) => {
  await signUp(page, uniqueEmail());
  await page.goto('/app/profile');
  await page.getByRole('textbox', { name: M.auth.company }).fill('Ahşap Atölyesi');
  await page.getByRole('button', { name: M.profile.save }).click();
  await expect(page.getByText(M.profile.success)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: M.auth.company })).toHaveValue('Ahşap Atölyesi');

  await page.goto('/app/settings');
  // Only switches for things that exist: e-mail notifications, nothing about team members or browser pushes.
  await expect(page.getByRole('switch')).toHaveCount(1);
  const email = page.getByRole('switch', { name: M.settings.notifEmail });
  await expect(email).toBeChecked();
  await email.uncheck({ force: true });
  await page.getByRole('button', { name: M.settings.saveNotifications }).click();
  await expect(page.getByText(M.settings.notificationsSaved)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: M.settings.notifEmail })).not.toBeChecked();

  await page.getByRole('button', { name: M.nav.signOut }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/app');
  await expect(page).toHaveURL(/\/auth$/);
});

test('wrong password shows the SPEC error, the right one signs in', async ({ page }) => {
  const email = uniqueEmail();
  await signUp(page, email);
  await page.getByRole('button', { name: M.nav.signOut }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, email, 'yanlis-sifre');
  await expect(page.getByText(M.auth.invalidCredentials)).toBeVisible();
  const form = signInPanel(page);
  await form.getByRole('textbox', { name: M.auth.password, exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: M.auth.signInButton }).click();
  await expect(page).toHaveURL(/\/app$/);
});

test('admin signs in on the server and reaches /admin; wrong password is refused', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByText(/demo/i)).toHaveCount(0);
  await page.getByRole('textbox', { name: M.auth.email }).fill('admin@e2e.local');
  await page.getByRole('textbox', { name: M.auth.password, exact: true }).fill('yanlis-sifre');
  await page.getByRole('button', { name: M.admin.loginButton }).click();
  await expect(page.getByText(M.admin.loginFailed)).toBeVisible();
  await page.getByRole('textbox', { name: M.auth.password, exact: true }).fill('e2e-admin-secret');
  await page.getByRole('button', { name: M.admin.loginButton }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText(M.admin.loginSuccess)).toBeVisible();
  await expect(page.getByText('admin@e2e.local').first()).toBeVisible();
});
