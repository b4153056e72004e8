import { z } from '../zod';

/**
 * The admin's "İşler" view (issue 35 item 5): the background queues as an operator sees them. The
 * procedures declare these as their output, so what the page reads is checked where it is sent.
 */

const ZIso = z.string();

/** Counts per state: runs (queued and processing now, completed and failed in the last 24 hours), e-mails, webhooks. */
const ZJobCounts = z.object({
  runs: z.object({ queued: z.number(), processing: z.number(), completed24h: z.number(), failed24h: z.number() }),
  emails: z.object({ queued: z.number(), sending: z.number(), failed: z.number() }),
  webhooks: z.object({ queued: z.number(), sending: z.number(), failed: z.number() }),
});

/** The seller a row belongs to: null once the account was deleted (its personal fields are erased). */
const ZSeller = z.object({ id: z.string(), email: z.string().nullable() });

const ZProcessingRun = z.object({
  id: z.string(),
  seller: ZSeller,
  type: z.enum(['image', 'video']),
  provider: z.string(),
  startedAt: ZIso.nullable(),
  attempt: z.number(),
  progress: z.number(),
  /** The lease ran out: the worker holding it stopped answering; another worker will take it over. */
  leaseExpired: z.boolean(),
});

const ZFailedRun = z.object({
  id: z.string(),
  seller: ZSeller,
  type: z.enum(['image', 'video']),
  provider: z.string(),
  failedAt: ZIso,
  attempts: z.number(),
  reason: z.string().nullable(),
  /** The credits this run took were given back (false when it took none, e.g. a free retry). */
  refunded: z.boolean(),
  creditsRefunded: z.number(),
  /** Why the admin cannot retry it (null: retrying is possible). */
  notRetryable: z.enum(['erased', 'photo_missing']).nullable(),
});

/** Where a failing delivery (a webhook or an e-mail) stands: its state, tries, last error and next try. */
const ZDeliveryState = z.object({
  status: z.enum(['queued', 'sending', 'failed']),
  attempts: z.number(),
  lastError: z.string().nullable(),
  nextAttemptAt: ZIso.nullable(),
});
export type TDeliveryState = z.infer<typeof ZDeliveryState>;

const ZFailingWebhook = ZDeliveryState.extend({
  id: z.string(),
  seller: ZSeller,
  eventType: z.string(),
  /** The receiver's host only (the path may carry the seller's own token). */
  host: z.string(),
});

const ZFailingEmail = ZDeliveryState.extend({
  id: z.string(),
  to: z.string(),
  kind: z.string(),
});

export const ZAdminJobs = z.object({
  counts: ZJobCounts,
  processing: z.array(ZProcessingRun),
  failed: z.array(ZFailedRun),
  webhooks: z.array(ZFailingWebhook),
  emails: z.array(ZFailingEmail),
  at: ZIso,
});
export type TAdminJobs = z.infer<typeof ZAdminJobs>;

export const ZRetryRun = z.object({ id: z.uuid() });

/** `retried`: queued again, free of charge (docs/decisions.md D53); `not_failed`: it was no longer failed (a second click). */
export const ZRetryRunResult = z.object({ outcome: z.enum(['retried', 'not_failed']) });

/** A live tick: something in the queues changed; the page reads the view again. */
export const ZJobsTick = z.object({ at: z.string(), status: z.enum(['queued', 'processing', 'completed', 'failed']) });
export type TJobsTick = z.output<typeof ZJobsTick>;
