import type { IncomingMessage } from 'node:http';
import type { Db } from '../db';
import type { Env } from '../env';
import type { EventBus } from '../events/bus';
import type { Storage } from '../providers/storage';
import type { PaymentProviders } from '../providers/payments';
import { COOKIE_NAME, clearedCookie, readCookie, sessionCookie } from '../auth/cookies';
import { validateSession, type Session, type SessionKind } from '../auth/sessions';

/** What every procedure gets. Built per HTTP request, and once per WebSocket connection. */
export type AppDeps = {
  db: Db;
  env: Env;
  bus: EventBus;
  storage: Storage;
  payments: PaymentProviders;
  /** 'local' shows the preview-mode notice on the generate screens (D28). */
  aiProvider: 'local' | 'fal';
  secureCookies: boolean;
  allowedOrigins: string[];
  /** Wakes this process's workers when a job is queued (other processes poll). */
  onJobQueued: () => void;
};

export type Context = AppDeps & {
  ip: string;
  /** Customer session (null when signed out). */
  session: Session | null;
  adminSession: Session | null;
  /** Adds a Set-Cookie header; a no-op on WebSocket connections. */
  setCookie: (cookie: string) => void;
  transport: 'http' | 'ws';
};

export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const fwd = req.headers['x-forwarded-for'];
    const first = (Array.isArray(fwd) ? fwd[0] : fwd)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? 'unknown';
}

async function loadSession(deps: AppDeps, req: IncomingMessage, kind: SessionKind, setCookie: (c: string) => void) {
  const token = readCookie(req.headers.cookie, COOKIE_NAME[kind]);
  if (!token) return null;
  const result = await validateSession(deps.db, kind, token);
  if (!result) {
    setCookie(clearedCookie(kind, deps.secureCookies));
    return null;
  }
  // Sliding expiry: a remembered cookie carries its expiry, so renew it alongside the row.
  if (result.refreshed) setCookie(sessionCookie(kind, token, result.session, deps.secureCookies));
  return result.session;
}

export async function createContext(
  deps: AppDeps,
  req: IncomingMessage,
  res: { appendHeader?: (name: string, value: string) => unknown } | undefined,
  transport: 'http' | 'ws',
): Promise<Context> {
  const setCookie = (cookie: string) => {
    if (transport === 'http') res?.appendHeader?.('Set-Cookie', cookie);
  };
  const [session, adminSession] = await Promise.all([
    loadSession(deps, req, 'customer', setCookie),
    loadSession(deps, req, 'admin', setCookie),
  ]);
  return { ...deps, ip: clientIp(req, deps.env.TRUST_PROXY === '1'), session, adminSession, setCookie, transport };
}
