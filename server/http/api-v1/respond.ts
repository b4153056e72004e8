import { translateText } from '../../../shared/messages/localize';
import type { NextFunction, Request, Response } from 'express';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db';
import { explainError, RateLimitedError, statusOf } from '../../errors';
import { M } from '../../../shared/messages';
import { API_REQUEST_LIMITS, SELLER_LIMITS, type AppCode, type SellerLimitKind } from '../../../shared/constants';
import { ZApiError } from '../../../shared/schemas/api';
import type { z } from '../../../shared/zod';
import { authenticateApiKey, type ApiCaller } from '../../services/api-keys';
import { hitRateLimit, releaseRateLimit } from '../../auth/rate-limit';
import { clientIp } from '../../trpc/context';
import { log } from '../../lib/log';

/**
 * Every JSON answer of the API goes out through its schema: the very zod schema the OpenAPI
 * document declares for that status (openapi.ts), so a field the document does not name cannot
 * leave, and a body that breaks it is a 500 in the tests rather than a silent drift.
 */
export function reply<S extends z.ZodType>(res: Response, status: number, schema: S, body: z.output<S>): void {
  res.status(status).json(schema.parse(body));
}

/** One API error in the `Error` shape. */
export function sendApiError(res: Response, status: number, message: string, code: AppCode): void {
  if (res.headersSent) return;
  // In the caller's language (a zod text is the Turkish catalogue text until translated).
  reply(res, status, ZApiError, { error: { code: code as never, message: translateText(message), data: { appCode: code as never } } });
}

/** A per-seller limit counted by this request: given back when the request is refused (4xx). */
type Quota = { db: Db; key: string; limit: number; count: number; resetAt: Date; released: boolean };

function rateHeaders(res: Response, q: Quota): void {
  if (res.headersSent) return;
  res.setHeader('RateLimit-Limit', String(q.limit));
  res.setHeader('RateLimit-Remaining', String(Math.max(0, q.limit - q.count)));
  res.setHeader('RateLimit-Reset', String(Math.max(0, Math.ceil((q.resetAt.getTime() - Date.now()) / 1000))));
}

/** Gives back the request's counted use of a limit (a refused request does not use up the seller's quota). */
export async function releaseQuota(res: Response): Promise<void> {
  const q = res.locals.apiQuota as Quota | undefined;
  if (!q || q.released) return;
  q.released = true;
  await releaseRateLimit(q.db, q.key);
  q.count -= 1;
  rateHeaders(res, q);
}

/**
 * Counts one use of a per-seller limit (the page's SELLER_LIMITS, shared with the web app) and
 * sets the RateLimit-* headers. Over the limit: the use is given back and a 429 is thrown.
 */
export async function takeQuota(db: Db, res: Response, kind: SellerLimitKind, userId: string): Promise<void> {
  const { limit, windowMs } = SELLER_LIMITS[kind];
  const key = `${kind}:user:${userId}`;
  const hit = await hitRateLimit(db, key, limit, windowMs);
  const q: Quota = { db, key, limit, count: hit.count, resetAt: hit.resetAt, released: false };
  res.locals.apiQuota = q;
  rateHeaders(res, q);
  if (!hit.allowed) {
    const seconds = Math.max(1, Math.ceil((hit.resetAt.getTime() - Date.now()) / 1000));
    throw new RateLimitedError(M.fairShare[kind](Math.ceil(seconds / 60)), seconds);
  }
}

/** Any failure of an API handler as an `Error` body (Retry-After on a 429); never a stack trace. Refusals give their quota back. */
export async function sendApiFailure(res: Response, err: unknown, logTag: string): Promise<void> {
  const { error, unexpected } = explainError(err);
  if (unexpected) log().error({ err, what: logTag }, 'unexpected error');
  // The seller API's own statuses (ERROR_MAP's `api`: too few credits is 402 Payment Required).
  const status = statusOf(error.appCode, 'api');
  if (error instanceof RateLimitedError && !res.headersSent) res.setHeader('Retry-After', String(error.retryAfterSeconds));
  if (status >= 400 && status < 500)
    await releaseQuota(res).catch((e: unknown) => log().error({ err: e, what: logTag }, 'after-answer step failed'));
  // A refused or failed first request gives its Idempotency-Key up (idempotency.ts).
  const forget = res.locals.apiForget as (() => Promise<void>) | undefined;
  res.locals.apiForget = undefined;
  if (forget) await forget().catch((e: unknown) => log().error({ err: e, what: logTag }, 'after-answer step failed'));
  sendApiError(res, status, error.message, error.appCode);
}

/** The caller a handler runs for (set by `requireApiKey`). */
export const callerOf = (res: Response): ApiCaller => res.locals.apiCaller as ApiCaller;

/**
 * The first step of every request under /api/v1: the key (when one is sent) is read once, and the
 * request is counted against the API's request limit — per seller with a valid key, per address
 * without — whose RateLimit-* headers every answer then carries (an operation with its own quota,
 * `takeQuota`, shows that one instead). Every request counts here, refused or not: this is the
 * flood guard. Over it: 429 with Retry-After.
 */
export function apiGate(deps: Pick<AppDeps, 'db' | 'env'>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const caller = req.headers.authorization ? await authenticateApiKey(deps.db, req.headers.authorization) : null;
      res.locals.apiCaller = caller ?? undefined;
      const { limit, windowMs } = caller ? API_REQUEST_LIMITS.seller : API_REQUEST_LIMITS.address;
      const key = caller ? `requests:user:${caller.userId}` : `api-requests:ip:${clientIp(req, deps.env.TRUST_PROXY)}`;
      const hit = await hitRateLimit(deps.db, key, limit, windowMs);
      rateHeaders(res, { db: deps.db, key, limit, count: hit.count, resetAt: hit.resetAt, released: false });
      if (!hit.allowed) {
        const seconds = Math.max(1, Math.ceil((hit.resetAt.getTime() - Date.now()) / 1000));
        throw new RateLimitedError(M.api.errors.tooManyRequests(seconds), seconds);
      }
      next();
    } catch (err) {
      await sendApiFailure(res, err, 'api');
    }
  };
}

/** `Authorization: Bearer vk_live_…` (read by `apiGate`) or 401; the key's seller is then the only one whose data the route touches. */
export function requireApiKey() {
  return (_req: Request, res: Response, next: NextFunction) => {
    if (!res.locals.apiCaller) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      return sendApiError(res, 401, M.api.errors.unauthorized, 'UNAUTHENTICATED');
    }
    next();
  };
}

/** An async handler (or middleware, when it calls `next`) whose failures become API errors. */
export function handle(logTag: string, fn: (req: Request, res: Response, next: NextFunction) => Promise<unknown>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      await fn(req, res, next);
    } catch (err) {
      await sendApiFailure(res, err, logTag);
    }
  };
}
