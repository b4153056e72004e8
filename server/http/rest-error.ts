import type { Response } from 'express';
import type { AppCode } from '../../shared/constants';
import { RateLimitedError, restStatus, type AppError } from '../errors';

/** The error body of every non-tRPC route: the Turkish text and the stable code, as tRPC sends them. */
export function sendError(res: Response, status: number, message: string, appCode: AppCode): void {
  if (!res.headersSent) res.status(status).json({ error: { message, data: { appCode } } });
}

/** A service's AppError on a REST route: its own text, with the status its code means (and Retry-After on a 429). */
export function sendAppError(res: Response, err: AppError): void {
  if (err instanceof RateLimitedError && !res.headersSent) res.setHeader('Retry-After', String(err.retryAfterSeconds));
  sendError(res, restStatus(err.appCode), err.message, err.appCode);
}
