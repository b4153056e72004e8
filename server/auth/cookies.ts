import { parse, serialize } from 'cookie';
// Below sessions.ts (which reads the cookie): nothing here imports it, so the two form no circle.
export const COOKIE_NAME = { customer: 'vitrin_session', admin: 'vitrin_admin_session' } as const;

/** Whose session a cookie carries: `SessionKind` in sessions.ts. */
type CookieKind = keyof typeof COOKIE_NAME;

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  return parse(header)[name] ?? undefined;
}

/**
 * HttpOnly, SameSite=Lax, Path=/, Secure under https. Without "remember me" the cookie has no
 * Max-Age, so it ends with the browser session (docs/decisions.md D17); the server-side expiry still applies.
 */
export function sessionCookie(kind: CookieKind, token: string, session: { remember: boolean; expiresAt: Date }, secure: boolean): string {
  return serialize(COOKIE_NAME[kind], token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    ...(session.remember ? { expires: session.expiresAt } : {}),
  });
}

export function clearedCookie(kind: CookieKind, secure: boolean): string {
  return serialize(COOKIE_NAME[kind], '', { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: 0 });
}
