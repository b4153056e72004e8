import type { Request } from 'express';
import type { AppDeps } from '../trpc/context';
import { COOKIE_NAME, readCookie } from '../auth/cookies';
import { validateSession } from '../auth/sessions';

/** The signed-in customer's id for a plain HTTP route, or null. */
export async function customerId(deps: AppDeps, req: Request): Promise<string | null> {
  const token = readCookie(req.headers.cookie, COOKIE_NAME.customer);
  if (!token) return null;
  const result = await validateSession(deps.db, 'customer', token);
  return result?.session.ownerId ?? null;
}

export async function adminId(deps: AppDeps, req: Request): Promise<string | null> {
  const token = readCookie(req.headers.cookie, COOKIE_NAME.admin);
  if (!token) return null;
  const result = await validateSession(deps.db, 'admin', token);
  return result?.session.ownerId ?? null;
}
