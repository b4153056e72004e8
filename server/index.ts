import type { Server } from 'node:http';
import { readEnv, type Env } from './env';
import type { Db, DbHandle } from './db';
import { migrateToLatest } from './db/migrator';
import { underStartupLock } from './db/startup-lock';
import { seed } from './seed';
import { seedPortfolio } from './seed/portfolio';
import { createApp } from './app';
import type { AppDeps } from './deps';
import type { AiProvider } from './providers/ai';
import type { Storage } from './providers/storage';
import type { EventBus } from './events/bus';
import { eventBusFor, providerFromEnv, storageFromEnv, testProviderFor } from './runtime';
import { paymentsFromEnv, TEST_CHECKOUT_HOST } from './providers/payments';
import { GenerationWorker } from './jobs/worker';
import { startExpirySweep } from './jobs/expiry-sweep';
import { startUploadRetentionSweep } from './jobs/upload-retention';
import { watchReadCaches } from './services/read-cache';
import { getSettings, invoicesBlocked, missingCompanyDetails } from './services/settings';
import { M } from '../shared/messages';
import { EmailSender, type EmailSenderOptions } from './email/sender';
import { assertEmailCanLeave, transportFromEnv } from './email/transport';
import { setListeningUrl } from './email/links';
import { DataExportWorker } from './jobs/data-exports';
import { WebhookSender, type WebhookSenderOptions } from './jobs/webhook-sender';
import { drain } from './http/drain';
import { log as processLog, setProcessLogger, type Logger } from './lib/log';
import express from 'express';
import { serveMetrics } from './http/metrics-routes';
import { checkSmtp, checkStorage, openConfiguredDatabase } from './preflight';

export type RunningServer = {
  url: string;
  port: number;
  /** The METRICS_PORT listener's port, when there is one. */
  metricsPort?: number;
  deps: AppDeps;
  handle: DbHandle;
  /** The HTTP server itself (tests wait on its events instead of sleeping). */
  httpServer: import('node:http').Server;
  worker?: GenerationWorker;
  emailSender: EmailSender;
  /** Closes every WebSocket whose session has ended (run every minute; tests call it now). */
  recheckSockets: () => Promise<void>;
  /**
   * Takes no new connections, closes the sockets, lets requests in flight and the background work
   * finish (each up to `graceMs`, 10 s; a generation in flight goes back to the queue), closes the database.
   */
  close: (opts?: { graceMs?: number }) => Promise<void>;
};

export type StartOptions = {
  env?: Env;
  /** Overrides for tests: an already opened database. */
  handle?: DbHandle;
  clientDir?: string;
  devMiddleware?: (server: import('node:http').Server) => Promise<express.RequestHandler>;
  /** The start-up lines (listening, first admin); default: `logger` at info. */
  log?: (line: string) => void;
  /** Requests, jobs and outages (docs/operations.md, Logs); default: the process logger (server/lib/log.ts). */
  logger?: Logger;
  /** Tests inject a provider (e.g. one that fails on purpose). */
  aiProvider?: AiProvider;
  /** Tests shorten the outbox poll and retry delays. */
  emailSender?: EmailSenderOptions;
  /** Tests shorten the webhook retry delays. */
  webhookSender?: WebhookSenderOptions;
  /**
   * Tests only: listen on this address even with the test checkout on, to prove that its routes
   * refuse callers by socket address however the server is reached.
   */
  listenHost?: string;
};

/**
 * Issue 38 item 1: tells the operator at start-up that the company details an invoice needs are
 * empty, and in production that paid checkouts are refused until they are filled in.
 */
async function warnIssuerMissing(db: Db, env: Env, log: (line: string) => void): Promise<void> {
  const { company } = await getSettings(db);
  const missing = missingCompanyDetails(company);
  if (!missing.length) return;
  const t = M.adminDashboard;
  const fields = missing.map((f) => t.issuerFields[f] ?? f).join(', ');
  log(
    `${t.issuerMissing(fields)} ${invoicesBlocked(env, company) ? t.issuerBlocking : t.issuerNotBlocking} (Admin → Ayarlar → Fatura ayarları)`,
  );
}

/** Opens the database, migrates, seeds and serves; resolves once listening. */
export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const env = opts.env ?? readEnv();
  // A logger handed in (a test capturing lines) also takes the lines of code with no server at hand.
  if (opts.logger) setProcessLogger(opts.logger);
  const logger = opts.logger ?? processLog();
  const log = opts.log ?? ((line: string) => logger.info(line));
  assertEmailCanLeave(env);
  // Tests hand in an open database; a real start first checks that the storage takes a write, then
  // opens (and, for PostgreSQL, waits for) its database (the embedded one locked to this process).
  const storage = storageFromEnv(env);
  if (!opts.handle) await checkStorage(storage, env);
  const handle = opts.handle ?? (await openConfiguredDatabase(env, logger));
  // Processes starting together on one database take turns to migrate and seed (nothing seeded twice).
  await underStartupLock(handle, async () => {
    await migrateToLatest(handle.db);
    await seed(handle.db, { env, log, seedPortfolio: (d) => seedPortfolio(d, storage) });
  });

  const publicUrl = env.PUBLIC_URL ? new URL(env.PUBLIC_URL) : undefined;
  const allowedOrigins = [
    ...(publicUrl ? [publicUrl.origin] : []),
    ...(env.ALLOWED_ORIGINS?.split(',')
      .map((o) => o.trim())
      .filter(Boolean) ?? []),
  ];
  const provider = opts.aiProvider ?? providerFromEnv(env);
  const bus = await eventBusFor(handle);
  const deps: AppDeps = {
    db: handle.db,
    env,
    bus,
    storage,
    payments: paymentsFromEnv(env),
    aiProvider: provider.name,
    secureCookies: publicUrl?.protocol === 'https:',
    allowedOrigins,
  };
  const background = startBackground({ db: handle.db, env, bus, storage, provider, log, logger }, opts.emailSender, opts.webhookSender);

  // Created before listening; the dev middleware needs the server for Vite's HMR socket.
  let devHandler: express.RequestHandler | undefined;
  const lazyDev: express.RequestHandler = (req, res, next) => (devHandler ? devHandler(req, res, next) : next());
  let draining = false;
  const { server, closeSockets, recheckSockets } = createApp({
    deps,
    logger,
    isDraining: () => draining,
    clientDir: opts.clientDir,
    devMiddleware: opts.devMiddleware ? lazyDev : undefined,
  });
  if (opts.devMiddleware) devHandler = await opts.devMiddleware(server);

  // The test checkout hands out credits for nothing: while it is on, only this machine can connect.
  const host = opts.listenHost ?? (deps.payments.test.enabled ? TEST_CHECKOUT_HOST : undefined);
  const port = await listen(server, env.PORT, host);
  const url = `http://localhost:${port}`;
  log(listeningLine(deps.payments.test.enabled, host, port));
  await warnIssuerMissing(handle.db, env, log);
  setListeningUrl(url);
  // METRICS_PORT: /metrics without a token on a port of its own (reachable by the scraper only).
  const metricsServer = env.METRICS_PORT ? await serveMetrics(handle.db, env.METRICS_PORT, host) : undefined;
  if (metricsServer) log(`Metrics: http://${host ?? 'localhost'}:${metricsServer.port}/metrics`);
  const ownsHandle = !opts.handle;

  return {
    url,
    port,
    metricsPort: metricsServer?.port,
    deps,
    handle,
    httpServer: server,
    worker: background.worker,
    emailSender: background.emailSender,
    recheckSockets,
    close: async ({ graceMs = 10_000 } = {}) => {
      // Stop taking connections first; the requests in flight and the background work then wind
      // down side by side, the worker giving its running job back to the queue.
      draining = true;
      const drained = drain(server, graceMs);
      metricsServer?.server.close();
      await closeSockets();
      await Promise.all([drained, withinGrace(background.stop(), graceMs)]);
      await deps.bus.close();
      if (ownsHandle) await handle!.close();
    },
  };
}

/**
 * The work every server process does beside answering requests: the credit-expiry and
 * upload-retention sweeps, the read caches' watch, the e-mail outbox and webhook senders and
 * (WORKER_CONCURRENCY > 0) the generation and data-export workers. `stop` ends them.
 */
function startBackground(
  deps: { db: Db; env: Env; bus: EventBus; storage: Storage; provider: AiProvider; log: (line: string) => void; logger: Logger },
  emailOptions: EmailSenderOptions | undefined,
  webhookOptions: WebhookSenderOptions | undefined,
) {
  const { db, env, bus, storage, provider, log, logger } = deps;
  const stopSweep = startExpirySweep(db, bus);
  // Photos no run uses are removed after the retention the privacy text states.
  const stopRetention = startUploadRetentionSweep({ db, storage });
  const stopCacheWatch = watchReadCaches(bus);
  // E-mail leaves through the outbox: SMTP when SMTP_URL is set, else the log (and the admin's E-postalar page).
  const transport = transportFromEnv(env, log);
  void checkSmtp(transport, env, logger);
  const emailSender = new EmailSender({ db, env, transport, site: () => getSettings(db) }, emailOptions);
  emailSender.start();
  // Sellers' API webhooks leave the same way: an outbox table, retried with backoff for a day.
  const webhookSender = new WebhookSender({ db, env }, webhookOptions);
  webhookSender.start();
  let worker: GenerationWorker | undefined;
  let exportWorker: DataExportWorker | undefined;
  if (env.WORKER_CONCURRENCY > 0) {
    worker = new GenerationWorker(
      { db, bus, storage, provider, testProvider: testProviderFor(provider), logger },
      { concurrency: env.WORKER_CONCURRENCY, perSeller: env.WORKER_JOBS_PER_SELLER },
    );
    worker.start();
    // "Verilerimi indir" zips are prepared by the job workers (here, or `npm run worker` when this
    // process only serves) and removed after 24 h.
    exportWorker = new DataExportWorker({ db, storage });
    exportWorker.start();
  }
  return {
    worker,
    emailSender,
    stop: async () => {
      stopCacheWatch();
      await Promise.all([stopSweep(), stopRetention()]);
      await worker?.stop();
      await emailSender.stop();
      await webhookSender.stop();
      await exportWorker?.stop();
    },
  };
}

/** The start-up line that says where the server can be reached and whether the test checkout is on. */
export function listeningLine(testCheckout: boolean, host: string | undefined, port: number): string {
  const where = host ? `${host}:${port} adresinde` : `tüm ağ arayüzlerinde (port ${port})`;
  if (!testCheckout) return `Sunucu ${where} dinliyor; test ödemesi kapalı.`;
  const reach = host === TEST_CHECKOUT_HOST ? `yalnızca ${where} dinliyor, başka bilgisayarlardan erişilemez` : `${where} dinliyor`;
  return `Test ödemesi açık (gerçek para alınmaz): sunucu ${reach}; test ödemesi yalnızca bu bilgisayardan gelen isteklere açık.`;
}

/** Waits for `work` at most `graceMs`: a stuck e-mail or export must not keep a deploy waiting. */
async function withinGrace(work: Promise<void>, graceMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
  try {
    await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Listens on `port` (0: any free one) at `host` (default: every interface) and resolves with the port it got. */
async function listen(server: Server, port: number, host: string | undefined): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host }, () => resolve());
  });
  const address = server.address();
  return typeof address === 'object' && address ? address.port : port;
}
