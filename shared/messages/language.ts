/**
 * Which language the catalogue answers in. Turkish is the default everywhere; the client sets the
 * source from the signed-in user's saved preference (or the visitor's choice / browser language),
 * the server from the request (its async context), so `M.x.y` reads the right language in both.
 */
export const LANGUAGES = ['tr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'tr';

/** The Intl locale of each language (British English: day-first dates, like Turkish ones). */
export const LOCALES: Record<Language, string> = { tr: 'tr-TR', en: 'en-GB' };

let source: () => Language = () => DEFAULT_LANGUAGE;

/**
 * Installed once per runtime: the client's active language, the server's per-request one. Returns
 * the source it replaced, so a test that sets its own can put the runtime's back.
 */
export function setLanguageSource(read: () => Language): () => Language {
  const previous = source;
  source = read;
  return previous;
}

export function activeLanguage(): Language {
  return source();
}

export function activeLocale(): string {
  return LOCALES[activeLanguage()];
}

/** A browser language or an Accept-Language header → ours: English for `en…`, else Turkish. */
export function languageOf(tag: string | null | undefined): Language {
  const first = (tag ?? '').split(',')[0]!.trim().toLowerCase();
  return first === 'en' || first.startsWith('en-') ? 'en' : DEFAULT_LANGUAGE;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
