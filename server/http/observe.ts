import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Env } from '../env';
import { safeUrl, type Logger } from '../lib/log';
import { httpDuration } from '../lib/metrics';
import { appRouter } from '../routers';

/** What a client may send as X-Request-Id (behind a trusted proxy): a short plain token. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const QUIET = new Set(['/livez', '/readyz', '/healthz', '/metrics']);

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
 * X-Request-Id header; when it ends, its duration in the HTTP histogram and one log line (method,
 * route, status, duration, id; error level with the error for a 5xx or an error the last-resort
 * handler kept). Probes and scrapes are measured but not logged. The fields are pino-http's; written
 * here in one listener because pino-http's child loggers and three passes over the route cost about
 * a sixth of a signed-in read (docs/benchmarks.md).
 */
export function observeRequests(env: Env, logger: Logger): RequestHandler {
  const trustHeader = env.TRUST_PROXY > 0;
  // A success line holds only the fields below, none secret, so it skips the logger's redaction
  // (~10 µs a line); an error line goes through it, for what the error carries.
  const plain = logger.child({}, { redact: [] });
  return (req, res, next) => {
    const start = performance.now();
    const sent = req.headers['x-request-id'];
    const id = trustHeader && typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
    res.setHeader('X-Request-Id', id);
    // 'close' also ends a request whose client went away before the answer.
    res.once('close', () => {
      const ms = performance.now() - start;
      const route = routeOf(req, res);
      const status = res.statusCode;
      httpDuration.observe({ method: req.method, route, status: String(status) }, ms / 1000);
      if (QUIET.has(req.originalUrl.split('?', 1)[0]!)) return;
      const line = {
        // Headers are never logged (cookies, Authorization, signatures); the URL without its query
        // string and with any token segment masked; `ip` as the rate limits count it.
        req: { id, method: req.method, url: safeUrl(req.originalUrl) },
        reqId: id,
        ip: req.ip,
        res: { statusCode: status },
        responseTime: Math.round(ms),
        route,
        status,
      };
      const err = (res.locals as Locals).error;
      if (err || status >= 500) {
        logger.error({ ...line, err: err ?? new Error(`failed with status code ${status}`) }, `${req.method} ${route} ${status}`);
      } else {
        plain.info(line, `${req.method} ${route} ${status} ${line.responseTime} ms`);
      }
    });
    next();
  };
}

/** What the last-resort handler leaves for the request's log line: the unexpected error behind a 500. */
type Locals = { error?: Error };

/** Keeps an unexpected error for the request's log line (written when the response ends). */
export function keepForLog(res: Response, err: Error): void {
  (res.locals as Locals).error = err;
}
