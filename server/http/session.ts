import type { Request } from 'express';
import type { AppDeps } from '../deps';
import { sessionFromRequest } from '../auth/sessions';

/** The signed-in customer's id for a plain HTTP route, or null. */
export async function customerId(deps: AppDeps, req: Request): Promise<string | null> {
  const found = await sessionFromRequest(deps, req, 'customer', { cached: true });
  return found && found !== 'invalid' ? found.session.ownerId : null;
}

/** The signed-in admin's id for a plain HTTP route, or null. */
export async function adminId(deps: AppDeps, req: Request): Promise<string | null> {
  const found = await sessionFromRequest(deps, req, 'admin');
  return found && found !== 'invalid' ? found.session.ownerId : null;
}
