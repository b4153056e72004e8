import client from 'prom-client';

/**
 * The process's Prometheus metrics (docs/operations.md, Metrics), on prom-client's default
 * registry. Counters are per process (Prometheus sums the processes); the queue's depth is read
 * from the database at scrape time, so every process reports the same whole queue. Labels carry
 * route patterns, types, providers and outcomes only: never a URL, an id, an e-mail or a token.
 */
export const registry = client.register;

let defaults = false;
/** Event-loop lag, memory, CPU, handles: prom-client's default metrics, once per process. */
export function collectDefaultMetrics(): void {
  if (defaults) return;
  defaults = true;
  client.collectDefaultMetrics({ register: registry });
}

export const httpDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by route pattern, method and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

export const runsFinished = new client.Counter({
  name: 'vitrin_runs_finished_total',
  help: 'Generation runs that ended, by outcome (completed, failed, needs_consent), type (image, video) and provider',
  labelNames: ['outcome', 'type', 'provider'] as const,
});

export const runsRefunded = new client.Counter({
  name: 'vitrin_runs_refunded_total',
  help: 'Failed generation runs whose credits were returned, by type and provider',
  labelNames: ['type', 'provider'] as const,
});

export const runRetries = new client.Counter({
  name: 'vitrin_run_retries_total',
  help: 'Failed attempts of a run that were put back in the queue, by type and provider',
  labelNames: ['type', 'provider'] as const,
});

export const providerDuration = new client.Histogram({
  name: 'vitrin_provider_request_duration_seconds',
  help: 'AI provider requests (fal.ai, or the local studio) from submit to result, by provider, kind (image, video) and outcome',
  labelNames: ['provider', 'kind', 'outcome'] as const,
  buckets: [0.5, 1, 2.5, 5, 10, 20, 40, 60, 120, 300],
});

export const providerErrors = new client.Counter({
  name: 'vitrin_provider_errors_total',
  help: 'AI provider requests that failed, by provider, kind and error kind (network, timeout, rejected, ...)',
  labelNames: ['provider', 'kind', 'error'] as const,
});

export const webhookDeliveries = new client.Counter({
  name: 'vitrin_webhook_deliveries_total',
  help: 'Seller API webhook delivery attempts by outcome (delivered, retrying, gave_up)',
  labelNames: ['outcome'] as const,
});

export const emails = new client.Counter({
  name: 'vitrin_emails_total',
  help: 'E-mails by outcome (sent, failed, gave_up) and transport (smtp, log)',
  labelNames: ['outcome', 'transport'] as const,
});

export const credits = new client.Counter({
  name: 'vitrin_credits_total',
  help: 'Credits charged for runs and refunded for failed runs',
  labelNames: ['direction'] as const,
});

/** A gauge whose value is read when Prometheus scrapes (the queue from the database, the studio pool). */
export function scrapedGauge<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  read: () => Promise<Array<{ labels: Record<L, string>; value: number }>> | Array<{ labels: Record<L, string>; value: number }>,
): void {
  registry.removeSingleMetric(name);
  new client.Gauge({
    name,
    help,
    labelNames,
    async collect() {
      this.reset();
      try {
        for (const { labels, value } of await read()) this.set(labels as Partial<Record<L, string>>, value);
      } catch {
        // the database is away: the gauge is left empty for this scrape (vitrin_up says the rest)
      }
    },
  });
}
