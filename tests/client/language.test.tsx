// @vitest-environment jsdom
import { fakeServer, renderWithApp, SELLER, SITE } from './harness';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EN, TR } from '../../shared/messages/app';
import { DEFAULT_PREFERENCES } from '../../shared/schemas/preferences';
import { LanguageProvider } from '../../client/features/preferences/LanguageProvider';
import { LanguageSwitch } from '../../client/features/preferences/LanguageSwitch';
import { PublicHeader } from '../../client/layouts/PublicHeader';
import { ShortcutTiles } from '../../client/features/app/dashboard/ShortcutTiles';
import { SignInForm } from '../../client/features/auth/SignInForm';
import { formatDate } from '../../client/lib/format';

const browserLanguage = (tag: string) => vi.spyOn(navigator, 'language', 'get').mockReturnValue(tag);
const visitor = () => fakeServer({ 'auth.me': () => ({ user: null }), 'content.site': () => SITE });
const nav = () => within(screen.getByRole('navigation', { name: /Ana menü|Main menu/ }));

afterEach(() => {
  document.documentElement.lang = 'tr';
});

describe('a visitor', () => {
  it('with an English browser gets English; with a Turkish or any other browser Turkish', async () => {
    for (const [tag, texts] of [
      ['en-US', EN],
      ['tr-TR', TR],
      ['de-DE', TR],
    ] as const) {
      browserLanguage(tag);
      const view = renderWithApp(
        <LanguageProvider>
          <PublicHeader />
        </LanguageProvider>,
        visitor(),
      );
      expect(await nav().findByRole('link', { name: texts.nav.pricing })).toBeTruthy();
      expect((await screen.findAllByRole('link', { name: texts.nav.signIn })).length).toBeGreaterThan(0);
      view.unmount();
    }
  });

  it('switches in the header: the texts change at once, the choice is remembered and <html lang> follows', async () => {
    browserLanguage('tr-TR');
    renderWithApp(
      <LanguageProvider>
        <PublicHeader />
      </LanguageProvider>,
      visitor(),
    );
    const user = userEvent.setup();
    expect(await nav().findByRole('link', { name: TR.nav.pricing })).toBeTruthy();
    await user.click(screen.getAllByRole('radio', { name: 'EN' })[0]!);
    expect(await nav().findByRole('link', { name: EN.nav.pricing })).toBeTruthy();
    expect(nav().queryByRole('link', { name: TR.nav.pricing })).toBeNull();
    expect(localStorage.getItem('vitrin.language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    // Dates and numbers follow: Intl in the active locale.
    expect(formatDate('2026-11-12T10:00:00Z')).toBe('12 November 2026');
    await user.click(screen.getAllByRole('radio', { name: 'TR' })[0]!);
    expect(await nav().findByRole('link', { name: TR.nav.pricing })).toBeTruthy();
    expect(formatDate('2026-11-12T10:00:00Z')).toBe('12 Kasım 2026');
  });

  it('sees form validation in the language shown (the shared schemas hold Turkish texts)', async () => {
    browserLanguage('en-GB');
    renderWithApp(
      <LanguageProvider>
        <SignInForm visibility={{ visible: false, toggle: () => {} }} />
      </LanguageProvider>,
      visitor(),
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(new RegExp(`^${EN.auth.email}`), { selector: 'input' }), 'not-an-address');
    await user.click(screen.getByRole('button', { name: EN.auth.signInButton }));
    expect(await screen.findByText(EN.validation.email)).toBeTruthy();
    expect(screen.queryByText(TR.validation.email)).toBeNull();
  });
});

describe('a signed-in seller', () => {
  const signedIn = (language: 'tr' | 'en', onSave: (input: unknown) => unknown = (input) => input) => {
    let prefs = { ...DEFAULT_PREFERENCES, language };
    return fakeServer({
      'auth.me': () => ({ user: SELLER }),
      'content.site': () => SITE,
      'auth.preferences': () => prefs,
      'auth.savePreferences': (input) => {
        onSave(input);
        if (input.section === 'preferences') prefs = { ...prefs, language: input.language };
        return prefs;
      },
    });
  };

  it('sees the language they saved, whatever the browser says', async () => {
    browserLanguage('tr-TR');
    renderWithApp(
      <LanguageProvider>
        <ShortcutTiles />
      </LanguageProvider>,
      signedIn('en'),
    );
    expect(await screen.findByText(EN.dashboard.shortcutSubscription)).toBeTruthy();
    expect(screen.getByText(EN.dashboard.shortcutsTitle)).toBeTruthy();
    expect(screen.queryByText(TR.dashboard.shortcutsTitle)).toBeNull();
  });

  it('switching in the header applies at once and saves the preference (time zone and theme kept)', async () => {
    browserLanguage('en-US');
    const server = signedIn('tr');
    renderWithApp(
      <LanguageProvider>
        <LanguageSwitch />
        <ShortcutTiles />
      </LanguageProvider>,
      server,
    );
    const user = userEvent.setup();
    expect(await screen.findByText(TR.dashboard.shortcutsTitle)).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'EN' }));
    expect(await screen.findByText(EN.dashboard.shortcutsTitle)).toBeTruthy();
    await waitFor(() =>
      expect(server.inputs('auth.savePreferences')).toEqual([
        { section: 'preferences', language: 'en', timezone: DEFAULT_PREFERENCES.timezone, theme: DEFAULT_PREFERENCES.theme },
      ]),
    );
  });

  it('the back office stays Turkish for an English user', async () => {
    browserLanguage('en-US');
    renderWithApp(
      <LanguageProvider fixed="tr">
        <ShortcutTiles />
      </LanguageProvider>,
      signedIn('en'),
    );
    expect(await screen.findByText(TR.dashboard.shortcutsTitle)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByText(TR.dashboard.shortcutsTitle)).toBeTruthy();
  });
});
