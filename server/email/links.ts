import type { Env } from '../env';
import { M } from '../../shared/messages';

let listeningUrl: string | null = null;

/** Set once the server listens, so links work without PUBLIC_URL on the embedded default. */
export function setListeningUrl(url: string): void {
  listeningUrl = url;
}

/**
 * The base of every link in an e-mail. Never taken from the request (a forged Host header would
 * send a reset link to someone else's site): PUBLIC_URL, else the address this server listens on.
 */
export function publicBaseUrl(env?: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string {
  const fromEnv = env?.PUBLIC_URL ?? (process.env.PUBLIC_URL?.trim() || undefined);
  const base = fromEnv ?? listeningUrl ?? `http://localhost:${env?.PORT ?? process.env.PORT ?? 3000}`;
  return base.replace(/\/+$/, '');
}

export const LINK_PATHS = {
  reset: (token: string) => `/auth/reset/${token}`,
  verify: (token: string) => `/auth/verify/${token}`,
  unsubscribe: (token: string) => `/bildirimlerden-cik/${token}`,
  pricing: () => '/pricing',
  history: () => '/app/history',
  settings: () => '/app/settings',
} as const;

/** Paths that carry a secret token: their token is removed from the stored copy once sent. */
export const SECRET_LINK = /(\/(?:auth\/reset|auth\/verify|bildirimlerden-cik)\/)[a-z0-9]+/g;

/** The text with every secret link's token replaced by `[gizlendi]`. */
export function redactSecretLinks(text: string): string {
  return text.replace(SECRET_LINK, `$1${M.adminEmails.redacted}`);
}

/** A message's stored body and HTML with their secret links' tokens removed (once nobody will send it). */
export function redactedCopy(message: { body: string; html: string | null }): { body: string; html: string | null } {
  return { body: redactSecretLinks(message.body), html: message.html === null ? null : redactSecretLinks(message.html) };
}
