import type { Response } from 'express';
import type { AppCode } from '../../shared/constants';
import { AppError } from '../errors';

/** The error body of every non-tRPC route: the Turkish text and the stable code, as tRPC sends them. */
export function sendError(res: Response, status: number, message: string, appCode: AppCode): void {
  if (!res.headersSent) res.status(status).json({ error: { message, data: { appCode } } });
}

/** A service's AppError on a REST route: its own text, with the status its code means. */
export function sendAppError(res: Response, err: AppError): void {
  const status = { VALIDATION: 422, UNAUTHENTICATED: 401, NOT_ADMIN: 403, NOT_FOUND: 404, RATE_LIMITED: 429, MAINTENANCE: 503, UNAVAILABLE: 503 }[err.appCode as string] ?? 400;
  sendError(res, status, err.message, err.appCode);
}
