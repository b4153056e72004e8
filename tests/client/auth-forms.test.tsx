// @vitest-environment jsdom
import { fakeServer, renderWithApp, SELLER, SITE } from './harness';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { M } from '../../shared/messages/public';
import { SignInForm } from '../../client/features/auth/SignInForm';
import { SignUpForm } from '../../client/features/auth/SignUpForm';

const visibility = { visible: false, toggle: () => {} };
const V = M.validation;

/** The input labelled `label` (a required field's label ends in " *"). */
const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`), { selector: 'input' });

describe('sign-in form', () => {
  it('shows the Turkish validation errors and sends nothing while the fields are wrong', async () => {
    const server = fakeServer({ 'auth.signIn': () => ({ user: SELLER }) });
    renderWithApp(<SignInForm visibility={visibility} />, server);
    const user = userEvent.setup();

    await user.type(field(M.auth.email), 'not-an-address');
    await user.type(field(M.auth.password), '123');
    await user.click(screen.getByRole('button', { name: M.auth.signInButton }));

    expect(await screen.findByText(V.email)).toBeTruthy();
    expect(screen.getByText(V.passwordMin)).toBeTruthy();
    expect(server.inputs('auth.signIn')).toEqual([]);
  });

  it('signs in with the typed values and goes to the app', async () => {
    const server = fakeServer({ 'auth.signIn': () => ({ user: SELLER }), 'auth.me': () => ({ user: SELLER }) });
    renderWithApp(<SignInForm visibility={visibility} />, server);
    const user = userEvent.setup();

    await user.type(field(M.auth.email), 'Satici@Example.com');
    await user.type(field(M.auth.password), 'gizli-sifre-1');
    await user.click(screen.getByLabelText(M.auth.rememberMe));
    await user.click(screen.getByRole('button', { name: M.auth.signInButton }));

    expect(await screen.findByText('app-home')).toBeTruthy();
    expect(server.inputs('auth.signIn')).toEqual([{ email: 'satici@example.com', password: 'gizli-sifre-1', rememberMe: true }]);
  });
});

describe('sign-up form', () => {
  const site = () => SITE;

  it('shows the Turkish validation errors (name, e-mail, password, terms) and sends nothing', async () => {
    const server = fakeServer({ 'content.site': site, 'auth.signUp': () => ({ user: SELLER, verificationRequired: false }) });
    renderWithApp(<SignUpForm visibility={visibility} />, server);
    const user = userEvent.setup();

    await user.type(field(M.auth.fullName), 'A');
    await user.type(field(M.auth.email), 'ayse@');
    await user.type(field(M.auth.password), 'kisa-12');
    await user.type(field(M.auth.passwordRepeat), 'baska');
    await user.click(screen.getByRole('button', { name: M.auth.signUpButton }));

    expect(await screen.findByText(V.fullNameMin)).toBeTruthy();
    expect(screen.getByText(V.email)).toBeTruthy();
    expect(screen.getByText(V.newPasswordMin)).toBeTruthy();
    expect(screen.getByText(V.termsRequired)).toBeTruthy();
    expect(server.inputs('auth.signUp')).toEqual([]);
  });

  it('says when the two passwords differ', async () => {
    const server = fakeServer({ 'content.site': site, 'auth.signUp': () => ({ user: SELLER, verificationRequired: false }) });
    renderWithApp(<SignUpForm visibility={visibility} />, server);
    const user = userEvent.setup();

    await user.type(field(M.auth.fullName), 'Ayşe Satıcı');
    await user.type(field(M.auth.email), 'ayse@example.com');
    await user.type(field(M.auth.password), 'Vitrin-2026!x');
    await user.type(field(M.auth.passwordRepeat), 'Vitrin-2026!y');
    await user.click(screen.getByRole('checkbox', { name: new RegExp(M.legal.termsLinkTerms) }));
    await user.click(screen.getByRole('button', { name: M.auth.signUpButton }));

    expect(await screen.findByText(V.passwordMismatch)).toBeTruthy();
    expect(server.inputs('auth.signUp')).toEqual([]);
  });

  it('signs up with the typed values and goes to the app', async () => {
    const server = fakeServer({
      'content.site': site,
      'auth.signUp': () => ({ user: SELLER, verificationRequired: false }),
      'auth.me': () => ({ user: SELLER }),
    });
    renderWithApp(<SignUpForm visibility={visibility} />, server);
    const user = userEvent.setup();

    await user.type(field(M.auth.fullName), 'Ayşe Satıcı');
    await user.type(field(M.auth.email), 'ayse@example.com');
    await user.type(field(M.auth.password), 'Vitrin-2026!x');
    await user.type(field(M.auth.passwordRepeat), 'Vitrin-2026!x');
    await user.type(screen.getByLabelText(new RegExp(`^${M.auth.company}`), { selector: 'input' }), 'Ayşe Butik');
    await user.click(screen.getByRole('checkbox', { name: new RegExp(M.legal.termsLinkTerms) }));
    await user.click(screen.getByRole('button', { name: M.auth.signUpButton }));

    expect(await screen.findByText('app-home')).toBeTruthy();
    expect(server.inputs('auth.signUp')).toEqual([
      {
        fullName: 'Ayşe Satıcı',
        email: 'ayse@example.com',
        password: 'Vitrin-2026!x',
        confirmPassword: 'Vitrin-2026!x',
        companyName: 'Ayşe Butik',
        phone: null,
        acceptTerms: true,
        rememberMe: false,
      },
    ]);
  });
});
