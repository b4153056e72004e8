import { test, expect } from '@playwright/test';
import path from 'node:path';
import { M } from '../../shared/messages';
import { PASSWORD, signIn, signInPanel, signUp, uniqueEmail } from './support';
import { caughtMails } from './mail-catcher';

/** Where serve.ts's SMTP catcher writes what the server sent. */
const MAIL_FILE = path.join(path.resolve(process.env.E2E_DATA_DIR ?? 'tests/e2e/.data'), 'mail.jsonl');

async function waitForMail(to: string, subject: string) {
  let found: ReturnType<typeof caughtMails>[number] | undefined;
  await expect.poll(() => (found = caughtMails(MAIL_FILE, to).find((m) => m.subject === subject)), { timeout: 20_000 }).toBeTruthy();
  return found!;
}

test('forgot password → the e-mail from the SMTP server → a new password → sign in', async ({ page }) => {
  const email = uniqueEmail('sifirla');
  await signUp(page, email);
  await page.getByRole('button', { name: M.nav.signOut }).first().click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/auth');
  await signInPanel(page).getByRole('link', { name: M.auth.forgotPassword }).click();
  await expect(page).toHaveURL(/\/auth\/forgot$/);
  // The page loads on demand: until its heading shows, the sign-in form (with its own e-mail field) may still be on screen.
  await expect(page.getByRole('heading', { level: 1, name: M.accounts.forgotTitle })).toBeVisible();
  await page.getByRole('textbox', { name: M.auth.email }).fill(email);
  await page.getByRole('button', { name: M.accounts.forgotButton }).click();
  await expect(page.getByText(M.accounts.forgotSent)).toBeVisible();

  const mail = await waitForMail(email, M.email.resetSubject);
  const link = /https?:\/\/[^\s"<>]+\/auth\/reset\/[a-z0-9]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  expect(mail.html).toContain(link!);

  const response = await page.goto(new URL(link!).pathname);
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByRole('heading', { name: M.accounts.resetTitle })).toBeVisible();
  const newPassword = 'yepyeni-sifre-7';
  await page.getByRole('textbox', { name: M.profile.newPassword, exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: M.profile.newPasswordRepeat, exact: true }).fill(newPassword);
  await page.getByRole('button', { name: M.accounts.resetButton }).click();
  await expect(page.getByText(M.accounts.resetSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  // The old password no longer works; the new one does.
  await signIn(page, email, PASSWORD);
  await expect(page.getByText(M.auth.invalidCredentials)).toBeVisible();
  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/app$/);

  await waitForMail(email, M.email.resetDoneSubject);

  // The link was single use.
  await page.goto(new URL(link!).pathname);
  await expect(page.getByText(M.accounts.resetInvalid)).toBeVisible();
});

test.describe('first visit', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the cookie notice says only necessary cookies are used, links to the policy and stays closed', async ({ page }) => {
    await page.goto('/');
    const notice = page.getByRole('region', { name: M.nav.cookies });
    await expect(notice).toContainText(M.legal.cookieNotice);
    await notice.getByRole('button', { name: M.legal.cookieOk }).click();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: M.nav.cookies })).toHaveCount(0);
    // What the notice says is true: the visitor has no cookie at all.
    expect(await page.context().cookies()).toEqual([]);

    await page.getByRole('contentinfo').getByRole('link', { name: M.nav.kvkk }).click();
    await expect(page).toHaveURL(/\/kvkk$/);
    await expect(page.getByRole('heading', { name: M.nav.kvkk })).toBeVisible();
    await expect(page.getByText('6698 sayılı')).toBeVisible();
  });
});
