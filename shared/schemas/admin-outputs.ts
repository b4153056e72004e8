import { z } from '../zod';
import { CURRENCIES } from '../money';
import { EMAIL_STATUSES } from './accounts';
import { PORTFOLIO_CATEGORIES, WEBHOOK_PROBLEMS } from './admin';
import { ZApiKeyListItem } from './api';
import { pageOf } from './common';
import { ZLandingPortfolioItem, ZLandingTestimonial } from './content';

/**
 * What the back-office procedures send (`admin.*`), beside their inputs in ./admin.ts: plain shapes,
 * no input rules (a stored value is shown as it is, even one an older version let through).
 */

const text = () => z.string();
const maybe = () => z.string().nullable();
const count = () => z.number();
const stamps = { id: text(), createdAt: text(), updatedAt: text() };

export const ZPublicAdmin = z.object({
  id: text(),
  email: text(),
  fullName: text(),
  isActive: z.boolean(),
  lastLogin: maybe(),
  createdAt: text(),
});
export type TPublicAdmin = z.output<typeof ZPublicAdmin>;
export const ZAdminMe = z.object({ admin: ZPublicAdmin.nullable() });
export const ZAdminSignedIn = z.object({ admin: ZPublicAdmin });
export const ZAdminPing = z.object({ adminId: text() });

// ---------------------------------------------------------------- dashboard

/** One entry of the live feed (`admin.onActivity`) and of the dashboard's recent activity. */
export const ZActivityEntry = z.object({
  /** Stable per happening, so the client can drop a repeat (a re-queued job, a reconnect backfill). */
  id: text(),
  kind: text(),
  summary: text(),
  at: text(),
  /** false for the backfill sent when the subscription starts. */
  live: z.boolean(),
});
export const ZAdminDashboard = z.object({
  stats: z.object({
    totalUsers: count(),
    activeUsers: count(),
    creditsUsedThisMonth: count(),
    unreadMessages: count(),
    totalCreditsDistributed: count(),
    unlimitedUsers: count(),
    totalGenerations: count(),
  }),
  charts: z.array(z.object({ day: text(), signups: count(), images: count(), videos: count(), creditsUsed: count() })),
  activity: z.array(ZActivityEntry),
  issuer: z.object({ missing: z.array(z.enum(['email', 'phone', 'vkn', 'address', 'taxOffice', 'title'])), blocking: z.boolean() }),
  generatedAt: text(),
});

// ---------------------------------------------------------------- users and credits

export const ZAdminUserRow = z.object({
  id: text(),
  email: text(),
  fullName: text(),
  companyName: maybe(),
  phone: maybe(),
  balance: count(),
  unlimited: z.boolean(),
  planCode: maybe(),
  expiresAt: maybe(),
  disabled: z.boolean(),
  /** docs/product.md §4: profile updated or signed in within the last 30 days. */
  active: z.boolean(),
  lastSignInAt: maybe(),
  profileUpdatedAt: text(),
  createdAt: text(),
  updatedAt: text(),
});
export type TAdminUserRow = z.output<typeof ZAdminUserRow>;
export const ZAdminUserPage = pageOf(ZAdminUserRow).extend({ pageCount: count(), maxCreditsPerUser: count() });
export const ZAdminUserDetail = z.object({
  user: ZAdminUserRow,
  generations: z.object({ total: count(), images: count(), videos: count() }),
  maxCreditsPerUser: count(),
});
export const ZAdminUserUpdated = z.object({ user: ZAdminUserRow, endedSessions: count() });
export const ZAdminCreditChange = z.object({ email: text(), oldBalance: count(), balance: count(), changed: z.boolean() });

// ---------------------------------------------------------------- payments and webhooks

export const ZAdminWebhookLog = z.object({
  events: z.array(
    z.object({
      id: text(),
      eventKey: text(),
      provider: text(),
      eventType: text(),
      matched: z.boolean(),
      retryable: z.boolean(),
      userId: maybe(),
      userEmail: maybe(),
      summary: z
        .object({
          email: maybe(),
          plan: maybe(),
          amountCents: z.number().nullable(),
          currency: maybe(),
          paymentRef: maybe(),
          problem: z.enum(WEBHOOK_PROBLEMS).nullable(),
        })
        .nullable(),
      createdAt: text(),
    }),
  ),
  ledger: z.array(
    z.object({ id: text(), userId: text(), email: maybe(), delta: count(), reason: text(), ref: maybe(), createdAt: text() }),
  ),
});
export const ZAdminWebhookRetry = z.object({
  outcome: z.enum(['credited', 'already_credited', 'unmatched', 'not_retryable', 'provider_error']),
});
export const ZPaymentsCsv = z.object({ filename: text(), csv: text(), count: count() });

// ---------------------------------------------------------------- messages

export const ZAdminMessage = z.object({
  id: text(),
  name: text(),
  email: text(),
  company: maybe(),
  message: text(),
  isRead: z.boolean(),
  readAt: maybe(),
  readBy: z.object({ id: text(), name: text(), email: text() }).nullable(),
  createdAt: text(),
});
export type TAdminMessage = z.output<typeof ZAdminMessage>;
export const ZAdminMessagePage = pageOf(ZAdminMessage).omit({ pageSize: true }).extend({ unread: count(), pageCount: count() });

// ---------------------------------------------------------------- landing content

const ZListCount = z.object({ total: count(), active: count() });
export const ZAdminContentList = z.object({
  items: z.array(
    z.object({
      id: text(),
      section: z.enum(['hero', 'portfolio', 'testimonials', 'features', 'stats', 'cta', 'legal']),
      key: text(),
      value: text(),
      /** The English text beside it (issue 38 item 5); null: the English page shows the Turkish one. */
      valueEn: maybe(),
      description: maybe(),
      /** The built-in text this key returns to on reset, if it has one (and its English copy). */
      defaultValue: maybe(),
      defaultValueEn: maybe(),
      updatedAt: text(),
      updatedBy: maybe(),
    }),
  ),
  counts: z.object({ portfolio: ZListCount, testimonials: ZListCount, stats: ZListCount, features: ZListCount }),
});
export const ZAdminContentSaved = z.object({ saved: count() });
export const ZAdminContentReset = z.object({ reset: count() });

/** The admin's lists: what the landing page shows, with the order, the state and the times. */
const listed = { displayOrder: count(), isActive: z.boolean(), ...stamps };
export const ZAdminPortfolioItem = ZLandingPortfolioItem.extend({
  category: z.enum(PORTFOLIO_CATEGORIES),
  titleEn: maybe(),
  descriptionEn: maybe(),
  ...listed,
});
export const ZAdminTestimonial = ZLandingTestimonial.extend({ textEn: maybe(), ...listed });
export const ZAdminItemDeleted = z.object({ id: text() });

// ---------------------------------------------------------------- settings, logs, e-mails, deletion, API

export const ZAdminSettingsView = z.object({
  values: z.object({
    siteName: text(),
    siteDescription: text(),
    supportEmail: text(),
    supportPhone: text(),
    contactAddress: text(),
    defaultTrialCredits: count(),
    maxCreditsPerUser: count(),
    imageCreditCost: count(),
    videoCreditCost: count(),
    maintenanceMode: z.boolean(),
    allowRegistrations: z.boolean(),
    emailNotifications: z.boolean(),
    requireEmailVerification: z.boolean(),
    currency: z.enum(CURRENCIES),
    kdvRate: count(),
    priceTryBasic: count(),
    priceTryStandard: count(),
    priceTryPremium: count(),
    storageQuotaMb: count(),
    uploadRetentionDays: count(),
    invoicePrefix: text(),
    companyTitle: text(),
    companyTaxOffice: text(),
    companyVkn: text(),
    companyAddress: text(),
    companyMersis: text(),
    companyEmail: text(),
    companyPhone: text(),
  }),
  lastChange: z.object({ at: text(), by: text() }).nullable(),
});
export const ZAdminSettingsSaved = z.object({ changed: z.array(text()) });

const ZJsonRecord = z.record(z.string(), z.unknown()).nullable();
const ZAdminLogEntry = z.object({
  id: text(),
  admin: z.object({ id: text(), name: text(), email: text() }).nullable(),
  action: text(),
  targetType: text(),
  targetId: maybe(),
  oldValues: ZJsonRecord,
  newValues: ZJsonRecord,
  createdAt: text(),
});
export const ZAdminLogPage = pageOf(ZAdminLogEntry).extend({ pageCount: count(), actions: z.array(text()) });

export const ZAdminEmailRow = z.object({
  id: text(),
  to: text(),
  subject: text(),
  kind: text(),
  status: z.enum(EMAIL_STATUSES),
  transport: maybe(),
  attempts: count(),
  createdAt: text(),
  sentAt: maybe(),
  lastError: maybe(),
});
export type TAdminEmailRow = z.output<typeof ZAdminEmailRow>;
export const ZAdminEmailPage = pageOf(ZAdminEmailRow).extend({ transport: z.enum(['smtp', 'log']) });
export const ZAdminEmail = ZAdminEmailRow.extend({ text: text(), attachments: z.array(text()) });

export const ZDeletionRequestView = z.object({
  id: text(),
  userId: text(),
  email: text(),
  fullName: maybe(),
  reason: maybe(),
  status: z.enum(['pending', 'completed', 'rejected']),
  createdAt: text(),
  processedAt: maybe(),
});
export type TDeletionRequestView = z.output<typeof ZDeletionRequestView>;
export const ZDeletionExecuted = z.object({ ok: z.literal(true), files: count() });

export const ZAdminApiUsage = z.object({
  keys: z.array(ZApiKeyListItem.extend({ requestCount: count(), revokedAt: maybe(), runs: count(), credits: count() })),
  runs: count(),
  credits: count(),
  webhookUrl: maybe(),
});
