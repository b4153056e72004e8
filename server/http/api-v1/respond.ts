import type { NextFunction, Request, Response } from 'express';
import type { AppDeps } from '../../deps';
import { AppError, isDatabaseUnavailable } from '../../errors';
import { M } from '../../../shared/messages';
import { authenticateApiKey, type ApiCaller } from '../../services/api-keys';
import { sendAppError, sendError } from '../rest-error';

/** Statuses of the seller API that differ from the other REST routes: too few credits is 402 Payment Required. */
const API_STATUS: Partial<Record<AppError['appCode'], number>> = { INSUFFICIENT_CREDITS: 402 };

/** Any failure of an API handler as `{ error: { code, message } }` (Retry-After on a 429); never a stack trace. */
export function sendApiFailure(res: Response, err: unknown, logTag: string): void {
  if (err instanceof AppError) return sendAppError(res, err, API_STATUS[err.appCode]);
  if (isDatabaseUnavailable(err)) return sendError(res, 503, M.common.serviceUnavailable, 'UNAVAILABLE');
  console.error(`[${logTag}]`, err);
  sendError(res, 500, M.common.unexpected, 'INTERNAL');
}

/** The caller a handler runs for (set by `requireApiKey`). */
export const callerOf = (res: Response): ApiCaller => res.locals.apiCaller as ApiCaller;

/** `Authorization: Bearer vk_live_…` or 401; the key's seller is then the only one whose data the route touches. */
export function requireApiKey(deps: Pick<AppDeps, 'db'>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const caller = await authenticateApiKey(deps.db, req.headers.authorization);
      if (!caller) {
        res.setHeader('WWW-Authenticate', 'Bearer');
        return sendError(res, 401, M.api.errors.unauthorized, 'UNAUTHENTICATED');
      }
      res.locals.apiCaller = caller;
      next();
    } catch (err) {
      sendApiFailure(res, err, 'api');
    }
  };
}

/** An async handler whose failures become API errors. */
export function handle(logTag: string, fn: (req: Request, res: Response) => Promise<unknown>) {
  return async (req: Request, res: Response) => {
    try {
      await fn(req, res);
    } catch (err) {
      sendApiFailure(res, err, logTag);
    }
  };
}
