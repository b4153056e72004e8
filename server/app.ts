import express from 'express';
import compression from 'compression';
import expressStaticGzip from 'express-static-gzip';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { appRouter } from './routers';
import { retryAfterMeta } from './trpc/init';
import { M } from '../shared/messages';
import { createContext } from './trpc/context';
import type { AppDeps } from './deps';
import { securityHeaders } from './http/security-headers';
import { originGuard } from './http/origin-guard';
import { healthRoutes, probeNotFound } from './http/health';
import { keepForLog, observeRequests } from './http/observe';
import { metricsRoutes } from './http/metrics-routes';
import { log as processLog, type Logger } from './lib/log';
import { attachWebSocket } from './http/websocket';
import { uploadRoutes } from './http/uploads';
import { fileRoutes } from './http/files';
import { customerMaintenance } from './http/maintenance';
import { webhookRoutes } from './http/webhooks';
import { checkoutRoutes } from './http/checkout-pages';
import { invoiceRoutes } from './http/invoices';
import { dataExportRoutes } from './http/data-exports';
import { exportRoutes } from './http/exports';
import { batchRoutes } from './http/batch';
import { adminUploadRoutes } from './http/admin-uploads';
import { jsonBody } from './http/json-body';
import { sendAppError, sendError } from './http/rest-error';
import { explainError } from './errors';
import { refuseHttpSubscriptions } from './http/socket-only';
import { publicReadCache } from './http/public-read-cache';
import { trpcQueries } from './http/trpc-queries';
import { apiV1Routes } from './http/api-v1/routes';
import { apiDocsRoutes } from './http/api-v1/docs';
import { languageFromRequest } from './i18n';
import { SELLER_FILE_PATHS, sellerFileLanguage } from './http/seller-language';

/** Calls in one batched tRPC request. */
const MAX_BATCH = 20;

export type AppOptions = {
  deps: AppDeps;
  /** Folder with the built client; omitted in API-only tests. */
  clientDir?: string;
  /** Dev mode: Vite middleware instead of the built client. */
  devMiddleware?: express.RequestHandler;
  /** Request lines (docs/operations.md, Logs); default the process logger. */
  logger?: Logger;
  /** True once the process is shutting down: `/readyz` then answers 503. */
  isDraining?: () => boolean;
};

/** One HTTP server: client, /trpc over HTTP and WebSocket, /api/*, /healthz. */
export function createApp(opts: AppOptions): {
  app: express.Express;
  server: Server;
  closeSockets: () => Promise<void>;
  recheckSockets: () => Promise<void>;
} {
  const { deps } = opts;
  const app = express();
  app.disable('x-powered-by');
  // Express's req.ip then follows the same hop count as clientIp() below.
  if (deps.env.TRUST_PROXY > 0) app.set('trust proxy', deps.env.TRUST_PROXY);
  app.use(observeRequests(deps.env, opts.logger ?? processLog()));
  app.use(languageFromRequest);
  app.use(securityHeaders({ dev: !!opts.devMiddleware, https: deps.secureCookies }));
  const guard = originGuard(deps.allowedOrigins);
  const httpContext = (req: IncomingMessage, res: ServerResponse) => createContext(deps, req, res, 'http');
  // /trpc first of the routes (no route mounted before it answers under /trpc, and a read need not
  // walk them). Its GET reads are answered whole in memory and compressed there (send-json.ts), so
  // they come before the compression middleware; the rest goes on to tRPC's adapter after it.
  app.use(
    '/trpc',
    guard,
    refuseHttpSubscriptions(appRouter),
    ...jsonBody(),
    trpcQueries({ router: appRouter, createContext: httpContext, maxBatchSize: MAX_BATCH, cache: publicReadCache() }),
  );
  app.use(compression());
  app.use(
    '/trpc',
    createExpressMiddleware({
      router: appRouter,
      createContext: ({ req, res }) => httpContext(req, res),
      maxBatchSize: MAX_BATCH,
      responseMeta: retryAfterMeta,
    }),
  );
  app.use(healthRoutes({ db: deps.db, storage: deps.storage, draining: opts.isDraining ?? (() => false) }));
  app.use(metricsRoutes(deps.db, { token: deps.env.METRICS_TOKEN }));
  // Raw body and signature instead of Origin: mounted before any JSON parsing.
  app.use(webhookRoutes(deps, deps.payments));
  app.use(customerMaintenance(deps));
  // The iyzico return is a cross-site form post checked against iyzico's API (see the file).
  app.use(checkoutRoutes(deps));
  // The seller API: Bearer keys, never cookies, so a cross-site page cannot act with them and
  // no Origin applies (curl and servers send none). Mounted before the Origin guard.
  app.use(apiV1Routes(deps));
  app.use(apiDocsRoutes(deps));
  app.use(guard);
  app.use(uploadRoutes(deps, deps.storage));
  app.use(adminUploadRoutes(deps));
  app.use(fileRoutes(deps, deps.storage));
  app.use(SELLER_FILE_PATHS, sellerFileLanguage(deps));
  app.use(invoiceRoutes(deps));
  app.use(dataExportRoutes(deps));
  app.use(exportRoutes(deps));
  app.use(batchRoutes(deps));
  app.use('/api', (_req, res) => sendError(res, 404, M.common.notFound, 'NOT_FOUND'));
  app.use(probeNotFound());

  serveClient(app, opts);
  app.use(lastResort);

  const server = createServer(app);
  const ws = attachWebSocket(server, deps);
  return { app, server, closeSockets: ws.close, recheckSockets: ws.recheck };
}

/** The client: Vite's middleware in development, else the built files with the SPA fallback. */
function serveClient(app: express.Express, opts: AppOptions): void {
  if (opts.devMiddleware) {
    app.use(opts.devMiddleware);
  } else if (opts.clientDir && existsSync(opts.clientDir)) {
    const indexHtml = path.join(opts.clientDir, 'index.html');
    // Brotli (quality 11) or gzip files made at build; the compression middleware leaves them be.
    app.use(
      '/assets',
      expressStaticGzip(path.join(opts.clientDir, 'assets'), {
        enableBrotli: true,
        orderPreference: ['br', 'gzip'],
        index: false,
        serveStatic: { immutable: true, maxAge: '1y', index: false },
      }),
    );
    app.use(express.static(opts.clientDir, { index: false, maxAge: '1h' }));
    // SPA fallback: every other GET serves the shell; the client router decides.
    app.use((req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      res.locals.route = '(page)';
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(indexHtml);
    });
  }
}

/** Last resort: never a stack trace to the client. */
export function lastResort(err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction): void {
  const e = err as { type?: string; status?: number };
  // The client went away mid-body (or a shutdown cut it after its grace): nobody is left to answer.
  if (e?.type === 'request.aborted') return;
  // Body-parser refusals (malformed JSON, too large) are the client's mistake, not ours.
  if (e?.type === 'entity.parse.failed' || e?.type === 'entity.too.large' || e?.type === 'entity.too.deep') {
    return sendError(res, e.status ?? 400, M.common.invalidInput, 'VALIDATION');
  }
  // A path parameter that is no valid %-escape (`/api/invoices/%`): the router could not decode it. A 400 as /trpc answers.
  if (err instanceof URIError) return sendError(res, 400, M.common.invalidInput, 'VALIDATION');
  const { error, unexpected } = explainError(err);
  // The request's log line carries this error (its status 500) when the response ends.
  if (unexpected) keepForLog(res, err instanceof Error ? err : new Error(String(err)));
  sendAppError(res, error);
}
