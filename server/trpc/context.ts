import type { IncomingMessage } from 'node:http';
import { explainError } from '../errors';
import type { AppDeps } from '../deps';
import { clearedCookie, sessionCookie } from '../auth/cookies';
import { sessionFromRequest, type Session, type SessionKind } from '../auth/sessions';
import { isLocalCaller } from '../providers/payments/test-checkout';

/** What every procedure gets (AppDeps plus the caller). Built per HTTP request, and once per WebSocket connection. */
export type Context = AppDeps & {
  ip: string;
  /** The socket peer is this machine and no proxy forwarded the request (the test checkout's gate). */
  localCaller: boolean;
  /** Customer session (null when signed out). */
  session: Session | null;
  adminSession: Session | null;
  /** Adds a Set-Cookie header; a no-op on WebSocket connections. */
  setCookie: (cookie: string) => void;
  transport: 'http' | 'ws';
  /** WebSocket only: the connection's sessions looked up afresh (see transportRules). */
  revalidate?: () => Promise<{ session: Session | null; adminSession: Session | null }>;
};

/**
 * The client address. Behind `trustedHops` proxies, each appends the address it saw to
 * X-Forwarded-For, so the client is the entry `trustedHops` from the right (counting the socket
 * address as the last hop); entries further left were written by the client and are ignored.
 */
export function clientIp(req: IncomingMessage, trustedHops: number): string {
  const socketAddress = req.socket.remoteAddress ?? 'unknown';
  if (trustedHops <= 0) return socketAddress;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const chain = [...forwarded, socketAddress];
  // The chain ends with the socket address, so the index is always inside it.
  return chain[Math.max(0, chain.length - 1 - trustedHops)]!;
}

async function loadSession(deps: AppDeps, req: IncomingMessage, kind: SessionKind, setCookie: (c: string) => void, cached: boolean) {
  const found = await sessionFromRequest(deps, req, kind, { cached });
  if (found === null) return null;
  if (found === 'invalid') {
    setCookie(clearedCookie(kind, deps.secureCookies));
    return null;
  }
  // Sliding expiry: a remembered cookie carries its expiry, so renew it alongside the row.
  if (found.refreshed) setCookie(sessionCookie(kind, found.token, found.session, deps.secureCookies));
  return found.session;
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
  // An HTTP request may take its session from the session cache (D59); a socket's
  // sessions are looked up afresh, at the upgrade and before every call (see transportRules).
  const cached = transport === 'http';
  const sessions = async () => {
    const [session, adminSession] = await Promise.all([
      loadSession(deps, req, 'customer', setCookie, cached),
      loadSession(deps, req, 'admin', setCookie, cached),
    ]);
    return { session, adminSession };
  };
  try {
    const ip = clientIp(req, deps.env.TRUST_PROXY);
    const localCaller = isLocalCaller(req);
    return { ...deps, ip, localCaller, ...(await sessions()), setCookie, transport, revalidate: transport === 'ws' ? sessions : undefined };
  } catch (err) {
    // The session lookup is the first query of a request: an unreachable database answers 503 (the error map).
    const { error, unexpected } = explainError(err);
    throw unexpected ? err : error.toTRPCError();
  }
}
