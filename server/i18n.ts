import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';
import { DEFAULT_LANGUAGE, languageOf, setLanguageSource, type Language } from '../shared/messages/language';

/**
 * The language of the request being served, so every `M.x.y` read while serving it (errors sent to
 * the client, texts in answers) is in the language the client shows. The client sends its active
 * language (the signed-in user's saved one, or the visitor's choice) as Accept-Language; a plain
 * navigation (an invoice link) carries the browser's own. Outside a request: Turkish.
 */
const requestLanguage = new AsyncLocalStorage<Language>();
setLanguageSource(() => requestLanguage.getStore() ?? DEFAULT_LANGUAGE);

export const languageFromRequest: RequestHandler = (req, _res, next) => {
  requestLanguage.run(languageOf(req.headers['accept-language']), next);
};

/**
 * Runs `fn` with the catalogue answering in `language` (issue 38 item 2: a file a seller downloads,
 * or an export a worker builds for them, is written in the language the seller chose, not in the
 * browser's). Everything `fn` awaits stays in that language.
 */
export function inLanguage<T>(language: Language, fn: () => T): T {
  return requestLanguage.run(language, fn);
}
