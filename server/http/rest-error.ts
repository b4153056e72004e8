import type { Response } from 'express';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { AppCode } from '../../shared/constants';
import { ERROR_MAP, RateLimitedError, statusOf, type AppError } from '../errors';
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
 * where a route's contract differs) and Retry-After on a 429.
 */
export function sendAppError(res: Response, err: AppError, status = statusOf(err.appCode)): void {
  if (err instanceof RateLimitedError && !res.headersSent) res.setHeader('Retry-After', String(err.retryAfterSeconds));
  sendError(res, status, err.message, err.appCode);
}

/**
 * tRPC's error envelope for an answer given before tRPC's adapter runs (the Origin guard, the
 * subscription refusal, an undecodable path): the shape its error formatter gives, from the error
 * map. `calls` answers a batch with one entry per called procedure, as tRPC clients expect.
 */
export function sendTrpcError(res: Response, appCode: AppCode, message: string, calls?: number): void {
  const { trpc, status } = ERROR_MAP[appCode];
  const error = { message, code: TRPC_ERROR_CODES_BY_KEY[trpc], data: { code: trpc, httpStatus: status, appCode } };
  res.status(status).json(calls === undefined ? { error } : Array.from({ length: calls }, () => ({ error })));
}
