import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { pinoHttp } from 'pino-http';
import type { Env } from '../env';
import type { Db } from '../db';
import { safeUrl, type Logger } from '../lib/log';
import { collectDefaultMetrics, httpDuration, registry, scrapedGauge } from '../lib/metrics';
import { queueDepth } from '../services/operations';
import { studioPoolIfStarted } from '../studio/pool';
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

/** The gauges read at scrape time: the queues from the database, the studio pool of this process. */
function registerScrapedGauges(db: Db): void {
  collectDefaultMetrics();
  scrapedGauge('vitrin_queue_depth', 'Work waiting or running, by queue (runs, emails, webhooks) and state', ['queue', 'state'], async () =>
    (await queueDepth(db)).map((r) => ({ labels: { queue: r.queue, state: r.state }, value: r.count })),
  );
  scrapedGauge('vitrin_studio_pool', 'Studio worker threads of this process: size, busy, queued tasks, sellers waiting', ['what'], () => {
    const stats = studioPoolIfStarted()?.stats();
    if (!stats) return [];
    return [
      { labels: { what: 'size' }, value: stats.size },
      { labels: { what: 'busy' }, value: stats.busy },
      { labels: { what: 'queued' }, value: stats.queued },
      { labels: { what: 'sellers_waiting' }, value: stats.sellersWaiting },
    ];
  });
}

/** A bearer token compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '');
  const want = Buffer.from(token);
  return sent.length === want.length && timingSafeEqual(sent, want);
}

/**
 * `GET /metrics` (Prometheus text). On the main port it needs `Authorization: Bearer METRICS_TOKEN`
 * and is 404 without a token configured; `open` (the METRICS_PORT listener) serves it to anyone who
 * can reach that port.
 */
export function metricsRoutes(db: Db, opts: { token?: string; open?: boolean }): Router {
  registerScrapedGauges(db);
  const r = Router();
  r.get('/metrics', async (req, res) => {
    res.locals.route = '/metrics';
    if (!opts.open) {
      if (!opts.token) return res.status(404).type('text/plain').send('Not found\n');
      if (!bearerMatches(req.headers.authorization, opts.token)) {
        return res.status(401).set('WWW-Authenticate', 'Bearer').type('text/plain').send('Unauthorized\n');
      }
    }
    res.setHeader('Cache-Control', 'no-store');
    res.type(registry.contentType).send(await registry.metrics());
  });
  return r;
}
