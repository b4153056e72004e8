/**
 * The whole message catalogue (server, tests). Client code imports the part its screens need:
 * `messages/public`, `messages/app` or `messages/admin`, so a first visit never loads admin texts.
 */
export { M } from './server';
import type { M as All } from './server';
export type Messages = typeof All;
