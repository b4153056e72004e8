import { afterAll, describe, expect, test } from 'vitest';
import { messagesFor, M } from '../../shared/messages';
import { EN as EN_PUBLIC, TR as TR_PUBLIC, type PublicTexts } from '../../shared/messages/public';
import { EN as EN_APP, TR as TR_APP } from '../../shared/messages/app';
import { localized, perLanguage, translateText } from '../../shared/messages/localize';
import { setLanguageSource, languageOf, type Language } from '../../shared/messages/language';

/** Every key path of a catalogue, functions and texts alike. */
function paths(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value))
    return Object.entries(value).flatMap(([k, v]) => paths(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}

describe('the catalogue types', () => {
  // Checked by `npm run typecheck` (tsc), not by vitest: each directive fails the type check if the
  // line under it stops being an error, i.e. if a missing or extra key were ever accepted.
  test('a key missing in English, or one English has and Turkish lacks, is a type error', () => {
    const { nav: _nav, ...withoutSection } = EN_PUBLIC;
    // @ts-expect-error Property 'nav' is missing
    const missingSection: PublicTexts = withoutSection;
    const { home: _home, ...navWithoutHome } = EN_PUBLIC.nav;
    // @ts-expect-error Property 'home' is missing
    const missingKey: PublicTexts = { ...EN_PUBLIC, nav: navWithoutHome };
    const extraKey: PublicTexts = {
      ...EN_PUBLIC,
      nav: {
        ...EN_PUBLIC.nav,
        // @ts-expect-error Object literal may only specify known properties
        notInTurkish: 'x',
      },
    };
    // @ts-expect-error a text function must take the Turkish one's parameters
    const wrongParams: PublicTexts = { ...EN_PUBLIC, credits: { ...EN_PUBLIC.credits, amount: (n: number) => `${n}` } };
    expect([missingSection, missingKey, extraKey, wrongParams]).toHaveLength(4);
  });

  test('at run time too, English has exactly the Turkish keys (the seller app and the e-mails included)', () => {
    expect(paths(EN_PUBLIC)).toEqual(paths(TR_PUBLIC));
    expect(paths(EN_APP)).toEqual(paths(TR_APP));
    expect(paths(messagesFor('en'))).toEqual(paths(messagesFor('tr')));
  });
});

describe('M in the active language', () => {
  // Test files share one module graph (vitest isolate: false): the server's per-request source goes back after.
  const runtimeSource = setLanguageSource(() => 'tr');
  afterAll(() => void setLanguageSource(runtimeSource));
  const useLanguage = (language: Language) => setLanguageSource(() => language);

  test('Turkish by default and the Turkish texts unchanged; English once English is active, nested views included', () => {
    useLanguage('tr');
    const V = M.validation; // a view taken once, as modules do
    expect(M.auth.invalidCredentials).toBe('E-posta veya şifre hatalı');
    expect(M.credits.insufficient(2, 4)).toBe('Yetersiz kredi! Mevcut: 2, Gerekli: 4');
    expect(V.email).toBe(TR_PUBLIC.validation.email);
    useLanguage('en');
    expect(M.auth.invalidCredentials).toBe('Wrong e-mail or password');
    expect(V.email).toBe(EN_PUBLIC.validation.email);
    expect(M.plans.basic.features.map((f) => f)).toEqual(EN_PUBLIC.plans.basic.features);
    expect(Object.keys(M.nav)).toEqual(Object.keys(TR_PUBLIC.nav));
    useLanguage('tr');
  });

  test('perLanguage rebuilds a text table per language; translateText maps a frozen Turkish text', () => {
    const LINKS = perLanguage(() => [{ label: M.nav.pricing }]);
    useLanguage('en');
    expect(LINKS.map((l) => l.label)).toEqual(['Pricing']);
    expect(translateText(TR_PUBLIC.validation.tooLong)).toBe(EN_PUBLIC.validation.tooLong);
    expect(translateText('not a catalogue text')).toBe('not a catalogue text');
    useLanguage('tr');
    expect(LINKS.map((l) => l.label)).toEqual(['Fiyatlandırma']);
    expect(translateText(TR_PUBLIC.validation.tooLong)).toBe(TR_PUBLIC.validation.tooLong);
  });

  test('a text missing from a translation at run time falls back to Turkish', () => {
    const m = localized({ a: 'bir', b: { c: 'iki' } } as const, { a: 'one' } as never);
    useLanguage('en');
    expect([m.a, m.b.c]).toEqual(['one', 'iki']);
    useLanguage('tr');
  });

  test('browser languages: en… is English, anything else Turkish', () => {
    expect(['en', 'en-US', 'en-GB,en;q=0.9', 'EN-us'].map(languageOf)).toEqual(['en', 'en', 'en', 'en']);
    expect(['tr-TR', 'de-DE', '', null, undefined, 'eng'].map(languageOf)).toEqual(['tr', 'tr', 'tr', 'tr', 'tr', 'tr']);
  });
});
