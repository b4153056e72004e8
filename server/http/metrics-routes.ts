import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import express, { Router } from 'express';
import type { Db } from '../db';
import { collectDefaultMetrics, registry, scrapedGauge } from '../lib/metrics';
import { queueDepth } from '../services/operations';
import { studioPoolIfStarted } from '../studio/pool';

// `/metrics` for the web processes (on their port, with METRICS_TOKEN) and for any process on a
// METRICS_PORT of its own — the separate workers too, whose run counters no web process sees.

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

/** The METRICS_PORT listener: `/metrics` only, no token (docs/operations.md, Metrics). */
export async function serveMetrics(db: Db, port: number, host: string | undefined): Promise<{ server: Server; port: number }> {
  const app = express();
  app.disable('x-powered-by');
  app.use(metricsRoutes(db, { open: true }));
  app.use((_req, res) => res.status(404).type('text/plain').send('Not found\n'));
  const server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host }, () => resolve());
  });
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : port };
}
