/**
 * The whole message catalogue (server, tests). Client code imports the part its screens need:
 * `messages/public`, `messages/app` or `messages/admin`, so a first visit never loads admin texts.
 * `M` answers in the active language; `messagesFor` gives one language's texts outright (an
 * e-mail is written in its recipient's language, not the language of the request that sent it).
 */
import { EN, TR } from './server';
import type { Language } from './language';
export { M } from './server';
export { landingDefaults } from './admin';
export type { ServerTexts } from './server';
export type Messages = typeof TR;

export function messagesFor(language: Language): Messages {
  return (language === 'en' ? EN : TR) as Messages;
}
