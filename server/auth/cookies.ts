import { parse, serialize } from 'cookie';
import type { Session, SessionKind } from './sessions';

export const COOKIE_NAME: Record<SessionKind, string> = { customer: 'vitrin_session', admin: 'vitrin_admin_session' };

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  return parse(header)[name] ?? undefined;
}

/**
 * HttpOnly, SameSite=Lax, Path=/, Secure under https. Without "remember me" the cookie has no
 * Max-Age, so it ends with the browser session (docs/decisions.md D17); the server-side expiry still applies.
 */
export function sessionCookie(kind: SessionKind, token: string, session: Session, secure: boolean): string {
  return serialize(COOKIE_NAME[kind], token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    ...(session.remember ? { expires: session.expiresAt } : {}),
  });
}

export function clearedCookie(kind: SessionKind, secure: boolean): string {
  return serialize(COOKIE_NAME[kind], '', { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: 0 });
}
