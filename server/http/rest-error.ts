import type { Response } from 'express';
import type { AppCode } from '../../shared/constants';
import { RateLimitedError, restStatus, type AppError } from '../errors';
import { translateText } from '../../shared/messages/localize';

/**
 * The error body of every non-tRPC route: the stable code and the Turkish text (`{ error: { code,
 * message } }`, the seller API's documented shape), and the code again where tRPC puts it. A zod
 * message (written into the schema in Turkish when it loaded) is put into the request's language.
 */
export function sendError(res: Response, status: number, message: string, appCode: AppCode): void {
  if (!res.headersSent) res.status(status).json({ error: { code: appCode, message: translateText(message), data: { appCode } } });
}

/**
 * A service's AppError on a REST route: its own text, with the status its code means (or `status`,
 * where a route's contract differs: the seller API's 402) and Retry-After on a 429.
 */
export function sendAppError(res: Response, err: AppError, status = restStatus(err.appCode)): void {
  if (err instanceof RateLimitedError && !res.headersSent) res.setHeader('Retry-After', String(err.retryAfterSeconds));
  sendError(res, status, err.message, err.appCode);
}
