import type { ColumnType, Generated, Selectable } from 'kysely';
import type { z } from 'zod';
import type { CutoutNoteCode } from '../../shared/schemas/generations';
import type { ZEmailAttachment } from './json-columns';
import type { StatMetric } from '../../shared/stats';

/** Hand-written schema types; keep in step with migrations/. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/**
 * A jsonb column: written as a JSON string, read as `unknown` — every reader parses it with the
 * schema of what it stores (server/db/read.ts), so no cast stands in for a check.
 */
type Json = ColumnType<unknown, string, string>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  credits_balance: Generated<number>;
  credits_expire_at: NullableTimestamp;
  plan_code: string | null;
  is_disabled: Generated<boolean>;
  last_sign_in_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  email_verified_at: NullableTimestamp;
  /** Set when an admin carried out a deletion request: personal fields are erased. */
  deleted_at: NullableTimestamp;
}

export interface ProfilesTable {
  id: string;
  email: string;
  full_name: string;
  company_name: string | null;
  phone: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserPreferencesTable {
  user_id: string;
  data: Json;
  updated_at: Timestamp;
}

export interface AdminUsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  full_name: string;
  is_active: Generated<boolean>;
  last_login: NullableTimestamp;
  created_at: Timestamp;
}

interface SessionColumns {
  id: string;
  secret_hash: Uint8Array;
  remember: Generated<boolean>;
  expires_at: Timestamp;
  created_at: Timestamp;
}
export interface SessionsTable extends SessionColumns {
  user_id: string;
}
export interface AdminSessionsTable extends SessionColumns {
  admin_id: string;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: Timestamp;
}

export interface UploadsTable {
  id: Generated<string>;
  user_id: string;
  storage_key: string;
  mime: string;
  width: number;
  height: number;
  size_bytes: number;
  created_at: Timestamp;
}

export type GenerationType = 'image' | 'video';
export type GenerationStatus = 'queued' | 'processing' | 'completed' | 'failed';

export interface GenerationsTable {
  id: Generated<string>;
  user_id: string;
  upload_id: string | null;
  type: GenerationType;
  status: Generated<GenerationStatus>;
  credits_used: number;
  /** The run's input (shared/schemas/generations.ts `ZGenerationParams`), read by `rowParams()`. */
  parameters: Json;
  /** The run's files (`ZStoredOutputs`), read by `readOutputs()`. */
  outputs: ColumnType<unknown, string | undefined, string>;
  /** The cut-out this run used (issue 11 (docs/history.md)); null before the run or when none applies (video, fal). */
  cutout_id: string | null;
  error_message: string | null;
  progress: Generated<number>;
  attempts: Generated<number>;
  run_after: Timestamp;
  lease_owner: string | null;
  lease_expires_at: NullableTimestamp;
  /** When a worker last claimed the row: the queue serves the seller claimed least recently first. */
  claimed_at: NullableTimestamp;
  provider: string | null;
  provider_request_id: string | null;
  /** Input files the provider holds for this run (fal storage URLs by role); reused by a retry. */
  provider_inputs: ColumnType<unknown, string | null | undefined, string | null>;
  /** The API key that started the run (null: the web app); counts the seller's API usage. */
  api_key_id: Generated<string | null>;
  /** False for a run started with a test key (`vk_test_…`): no credits, small marked outputs, kept apart (issue 34 item 4). */
  livemode: Generated<boolean>;
  /** An API run accepted before its cut-out was judged, without consent to a framed run: the worker ends it as needs_consent when the cut-out is not trusted. */
  consent_required: Generated<boolean>;
  /** Why a failed run failed when the API reports it as its own state (`needs_consent`); null otherwise. */
  failure_code: Generated<'needs_consent' | null>;
  refunded_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A batch run (issue 37 item 6): its prompt once; its photos in `batch_photos`. */
export interface BatchesTable {
  id: string;
  user_id: string;
  prompt: string;
  category: string | null;
  created_at: Generated<Timestamp>;
}

/** One photo of a batch, in the order given, also when it did not start (waiting for consent, refused). */
export interface BatchPhotosTable {
  batch_id: string;
  position: number;
  upload_id: string | null;
  file_name: Generated<string>;
  /** The photo's latest run (a fixed photo run again points at its new run). */
  generation_id: string | null;
  /** Not started: no trustworthy cut-out, and the seller has not agreed to a framed run. */
  needs_consent: Generated<boolean>;
  /** Not started for another reason (the catalogue text given at the time, e.g. too few credits). */
  error: string | null;
}

export interface CutoutsTable {
  id: Generated<string>;
  upload_id: string;
  user_id: string;
  /** The PNG with alpha; null when the gate did not trust the mask (then note_code says why). */
  storage_key: string | null;
  width: number;
  height: number;
  /** The first reason the gate gave; `reasons` holds all of them. */
  note_code: CutoutNoteCode | null;
  reasons: ColumnType<unknown, string | undefined, string>;
  /** The judged mask (grey PNG at the photo's size), kept also when untrusted, for the editor's overlay. */
  mask_key: string | null;
  guided: Generated<boolean>;
  /** The seller edited this mask in the editor and accepted it: the gate's findings are warnings only. */
  seller_accepted: Generated<boolean>;
  /** Hash of the editor edits that made it (same edits again → this cut-out). */
  edit_key: string | null;
  confidence: Generated<number>;
  coverage: Generated<number>;
  created_at: Timestamp;
}

export type CreditTxType = 'purchase' | 'usage' | 'refund' | 'expire' | 'bonus' | 'admin_adjustment';

export interface CreditTransactionsTable {
  id: Generated<string>;
  user_id: string;
  wallet_id: string | null;
  user_email: string;
  type: CreditTxType;
  amount: number;
  description: string;
  generation_id: string | null;
  plan_code: string | null;
  amount_paid_cents: number | null;
  currency: string | null;
  provider: string | null;
  /** Invoice details at the time of a purchase (issue 16 (docs/history.md)); null for anything else. */
  buyer_details: Json | null;
  /** A credited purchase's invoice number (`VTR2026000000001`), allocated in its transaction. */
  invoice_number: string | null;
  /** The KDV rate (percent) included in the amount paid, as it was when invoiced. */
  kdv_rate: number | null;
  /** The operator's company details printed on the invoice, as they were when it was issued. */
  seller_details: Json | null;
  /** The provider's reference of the payment (e.g. `stripe:invoice:in_…`). */
  payment_ref: string | null;
  created_at: Timestamp;
}

/** The last invoice number used per prefix and year. */
export interface InvoiceSequencesTable {
  prefix: string;
  year: number;
  last_number: number;
}

export interface CreditLedgerTable {
  id: Generated<string>;
  user_id: string;
  delta: number;
  reason: string;
  ref: string | null;
  created_at: Timestamp;
}

export interface ProcessedWebhooksTable {
  id: Generated<string>;
  event_key: string;
  provider: string;
  event_type: string;
  user_id: string | null;
  matched: Generated<boolean>;
  summary: Json | null;
  /** The verified payment of an unmatched event, kept for an admin retry; null otherwise. */
  payment_event: Json | null;
  created_at: Timestamp;
}

export interface ContactMessagesTable {
  id: Generated<string>;
  name: string;
  email: string;
  company: string | null;
  message: string;
  is_read: Generated<boolean>;
  read_at: NullableTimestamp;
  read_by: string | null;
  created_at: Timestamp;
}

export type ContentSection = 'hero' | 'portfolio' | 'testimonials' | 'features' | 'stats' | 'cta' | 'legal';

export interface SiteContentTable {
  id: Generated<string>;
  section: ContentSection;
  key: string;
  value: string;
  /** The English text (issue 38 item 5); null or empty: the landing shows the Turkish one. */
  value_en: OptionalText;
  description: string | null;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface SettingsTable {
  id: Generated<string>;
  key: string;
  value: string;
  updated_by: string | null;
  updated_at: Timestamp;
}

/** A nullable English column: may be left out of an insert (issue 38 item 5). */
type OptionalText = ColumnType<string | null, string | null | undefined, string | null>;

interface DisplayColumns {
  display_order: Generated<number>;
  is_active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PortfolioItemsTable extends DisplayColumns {
  id: Generated<string>;
  title: string;
  title_en: OptionalText;
  description: Generated<string>;
  description_en: OptionalText;
  category: string;
  before_image_url: string;
  after_image_url: string;
}

export interface TestimonialsTable extends DisplayColumns {
  id: Generated<string>;
  name: string;
  company: string | null;
  image_url: string | null;
  text: string;
  text_en: OptionalText;
  rating: Generated<number>;
}

export interface SiteStatsTable extends DisplayColumns {
  id: Generated<string>;
  number: string;
  /** Bound to a figure of this install (shared/stats.ts); null shows `number` as the admin typed it. */
  metric: ColumnType<StatMetric | null, StatMetric | null | undefined, StatMetric | null>;
  label: string;
  label_en: OptionalText;
  icon: string;
  icon_color: string;
}

export interface FeaturesTable extends DisplayColumns {
  id: Generated<string>;
  title: string;
  title_en: OptionalText;
  description: string;
  description_en: OptionalText;
  icon: string;
  icon_color: string;
}

export interface AdminLogsTable {
  id: Generated<string>;
  admin_id: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  old_values: Json | null;
  new_values: Json | null;
  created_at: Timestamp;
}

export type EmailStatus = 'queued' | 'sending' | 'sent' | 'failed';
/** A file attached to a queued e-mail; binary content (a PDF) is stored as base64. */
export type EmailAttachment = z.output<typeof ZEmailAttachment>;

export interface EmailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  /** Plain-text body. */
  body: string;
  sent_at: NullableTimestamp;
  created_at: Timestamp;
  kind: Generated<string>;
  user_id: string | null;
  html: string | null;
  attachments: ColumnType<unknown, string | undefined, string>;
  /** One message per key (e.g. one "generation completed" per generation). */
  dedupe_key: string | null;
  status: Generated<EmailStatus>;
  /** 'smtp' or 'log': how it left. */
  transport: string | null;
  attempts: Generated<number>;
  run_after: Timestamp;
  lease_owner: string | null;
  lease_expires_at: NullableTimestamp;
  last_error: string | null;
  message_id: string | null;
}

export type AccountTokenPurpose = 'password_reset' | 'email_verify' | 'email_change' | 'unsubscribe';

export interface AccountTokensTable {
  id: Generated<string>;
  user_id: string;
  purpose: AccountTokenPurpose;
  token_hash: Uint8Array;
  email: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface DeletionRequestsTable {
  id: Generated<string>;
  user_id: string;
  email: string;
  reason: string | null;
  status: Generated<'pending' | 'completed' | 'rejected'>;
  processed_by: string | null;
  processed_at: NullableTimestamp;
  created_at: Timestamp;
}

export type DataExportStatus = 'queued' | 'processing' | 'ready' | 'failed' | 'expired';

export interface DataExportsTable {
  id: Generated<string>;
  user_id: string;
  status: Generated<DataExportStatus>;
  storage_key: string | null;
  size_bytes: number | null;
  attempts: Generated<number>;
  run_after: Timestamp;
  lease_owner: string | null;
  lease_expires_at: NullableTimestamp;
  expires_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  created_at: Timestamp;
}

export type PaymentProviderName = 'stripe' | 'lemonsqueezy' | 'iyzico' | 'test';

export interface BillingProfilesTable {
  user_id: string;
  /** The provider that last took a payment; null while only invoice details are saved. */
  provider: PaymentProviderName | null;
  customer_id: string | null;
  card_brand: string | null;
  card_last4: string | null;
  updated_at: Timestamp;
  /** Invoice details for e-Arşiv (issue 16 (docs/history.md)). */
  invoice_kind: 'individual' | 'company' | null;
  invoice_name: string | null;
  tckn: string | null;
  company_title: string | null;
  tax_office: string | null;
  vkn: string | null;
  address: string | null;
  city: string | null;
  invoice_updated_at: NullableTimestamp;
}

export interface CheckoutSessionsTable {
  id: Generated<string>;
  user_id: string;
  provider: 'iyzico' | 'test';
  plan_code: string;
  amount_cents: number;
  currency: string;
  provider_token: string | null;
  form_content: string | null;
  completed_at: NullableTimestamp;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** A provider subscription (iyzico) and the account, plan and price it started with. */
export interface PaymentSubscriptionsTable {
  id: Generated<string>;
  provider: 'iyzico';
  subscription_ref: string;
  user_id: string;
  checkout_session_id: string | null;
  plan_code: string;
  /** The price of its first credited order (null until then). */
  price_cents: number | null;
  currency: string | null;
  created_at: Timestamp;
}

/** Seller API keys: only SHA-256 of the key is kept; `prefix` is its first characters, to recognise it. */
export interface ApiKeysTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  prefix: string;
  key_hash: Uint8Array;
  request_count: Generated<number>;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  revoked_by_admin: string | null;
  /** False for a test key (`vk_test_…`, issue 34 item 4). */
  livemode: Generated<boolean>;
  created_at: Timestamp;
}

/** A seller's one webhook endpoint and its signing secret. */
export interface ApiWebhooksTable {
  user_id: string;
  url: string;
  secret: string;
  created_at: Timestamp;
  /** The secret a rotation replaced: deliveries are signed with it too until `previous_secret_until`. */
  previous_secret: string | null;
  previous_secret_until: Timestamp | null;
}

export type WebhookDeliveryStatus = 'queued' | 'sending' | 'delivered' | 'failed';

/** One event for a seller's endpoint: its exact signed body, retried with backoff for a day. */
export interface ApiWebhookDeliveriesTable {
  id: Generated<string>;
  user_id: string;
  generation_id: string | null;
  event_type: string;
  url: string;
  body: string;
  dedupe_key: string;
  status: Generated<WebhookDeliveryStatus>;
  attempts: Generated<number>;
  run_after: Timestamp;
  lease_owner: string | null;
  lease_expires_at: NullableTimestamp;
  last_error: string | null;
  delivered_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface ApiWebhookAttemptsTable {
  id: Generated<string>;
  delivery_id: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  created_at: Timestamp;
}

/** The seller API's Idempotency-Key per seller: the request's hash, and its answer once it succeeded. */
export interface ApiIdempotencyKeysTable {
  user_id: string;
  key: string;
  request_hash: string;
  status_code: number | null;
  body: string | null;
  created_at: Timestamp;
}

export interface Database {
  api_idempotency_keys: ApiIdempotencyKeysTable;
  api_keys: ApiKeysTable;
  api_webhooks: ApiWebhooksTable;
  api_webhook_deliveries: ApiWebhookDeliveriesTable;
  api_webhook_attempts: ApiWebhookAttemptsTable;
  billing_profiles: BillingProfilesTable;
  checkout_sessions: CheckoutSessionsTable;
  payment_subscriptions: PaymentSubscriptionsTable;
  users: UsersTable;
  profiles: ProfilesTable;
  user_preferences: UserPreferencesTable;
  admin_users: AdminUsersTable;
  sessions: SessionsTable;
  admin_sessions: AdminSessionsTable;
  rate_limits: RateLimitsTable;
  uploads: UploadsTable;
  generations: GenerationsTable;
  cutouts: CutoutsTable;
  batches: BatchesTable;
  batch_photos: BatchPhotosTable;
  credit_transactions: CreditTransactionsTable;
  credit_ledger: CreditLedgerTable;
  invoice_sequences: InvoiceSequencesTable;
  processed_webhooks: ProcessedWebhooksTable;
  contact_messages: ContactMessagesTable;
  site_content: SiteContentTable;
  settings: SettingsTable;
  portfolio_items: PortfolioItemsTable;
  testimonials: TestimonialsTable;
  site_stats: SiteStatsTable;
  features: FeaturesTable;
  admin_logs: AdminLogsTable;
  email_outbox: EmailOutboxTable;
  account_tokens: AccountTokensTable;
  deletion_requests: DeletionRequestsTable;
  data_exports: DataExportsTable;
}

export type User = Selectable<UsersTable>;
export type Generation = Selectable<GenerationsTable>;
export type Cutout = Selectable<CutoutsTable>;
