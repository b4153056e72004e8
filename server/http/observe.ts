import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { pinoHttp } from 'pino-http';
import type { Env } from '../env';
import { safeUrl, type Logger } from '../lib/log';
import { httpDuration } from '../lib/metrics';
import { appRouter } from '../routers';

/** What a client may send as X-Request-Id (behind a trusted proxy): a short plain token. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const procedures = new Set(Object.keys(appRouter._def.procedures));

/**
 * The route a request matched, as a pattern (`/api/v1/generations/:id`, `/trpc/generations.list`),
 * never the URL itself: ids and tokens stay out of logs' route field and metrics' labels, and an
 * unknown path cannot add a label value.
 */
function routeOf(req: Request, res: Response): string {
  const marked = res.locals.route as string | undefined;
  if (marked) return marked;
  if (req.route?.path) return `${req.baseUrl ?? ''}${String(req.route.path)}`;
  const path = (req.originalUrl ?? req.url).split('?', 1)[0] ?? '';
  if (path.startsWith('/trpc/')) {
    // A broken %-escape is answered 400 by the tRPC routes; here it must not throw (this runs as the response ends).
    let names: string[];
    try {
      names = decodeURIComponent(path.slice('/trpc/'.length)).split(',');
    } catch {
      return '/trpc/(unknown)';
    }
    if (names.length > 1) return '/trpc/(batch)';
    return procedures.has(names[0]!) ? `/trpc/${names[0]}` : '/trpc/(unknown)';
  }
  if (path === '/trpc') return '/trpc';
  if (path.startsWith('/assets/')) return '/assets/*';
  return '(other)';
}

/**
 * Every request: a request id (the trusted proxy's X-Request-Id, else a new one), returned in the
 * X-Request-Id header; one log line when it ends (method, route, status, duration, id); and the
 * duration in the HTTP histogram. Probes and scrapes are measured but not logged.
 */
export function observeRequests(env: Env, logger: Logger): RequestHandler[] {
  const trustHeader = env.TRUST_PROXY > 0;
  const quiet = new Set(['/livez', '/readyz', '/healthz', '/metrics']);
  const logging = pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const sent = req.headers['x-request-id'];
      const id = trustHeader && typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    // The id as a top-level field of every line of the request (`reqId`), not only inside `req`;
    // `ip` is the client's address as the rate limits count it (the proxy's entry under TRUST_PROXY).
    customProps: (req) => ({ reqId: req.id, ip: (req as Request).ip }),
    autoLogging: { ignore: (req) => quiet.has((req.url ?? '').split('?', 1)[0]!) },
    // Headers are not logged at all (cookies, Authorization, signatures); the URL without its
    // query string and with any token segment masked.
    serializers: {
      req: (req: { id: string; method: string; url: string; raw?: { originalUrl?: string } }) => ({
        id: req.id,
        method: req.method,
        url: safeUrl(req.raw?.originalUrl ?? req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customSuccessObject: (req, res, value: Record<string, unknown>) => ({
      ...value,
      route: routeOf(req as Request, res as Response),
      status: res.statusCode,
    }),
    customErrorObject: (req, res, _err, value: Record<string, unknown>) => ({
      ...value,
      route: routeOf(req as Request, res as Response),
      status: res.statusCode,
    }),
    customSuccessMessage: (req, res, ms) => `${req.method} ${routeOf(req as Request, res as Response)} ${res.statusCode} ${ms} ms`,
    customErrorMessage: (req, res) => `${req.method} ${routeOf(req as Request, res as Response)} ${res.statusCode}`,
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
  });
  const measure: RequestHandler = (req, res, next) => {
    const end = httpDuration.startTimer();
    res.once('finish', () => end({ method: req.method, route: routeOf(req, res), status: String(res.statusCode) }));
    next();
  };
  return [logging as unknown as RequestHandler, measure];
}
