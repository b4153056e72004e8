import { z } from '../zod';
import { M } from '../messages/admin';
import { ZEmail, ZFullName } from './auth';
import { CONTROL_CHARS, ZLine, ZText, ZTextAsTyped } from './text';
import { UNLIMITED_BALANCE } from '../constants';
import { CURRENCIES } from '../money';
import { isValidTckn, isValidVkn } from '../tax-ids';

/**
 * Admin back-office inputs. The same schemas validate the Mantine forms and the `admin.*`
 * procedures, so a form can never send what the server would refuse for a reason it did not show.
 */
const V = M.validation;
const A = M.adminForms;

const ZSearch = ZLine().max(200, V.tooLong).optional().default('');
const ZPage = z.number().int().min(1).max(100_000).default(1);
const ZId = z.uuid();

const ZOptionalText = (max: number) =>
  ZLine()
    .max(max, V.tooLong)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/**
 * An English text beside a Turkish one (issue 38 item 5): empty or left out is null, and the English
 * page shows the Turkish text. The admin's forms always send it.
 */
const ZEnglishText = (base: typeof ZText, max: number) =>
  base()
    .max(max, V.tooLong)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** A credit balance an admin may type: a whole number from 0 to the unlimited marker (docs/decisions.md D7). */
export const ZBalance = z
  .number({ error: A.balanceInvalid })
  .int(A.balanceInvalid)
  .min(0, A.balanceMin)
  .max(UNLIMITED_BALANCE, A.balanceInvalid);

// ---------------------------------------------------------------- users

export const USER_STATUS_FILTERS = ['all', 'active', 'passive', 'disabled'] as const;
export const CREDIT_STATUS_FILTERS = ['all', 'has', 'none'] as const;

export const ZAdminUsersList = z.object({
  search: ZSearch,
  status: z.enum(USER_STATUS_FILTERS).default('all'),
  credit: z.enum(CREDIT_STATUS_FILTERS).default('all'),
  page: ZPage,
  pageSize: z.number().int().min(5).max(100).default(20),
});
export type TAdminUsersList = z.input<typeof ZAdminUsersList>;

export const ZAdminUserId = z.object({ id: ZId });

/** docs/decisions.md D21: the `Düzenle` form. */
/** An admin's stated reason for a balance change (optional; shown to the seller as written). */
const ZAdjustmentReason = () => ZLine().max(200, V.tooLong).optional();

export const ZAdminUserUpdate = z.object({
  id: ZId,
  fullName: ZFullName,
  companyName: ZOptionalText(160),
  phone: ZOptionalText(40),
  balance: ZBalance,
  /** The balance the form was opened with: the balance is only set when the admin changed it. */
  balanceBefore: z.number().int().min(0).optional(),
  /** Why the balance changed: the seller reads it beside "Yönetici düzeltmesi" (issue 38). */
  reason: ZAdjustmentReason(),
  disabled: z.boolean(),
});
export type TAdminUserUpdate = z.input<typeof ZAdminUserUpdate>;

// ---------------------------------------------------------------- credits

export const ZAdminCreditsList = z.object({
  search: ZSearch,
  page: ZPage,
  pageSize: z.number().int().min(5).max(100).default(25),
});

/** API contract: `admin.credits.set({ email, balance })`. */
export const ZAdminCreditSet = z.object({ email: ZEmail, balance: ZBalance, reason: ZAdjustmentReason() });
export type TAdminCreditSet = z.input<typeof ZAdminCreditSet>;

/** The +10 / -10 quick buttons (any non-zero step; the result floors at 0 and respects the cap). */
export const ZAdminCreditAdjust = z.object({
  email: ZEmail,
  reason: ZAdjustmentReason(),
  delta: z
    .number()
    .int()
    .min(-UNLIMITED_BALANCE)
    .max(UNLIMITED_BALANCE)
    .refine((d) => d !== 0, A.balanceInvalid),
});
export const QUICK_ADJUST_STEP = 10;

// ---------------------------------------------------------------- messages

export const MESSAGE_FILTERS = ['all', 'unread', 'read'] as const;
export const ZAdminMessagesList = z.object({
  search: ZSearch,
  filter: z.enum(MESSAGE_FILTERS).default('all'),
  page: ZPage,
  pageSize: z.number().int().min(5).max(100).default(30),
});
export const ZAdminMessageId = z.object({ id: ZId });

// ---------------------------------------------------------------- site content

/**
 * One changed text: the Turkish `value` and, beside it, the English `valueEn` (issue 38 item 5; left out:
 * unchanged; empty: the English page shows the Turkish text).
 */
export const ZAdminContentSave = z.object({
  items: z
    .array(z.object({ id: ZId, value: ZTextAsTyped().max(5000, V.tooLong), valueEn: ZTextAsTyped().max(5000, V.tooLong).optional() }))
    .min(1)
    .max(200),
});
export type TAdminContentSave = z.input<typeof ZAdminContentSave>;

/** docs/product.md §5: a multi-line box when the key names a subtitle or description, or the text is long. */
export function isMultilineContent(key: string, value: string): boolean {
  return key.includes('subtitle') || key.includes('description') || value.length > 80;
}

// ---------------------------------------------------------------- portfolio and testimonials

export const PORTFOLIO_CATEGORIES = ['Mobilya', 'Takı', 'Aksesuar', 'Tekstil', 'Elektronik', 'Diğer'] as const;
export type PortfolioCategory = (typeof PORTFOLIO_CATEGORIES)[number];

/**
 * An image address: an https URL (what the CSP allows) or a path on this site (an admin upload returns
 * `/api/files/public/...`). Anything else (javascript:, data:, `//host`, and any backslash, which
 * browsers read as `/` so `/\evil.example` would leave the site) is refused.
 */
const IMAGE_URL = (v: string) => !CONTROL_CHARS.test(v) && (/^https:\/\/[^\s\\]+$/i.test(v) || /^\/[^/\s\\][^\s\\]*$/.test(v));
export const ZImageUrl = z.string().trim().min(1, A.imageRequired).max(2000, V.tooLong).refine(IMAGE_URL, A.imageUrlInvalid);

const ZOptionalImageUrl = z
  .string()
  .trim()
  .max(2000, V.tooLong)
  .refine((v) => v === '' || IMAGE_URL(v), A.imageUrlInvalid)
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

/** display_order: a whole number, 0 when left empty (docs/product.md §5). */
const ZDisplayOrder = z
  .union([z.number(), z.literal('')])
  .optional()
  .transform((v) => (typeof v === 'number' ? v : 0))
  .pipe(z.number({ error: A.orderInvalid }).int(A.orderInvalid).min(-100_000, A.orderInvalid).max(100_000, A.orderInvalid));

export const ZPortfolioFields = z.object({
  title: ZLine().min(1, A.titleRequired).max(160, V.tooLong),
  titleEn: ZEnglishText(ZLine, 160),
  description: ZText().max(1000, V.tooLong).default(''),
  descriptionEn: ZEnglishText(ZText, 1000),
  category: z.enum(PORTFOLIO_CATEGORIES).default('Mobilya'),
  beforeImageUrl: ZImageUrl,
  afterImageUrl: ZImageUrl,
  displayOrder: ZDisplayOrder,
  isActive: z.boolean().default(true),
});
export type TPortfolioFields = z.input<typeof ZPortfolioFields>;
export const ZPortfolioUpdate = ZPortfolioFields.extend({ id: ZId });

export const ZTestimonialFields = z.object({
  name: ZLine().min(2, V.fullNameMin).max(120, V.tooLong),
  company: ZOptionalText(160),
  imageUrl: ZOptionalImageUrl,
  text: ZText().min(1, A.textRequired).max(2000, V.tooLong),
  textEn: ZEnglishText(ZText, 2000),
  rating: z.number({ error: A.ratingInvalid }).int(A.ratingInvalid).min(1, A.ratingInvalid).max(5, A.ratingInvalid).default(5),
  displayOrder: ZDisplayOrder,
  isActive: z.boolean().default(true),
});
export type TTestimonialFields = z.input<typeof ZTestimonialFields>;
export const ZTestimonialUpdate = ZTestimonialFields.extend({ id: ZId });

export const ZAdminItemId = z.object({ id: ZId });
export const ZAdminToggle = z.object({ id: ZId, isActive: z.boolean() });

// ---------------------------------------------------------------- settings

const ZCount = (min: number, max: number) =>
  z.number({ error: A.numberInvalid }).int(A.numberInvalid).min(min, A.numberRange(min, max)).max(max, A.numberRange(min, max));

/** Every system setting, typed (stored as text, docs/product.md §3). docs/decisions.md D23: each takes effect on the next request. */
export const ZAdminSettings = z.object({
  siteName: ZLine().min(1, A.required).max(80, V.tooLong),
  siteDescription: ZText().max(300, V.tooLong),
  supportEmail: ZEmail,
  supportPhone: ZLine().max(40, V.tooLong),
  contactAddress: ZLine().max(200, V.tooLong),
  defaultTrialCredits: ZCount(0, 10_000),
  maxCreditsPerUser: ZCount(1, UNLIMITED_BALANCE),
  imageCreditCost: ZCount(1, 1_000),
  videoCreditCost: ZCount(1, 1_000),
  maintenanceMode: z.boolean(),
  allowRegistrations: z.boolean(),
  emailNotifications: z.boolean(),
  requireEmailVerification: z.boolean(),
  /** The install's one currency; lira unless it sells through Stripe or Lemon Squeezy in dollars. */
  currency: z.enum(CURRENCIES),
  /** KDV included in every price, percent. */
  kdvRate: ZCount(0, 100),
  /** Monthly package prices in whole lira, KDV included (shown, and charged by iyzico and the test checkout). */
  priceTryBasic: ZCount(1, 1_000_000),
  priceTryStandard: ZCount(1, 1_000_000),
  priceTryPremium: ZCount(1, 1_000_000),
  /** Photo storage per seller (MB) and the days an upload no run uses is kept. */
  storageQuotaMb: ZCount(10, 1_000_000),
  uploadRetentionDays: ZCount(1, 3650),
  /** Invoices: the number's prefix and the operator's company details (all optional until the first sale). */
  invoicePrefix: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{3}$/, A.invoicePrefixInvalid)),
  companyTitle: ZLine().max(200, V.tooLong),
  companyTaxOffice: ZLine().max(100, V.tooLong),
  companyVkn: ZLine().refine((v) => v === '' || isValidVkn(v) || isValidTckn(v), A.companyVknInvalid),
  companyAddress: ZLine().max(300, V.tooLong),
  companyMersis: ZLine().refine((v) => v === '' || /^[0-9]{16}$/.test(v), A.companyMersisInvalid),
  companyEmail: ZLine()
    .max(200, V.tooLong)
    .refine((v) => v === '' || ZEmail.safeParse(v).success, A.companyEmailInvalid),
  companyPhone: ZLine().max(40, V.tooLong),
});
export type TAdminSettings = z.input<typeof ZAdminSettings>;

/** Form field → stored settings key. */
export const SETTING_KEY_OF = {
  siteName: 'site_name',
  siteDescription: 'site_description',
  supportEmail: 'support_email',
  supportPhone: 'support_phone',
  contactAddress: 'contact_address',
  defaultTrialCredits: 'default_trial_credits',
  maxCreditsPerUser: 'max_credits_per_user',
  imageCreditCost: 'image_credit_cost',
  videoCreditCost: 'video_credit_cost',
  maintenanceMode: 'maintenance_mode',
  allowRegistrations: 'allow_registrations',
  emailNotifications: 'email_notifications',
  requireEmailVerification: 'require_email_verification',
  priceTryBasic: 'price_try_basic',
  priceTryStandard: 'price_try_standard',
  priceTryPremium: 'price_try_premium',
  storageQuotaMb: 'storage_quota_mb',
  uploadRetentionDays: 'upload_retention_days',
  currency: 'currency',
  kdvRate: 'kdv_rate',
  invoicePrefix: 'invoice_prefix',
  companyTitle: 'company_title',
  companyTaxOffice: 'company_tax_office',
  companyVkn: 'company_vkn',
  companyAddress: 'company_address',
  companyMersis: 'company_mersis',
  companyEmail: 'company_email',
  companyPhone: 'company_phone',
} as const satisfies Record<keyof TAdminSettings, string>;

// ---------------------------------------------------------------- audit log

export const ZAdminLogsList = z.object({
  action: ZLine().max(80).optional().nullable(),
  page: ZPage,
});
export const ADMIN_LOG_PAGE_SIZE = 50;
export const ADMIN_WEBHOOK_LIMIT = 20;

/** What an admin is told about a webhook row: why it credited nobody, or what looked wrong. */
export const WEBHOOK_PROBLEMS = ['plan_mismatch', 'user_unknown', 'customer_conflict'] as const;
export type WebhookProblem = (typeof WEBHOOK_PROBLEMS)[number];
export const ADMIN_FEED_SIZE = 5;
