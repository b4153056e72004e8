import { z } from '../zod';
import { M } from '../messages/public';
import { isValidTckn, isValidVkn } from '../tax-ids';
import { ZLine, ZText } from './text';
import { pageOf } from './common';

const D = M.invoiceDetails;

const text = (min: number, minMessage: string, max = 200) => ZLine().min(min, minMessage).max(max, D.tooLong);
/** The address box is the one multi-line field of the form. */
const lines = (min: number, minMessage: string, max: number) => ZText().min(min, minMessage).max(max, D.tooLong);
const digits = (v: string) => v.replace(/\s+/g, '');

const ZTckn = z
  .string()
  .transform(digits)
  .pipe(
    z
      .string()
      .regex(/^[0-9]{11}$/, { error: D.tcknLength, abort: true })
      .refine(isValidTckn, D.tcknInvalid),
  );
const ZVkn = z
  .string()
  .transform(digits)
  .pipe(
    z
      .string()
      .regex(/^[0-9]{10}$/, { error: D.vknLength, abort: true })
      .refine(isValidVkn, D.vknInvalid),
  );

const address = { address: lines(10, D.addressMin, 500), city: text(2, D.cityMin, 80) };

/**
 * Billing details a Turkish e-Arşiv invoice needs (issue 16 (docs/history.md)): an individual (ad soyad, TCKN) or a
 * company (ünvan, vergi dairesi, VKN), with address and city. The same schema validates the
 * form on /app/billing and `credits.saveInvoiceDetails`.
 */
export const ZInvoiceDetails = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('individual'), fullName: text(2, D.fullNameMin, 120), tckn: ZTckn, ...address }),
  z.object({
    kind: z.literal('company'),
    companyTitle: text(2, D.companyTitleMin, 250),
    taxOffice: text(2, D.taxOfficeMin, 120),
    vkn: ZVkn,
    ...address,
  }),
]);
export type TInvoiceDetails = z.input<typeof ZInvoiceDetails>;
export type TInvoiceDetailsParsed = z.output<typeof ZInvoiceDetails>;

/** The admin's CSV export of a period's payments: `from` and `to` are calendar days (Istanbul). */
export const ZPaymentsExportRange = z
  .object({ from: z.iso.date(), to: z.iso.date() })
  .refine((r) => r.from <= r.to, { message: M.adminPayments.rangeInvalid, path: ['to'] });
export type TPaymentsExportRange = z.infer<typeof ZPaymentsExportRange>;

// What the billing procedures send (`credits.*`, `payments.*`): plain shapes, no input rules.

const PAYMENT_PROVIDERS = ['stripe', 'lemonsqueezy', 'iyzico', 'test'] as const;
const CREDIT_TX_TYPES = ['purchase', 'usage', 'refund', 'expire', 'bonus', 'admin_adjustment'] as const;
const nullableString = () => z.string().nullable();

/** Saved invoice details as they are shown (checked when they were saved). */
export const ZInvoiceDetailsView = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('individual'), fullName: z.string(), tckn: z.string(), address: z.string(), city: z.string() }),
  z.object({
    kind: z.literal('company'),
    companyTitle: z.string(),
    taxOffice: z.string(),
    vkn: z.string(),
    address: z.string(),
    city: z.string(),
  }),
]);

/** `credits.balance`: the seller's credits and plan. */
export const ZBalance = z.object({
  balance: z.number(),
  unlimited: z.boolean(),
  planCode: nullableString(),
  expiresAt: nullableString(),
  expired: z.boolean(),
  lowBelow: z.number(),
});
/** One live `credits.onChange` item. */
export const ZBalanceChange = ZBalance.pick({ balance: true, unlimited: true });

/** `credits.checkout`: where a package button leads (a provider's page, a page of this app, or a note). */
export const ZCheckoutResult = z.object({ url: nullableString(), redirect: z.string().optional(), message: z.string().optional() });

export const ZTransactionView = z.object({
  id: z.string(),
  type: z.enum(CREDIT_TX_TYPES),
  amount: z.number(),
  description: z.string(),
  planCode: nullableString(),
  amountPaidCents: z.number().nullable(),
  currency: nullableString(),
  invoiceNumber: nullableString(),
  createdAt: z.string(),
});
export type TTransactionView = z.infer<typeof ZTransactionView>;
export const ZTransactionPage = pageOf(ZTransactionView);

/** `credits.dashboard`: this month against the last, and the recent activity. */
export const ZCustomerDashboard = z.object({
  imagesThisMonth: z.number(),
  imagesLastMonth: z.number(),
  totalImages: z.number(),
  totalVideos: z.number(),
  videosThisMonth: z.number(),
  videosLastMonth: z.number(),
  totalSavings: z.number(),
  savingsThisMonth: z.number(),
  savingsLastMonth: z.number(),
  creditsUsedThisMonth: z.number(),
  creditsUsedLastMonth: z.number(),
  changes: z.object({ images: z.string(), videos: z.string(), savings: z.string(), creditsUsed: z.string() }),
  recentActivity: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['generation', 'credit']),
      type: z.string(),
      status: z.string().optional(),
      amount: z.number().optional(),
      planCode: nullableString().optional(),
      title: z.string(),
      createdAt: z.string(),
    }),
  ),
});

/** `credits.billing`: spending, the plan's renewal and the card last used. */
export const ZBillingSummary = z.object({
  thisMonthSpentCents: z.number(),
  totalSpentCents: z.number(),
  currency: z.string(),
  totalTransactions: z.number(),
  creditsUsed: z.number(),
  planCode: nullableString(),
  renewsAt: nullableString(),
  lastPaymentProvider: nullableString(),
  paymentMethod: z.object({ provider: z.enum(PAYMENT_PROVIDERS), brand: nullableString(), last4: nullableString() }).nullable(),
});

/** `payments.options`: the checkout in use, the price list (cents, KDV included) and the test mode. */
export const ZPaymentOptions = z.object({
  provider: z.enum(PAYMENT_PROVIDERS).nullable(),
  currency: z.enum(['TRY', 'USD']),
  kdvRate: z.number(),
  prices: z.object({ basic: z.number(), standard: z.number(), premium: z.number() }),
  testMode: z.boolean(),
});

/** `payments.testCheckout`: one local test checkout session. */
export const ZTestCheckout = z.object({
  id: z.string(),
  plan: z.string(),
  planName: z.string(),
  credits: z.number(),
  amountCents: z.number(),
  currency: z.string(),
  email: z.string(),
  details: ZInvoiceDetailsView.nullable(),
  completed: z.boolean(),
  expired: z.boolean(),
});
export const ZCheckoutPaid = z.object({ paid: z.boolean() });
