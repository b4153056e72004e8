import type { CompanyDetails } from '../invoices/pdf';
import type { Db } from '../db';
import { cachedRead, invalidateRead } from './read-cache';
import { M } from '../../shared/messages';
import { DEFAULT_TRIAL_CREDITS } from '../../shared/constants';
import type { PaidPlanCode } from '../../shared/plans';
import { CURRENCIES, DEFAULT_CURRENCY, DEFAULT_KDV_RATE, type Currency } from '../../shared/money';

/** System settings (docs/product.md §3 + docs/decisions.md D1-D3) with their defaults; values are stored as text. */
export const SETTING_DEFAULTS = {
  site_name: 'Vitrin AI',
  site_description: M.defaults.siteDescription,
  support_email: 'destek@example.com',
  support_phone: '+90 212 000 00 00',
  contact_address: 'İstanbul',
  max_credits_per_user: '10000',
  default_trial_credits: String(DEFAULT_TRIAL_CREDITS),
  maintenance_mode: 'false',
  allow_registrations: 'true',
  email_notifications: 'true',
  require_email_verification: 'false',
  image_credit_cost: '1',
  video_credit_cost: '6',
  // The install's one currency (TRY, or USD for Stripe / Lemon Squeezy) and the KDV its prices include.
  currency: DEFAULT_CURRENCY as string,
  kdv_rate: String(DEFAULT_KDV_RATE),
  // Monthly package prices in whole Turkish lira, KDV included: shown, charged by iyzico and the test checkout.
  price_try_basic: '2990',
  price_try_standard: '6790',
  price_try_premium: '14990',
  // Fair share: photo storage per seller, and how long an upload no run uses is kept.
  storage_quota_mb: '1024',
  upload_retention_days: '30',
  // Invoices: the number's three-character prefix (then the year and a 9-digit sequence, as e-Arşiv
  // numbers are written) and the operator's company details printed on each one.
  invoice_prefix: 'VTR',
  company_title: '',
  company_tax_office: '',
  company_vkn: '',
  company_address: '',
  company_mersis: '',
  company_email: '',
  company_phone: '',
} as const;
export type SettingKey = keyof typeof SETTING_DEFAULTS;

export type Settings = {
  siteName: string;
  siteDescription: string;
  supportEmail: string;
  supportPhone: string;
  contactAddress: string;
  maxCreditsPerUser: number;
  defaultTrialCredits: number;
  maintenanceMode: boolean;
  allowRegistrations: boolean;
  emailNotifications: boolean;
  requireEmailVerification: boolean;
  imageCreditCost: number;
  videoCreditCost: number;
  /** The install's currency as set by the admin (iyzico sells in lira whatever it says). */
  currency: Currency;
  /** KDV included in every price, in percent. */
  kdvRate: number;
  /** Whole lira per month, KDV included, per paid plan. */
  tryPrices: Record<PaidPlanCode, number>;
  invoicePrefix: string;
  /** The seller on every invoice: the operator's company. */
  company: CompanyDetails;
  /** Megabytes of uploaded photos one seller may keep. */
  storageQuotaMb: number;
  /** Days after which an upload no generation uses is removed (the privacy text states it). */
  uploadRetentionDays: number;
};

function toInt(value: string, fallback: string): number {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) && n >= 0 ? n : Number.parseInt(fallback, 10);
}

/**
 * Read on every use (one small query) where a value decides money or access (costs, caps,
 * registrations); see getCachedSettings for the per-request checks.
 */
export async function getSettings(db: Db): Promise<Settings> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  // Every known key starts at its default, so reading one always finds a text.
  const raw: Record<SettingKey, string> & Record<string, string> = { ...SETTING_DEFAULTS };
  for (const r of rows) raw[r.key] = r.value;
  const d = SETTING_DEFAULTS;
  return {
    siteName: raw.site_name,
    siteDescription: raw.site_description,
    supportEmail: raw.support_email,
    supportPhone: raw.support_phone,
    contactAddress: raw.contact_address,
    maxCreditsPerUser: toInt(raw.max_credits_per_user, d.max_credits_per_user),
    defaultTrialCredits: toInt(raw.default_trial_credits, d.default_trial_credits),
    maintenanceMode: raw.maintenance_mode === 'true',
    allowRegistrations: raw.allow_registrations !== 'false',
    emailNotifications: raw.email_notifications !== 'false',
    requireEmailVerification: raw.require_email_verification === 'true',
    imageCreditCost: toInt(raw.image_credit_cost, d.image_credit_cost),
    videoCreditCost: toInt(raw.video_credit_cost, d.video_credit_cost),
    currency: (CURRENCIES as readonly string[]).includes(raw.currency) ? (raw.currency as Currency) : DEFAULT_CURRENCY,
    kdvRate: toInt(raw.kdv_rate, d.kdv_rate),
    tryPrices: {
      basic: toInt(raw.price_try_basic, d.price_try_basic),
      standard: toInt(raw.price_try_standard, d.price_try_standard),
      premium: toInt(raw.price_try_premium, d.price_try_premium),
    },
    storageQuotaMb: toInt(raw.storage_quota_mb, d.storage_quota_mb),
    uploadRetentionDays: toInt(raw.upload_retention_days, d.upload_retention_days),
    invoicePrefix: raw.invoice_prefix || d.invoice_prefix,
    company: {
      title: raw.company_title,
      taxOffice: raw.company_tax_office,
      vkn: raw.company_vkn,
      address: raw.company_address,
      mersis: raw.company_mersis,
      email: raw.company_email,
      phone: raw.company_phone,
    },
  };
}

/** The issuer's details an invoice must carry (issue 38 item 1); MERSİS is optional (not every company has one). */
const REQUIRED_COMPANY_FIELDS = ['title', 'taxOffice', 'vkn', 'address', 'email', 'phone'] as const;
export type RequiredCompanyField = (typeof REQUIRED_COMPANY_FIELDS)[number];

/** Which of the operator's required invoice details are still empty. */
export function missingCompanyDetails(company: CompanyDetails): RequiredCompanyField[] {
  return REQUIRED_COMPANY_FIELDS.filter((k) => !company[k]?.trim());
}

/**
 * Whether paid checkouts are refused for want of the operator's details: in production, while any is
 * empty, no paid invoice may be issued (a Turkish invoice without its issuer is not valid). The local
 * test checkout is never refused (it is off in production anyway and prints its test banner).
 */
export function invoicesBlocked(env: { NODE_ENV?: string }, company: CompanyDetails): boolean {
  return env.NODE_ENV === 'production' && missingCompanyDetails(company).length > 0;
}

/**
 * The same, from memory: for checks made on every request (maintenance mode, the site facts the
 * public shell reads). A change reaches this process at once and every other one on commit
 * (services/read-cache.ts).
 */
export function getCachedSettings(db: Db): Promise<Settings> {
  return cachedRead('settings', db, () => getSettings(db));
}

export async function setSetting(db: Db, key: SettingKey, value: string, adminId: string | null = null): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value, updated_by: adminId })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_by: adminId, updated_at: new Date() }))
    .execute();
  // This process's copy goes at once; other processes hear the trigger's NOTIFY (a moment later).
  // Inside a transaction the caller drops it after commit (admin/settings.ts): before, a reader
  // could cache the old value again.
  if (!db.isTransaction) invalidateRead('settings', db);
}

/** Seeds missing keys only, so an admin's edits survive restarts. */
export async function seedSettings(db: Db): Promise<void> {
  const values = Object.entries(SETTING_DEFAULTS).map(([key, value]) => ({ key, value }));
  await db
    .insertInto('settings')
    .values(values)
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
