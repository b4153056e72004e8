import { z } from 'zod';
import { PAID_PLAN_CODES } from '../../shared/plans';
import { ZCutoutReason, ZImageParams, ZStoredOutput, ZVideoParams } from '../../shared/schemas/generations';

/**
 * What each jsonb column stores, as read back (server/db/read.ts parses every read with these).
 * They describe the stored shape only: a value was checked by its input schema when it was written,
 * so the checks that can change over time (TCKN checksums, lengths) are not repeated on read.
 */

const text = z.string();

/** `credit_transactions.buyer_details`: the invoice details copied at purchase (shared/schemas/billing.ts). */
export const ZStoredBuyer = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('individual'), fullName: text, tckn: text, address: text, city: text }),
  z.object({ kind: z.literal('company'), companyTitle: text, taxOffice: text, vkn: text, address: text, city: text }),
]);

/** `credit_transactions.seller_details`: the operator's company as it was when the invoice was issued. */
export const ZStoredCompany = z.object({
  title: text,
  taxOffice: text,
  vkn: text,
  address: text,
  mersis: text,
  // Kept since issue 38 item 1; an invoice issued before has none.
  email: text.optional(),
  phone: text.optional(),
});

/** `processed_webhooks.summary`: what the admin's webhook log shows of a payment event. */
export const ZWebhookSummary = z.object({
  problem: text.nullish(),
  paymentRef: text.optional(),
  plan: text.nullish(),
  amountCents: z.number().nullish(),
  currency: text.nullish(),
  email: text.nullish(),
});

/** `admin_logs.old_values` / `new_values`: the fields an admin action changed. */
export const ZAuditValues = z.record(z.string(), z.unknown());

/**
 * `user_preferences.data`: the saved sections. Merged over the defaults and checked by ZPreferences
 * when read (services/preferences.ts), so a preference added later gets its default.
 */
export const ZStoredPreferences = z
  .object({
    notifications: z.record(z.string(), z.unknown()).optional(),
    privacy: z.record(z.string(), z.unknown()).optional(),
  })
  .catchall(z.unknown());

/**
 * `processed_webhooks.payment_event`: a verified payment kept for an admin retry
 * (providers/payments/types.ts `PaymentEvent`, kind 'payment'); the period end is revived as a Date.
 */
export const ZStoredPayment = z.object({
  provider: z.enum(['stripe', 'lemonsqueezy', 'iyzico', 'test']),
  eventKey: text,
  eventType: text,
  kind: z.literal('payment'),
  paymentRef: text,
  userRef: text.nullable(),
  email: text.nullable(),
  customerId: text.nullable(),
  plan: z.enum(PAID_PLAN_CODES).nullable(),
  problem: z.literal('plan_mismatch').nullish(),
  amountCents: z.number(),
  currency: text,
  periodEnd: z.coerce.date().nullable(),
  card: z.object({ brand: text, last4: text }).nullable(),
  subscriptionRef: text.nullish(),
});

/** `generations.outputs`: the run's stored files (shared/schemas/generations.ts). */
export const ZStoredOutputs = z.array(ZStoredOutput);

/** `generations.provider_inputs`: the input files the provider holds for a run, URL by role. */
export const ZProviderInputs = z.record(z.string(), z.string());

/** `cutouts.reasons`: every finding of the gate on the cut-out (the first is also `note_code`). */
export const ZCutoutReasons = z.array(ZCutoutReason);

/** `email_outbox.attachments`: files sent with a message (an invoice PDF), base64 in `content`. */
export const ZEmailAttachment = z.object({
  filename: text,
  content: text,
  contentType: text,
  encoding: z.literal('base64').optional(),
});
export const ZEmailAttachments = z.array(ZEmailAttachment);

/**
 * Every jsonb column and the schema of what it stores: each is typed `unknown` on read
 * (server/db/types.ts) and parsed by its reader in server/db/read.ts. tests/db/json-columns.test.ts
 * checks this list against the migrated database, so a new jsonb column needs its schema here.
 * (`generations.parameters` is read by `rowParams()`, whose row `type` picks one of the two; an erased row is `{}`.)
 */
export const JSON_COLUMNS = {
  'user_preferences.data': ZStoredPreferences,
  'generations.parameters': z.union([ZImageParams, ZVideoParams, z.object({}).strict()]),
  'generations.outputs': ZStoredOutputs,
  'generations.provider_inputs': ZProviderInputs,
  'cutouts.reasons': ZCutoutReasons,
  'credit_transactions.buyer_details': ZStoredBuyer,
  'credit_transactions.seller_details': ZStoredCompany,
  'processed_webhooks.summary': ZWebhookSummary,
  'processed_webhooks.payment_event': ZStoredPayment,
  'admin_logs.old_values': ZAuditValues,
  'admin_logs.new_values': ZAuditValues,
  'email_outbox.attachments': ZEmailAttachments,
} as const;
