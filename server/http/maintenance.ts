import type { NextFunction, Request, Response } from 'express';
import type { AppDeps } from '../deps';
import { M } from '../../shared/messages';
import { getCachedSettings } from '../services/settings';
import { sendError } from './rest-error';

/**
 * The /api paths that stay open in maintenance mode: the admins' own routes, public site files,
 * and iyzico's return (a payment the buyer already made must still be confirmed). Webhooks and
 * the health check are mounted before this guard. Every other /api route is a customer's and is
 * closed, as the customer tRPC procedures are; a new route is closed unless it is listed here.
 */
const OPEN_IN_MAINTENANCE = [
  /^\/api\/admin\//,
  /^\/api\/files\/public\//,
  /^\/api\/payments\/iyzico\/return$/,
  // The seller API's reference stays readable; its endpoints close with the rest.
  /^\/api\/docs$/,
  /^\/api\/v1\/openapi\.json$/,
];

/** 503 with the maintenance text for every customer /api route while maintenance mode is on. */
export function customerMaintenance(deps: Pick<AppDeps, 'db'>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!req.path.startsWith('/api/') || OPEN_IN_MAINTENANCE.some((open) => open.test(req.path))) return next();
    if ((await getCachedSettings(deps.db)).maintenanceMode) return sendError(res, 503, M.common.maintenance, 'MAINTENANCE');
    next();
  };
}
