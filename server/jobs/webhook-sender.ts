import type { Db } from '../db';
import type { Env } from '../env';
import { randomToken } from '../auth/tokens';
import { PollLoop } from '../lib/poll-loop';
import {
  claimDelivery,
  endpointOf,
  eventBody,
  onWebhookQueued,
  recordAttempt,
  SIGNATURE_HEADER,
  signWebhook,
  standardSignature,
} from '../services/api-webhooks';
import { postWebhook, webhookPolicy } from '../services/webhook-url';
import { claimerReports } from '../lib/outage';
import { log } from '../lib/log';
import { webhookDeliveries } from '../lib/metrics';

export type WebhookSenderOptions = {
  pollMs?: number;
  leaseMs?: number;
  /** First retry delay; doubled each attempt (with jitter), capped at `maxDelayMs`. */
  retryBaseMs?: number;
  maxDelayMs?: number;
  /** Retries stop once the next try would fall this long after the event: a day. */
  giveUpAfterMs?: number;
  /** Silence after which a delivery is given up (10 s). */
  timeoutMs?: number;
  /** The most one delivery may take in all, however the receiver trickles (15 s; well within the lease). */
  deadlineMs?: number;
  /** Deliveries sent at once by this process, each to a different seller (4). */
  concurrency?: number;
};

/**
 * Delivers the sellers' webhook events like the e-mail outbox: claims under a lease (SKIP LOCKED,
 * any number of processes; a delivery whose lease ran out is claimed again), up to `concurrency`
 * at once, each to a seller no other sender is delivering to, signs the stored body with the
 * endpoint's current secret, POSTs it through the SSRF guard within `deadlineMs` and logs the
 * attempt. A 2xx answer delivers it; anything else is tried again with exponential backoff until a
 * day has passed, then it is `failed`.
 */
export class WebhookSender {
  readonly senderId = `hook-${process.pid}-${randomToken().slice(0, 8)}`;
  private readonly poll: PollLoop;
  private readonly o: Required<WebhookSenderOptions>;

  constructor(
    private readonly deps: { db: Db; env: Env },
    opts: WebhookSenderOptions = {},
  ) {
    this.o = {
      pollMs: 2_000,
      leaseMs: 60_000,
      retryBaseMs: 30_000,
      maxDelayMs: 4 * 60 * 60_000,
      giveUpAfterMs: 24 * 60 * 60_000,
      timeoutMs: 10_000,
      deadlineMs: 15_000,
      concurrency: 4,
      ...opts,
    };
    this.poll = new PollLoop({
      runOnce: () => this.runOnce(),
      pollMs: this.o.pollMs,
      concurrency: this.o.concurrency,
      subscribe: onWebhookQueued,
      ...claimerReports('webhooks', (err) => log().error({ err }, 'webhook round failed')),
    });
  }

  start(): void {
    this.poll.start();
  }

  stop(): Promise<void> {
    return this.poll.stop();
  }

  /** Sends one due delivery; false when there was none. */
  async runOnce(): Promise<boolean> {
    const { db, env } = this.deps;
    const d = await claimDelivery(db, this.senderId, this.o.leaseMs);
    if (!d) return false;
    const endpoint = await endpointOf(db, d.user_id);
    const ref = { id: d.id, owner: this.senderId, url: endpoint?.url ?? d.url };
    if (!endpoint) {
      await recordAttempt(db, ref, { statusCode: null, error: 'webhook removed', durationMs: 0 }, { delivered: false, retryInMs: null });
      return true;
    }
    const t = Math.floor(Date.now() / 1000);
    // The event's id is the same at every attempt; the attempt number is in the body and a header.
    const body = eventBody(d);
    const headers = {
      [SIGNATURE_HEADER]: signWebhook(endpoint.secrets, body, t),
      // Standard Webhooks (standardwebhooks.com): id, timestamp, and a signature per valid secret.
      'webhook-id': d.id,
      'webhook-timestamp': String(t),
      'webhook-signature': standardSignature(endpoint.secrets, d.id, t, body),
      'X-Vitrin-Attempt': String(d.attempts),
      'user-agent': 'Vitrin-Webhooks/1',
    };
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      statusCode = await postWebhook(endpoint.url, body, headers, webhookPolicy(env), this.o.timeoutMs, this.o.deadlineMs);
    } catch (err) {
      error = (err as Error).message || String(err);
    }
    const durationMs = Math.round(performance.now() - started);
    if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
      await recordAttempt(db, ref, { statusCode, error, durationMs }, { delivered: true });
      webhookDeliveries.inc({ outcome: 'delivered' });
      return true;
    }
    const delay = Math.min(this.o.maxDelayMs, this.o.retryBaseMs * 2 ** (d.attempts - 1)) * (0.75 + Math.random() * 0.5);
    const tooLate = Date.now() + delay - new Date(d.created_at).getTime() > this.o.giveUpAfterMs;
    await recordAttempt(db, ref, { statusCode, error, durationMs }, { delivered: false, retryInMs: tooLate ? null : Math.round(delay) });
    webhookDeliveries.inc({ outcome: tooLate ? 'gave_up' : 'retrying' });
    return true;
  }
}
