/**
 * Money as every screen, e-mail and invoice shows it: one currency per install (Turkish lira by
 * default, US dollars for an operator selling through Stripe or Lemon Squeezy), prices with KDV
 * included, formatted by Intl for tr-TR (`₺1.499`, `$79`).
 */
export const CURRENCIES = ['TRY', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'TRY';
/** KDV on digital services in Turkey (percent); the install's rate is an admin setting. */
export const DEFAULT_KDV_RATE = 20;

export const MONEY_LOCALE = 'tr-TR';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * An amount in whole units of `currency`: whole units when it has no cents (`₺1.499`), two
 * decimals when it does (`₺24,98`) or when `exact` (per-credit prices, invoices, the admin's
 * payment columns). An unknown or missing code is shown in the default currency.
 */
export function formatMoney(amount: number, currency: string | null | undefined = DEFAULT_CURRENCY, exact = false): string {
  const code = (currency || DEFAULT_CURRENCY).toUpperCase();
  const decimals = exact || !Number.isInteger(amount) ? 2 : 0;
  const key = `${code}:${decimals}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(MONEY_LOCALE, {
        style: 'currency',
        currency: code,
        minimumFractionDigits: decimals,
        maximumFractionDigits: 2,
      });
    } catch {
      return code === DEFAULT_CURRENCY ? String(amount) : formatMoney(amount, DEFAULT_CURRENCY, exact);
    }
    formats.set(key, format);
  }
  return format.format(amount);
}

/** An amount in cents (kuruş) of `currency`, whole units when there are none. */
export function formatCents(cents: number, currency?: string | null, exact = false): string {
  return formatMoney(cents / 100, currency, exact);
}

/**
 * Splits a KDV-inclusive total into matrah (the taxable base) and KDV, in cents: the base is
 * rounded to the kuruş and the tax is what remains, so the two always add up to the total paid.
 */
export function kdvBreakdown(totalCents: number, ratePercent: number): { matrahCents: number; kdvCents: number } {
  const matrahCents = Math.round((totalCents * 100) / (100 + ratePercent));
  return { matrahCents, kdvCents: totalCents - matrahCents };
}

/** `%20`, the Turkish way of writing a percentage. */
export function formatPercent(ratePercent: number): string {
  return new Intl.NumberFormat(MONEY_LOCALE, { style: 'percent', maximumFractionDigits: 2 }).format(ratePercent / 100);
}

/** What a page needs to show prices: the install's currency, its KDV rate and each paid plan's price in cents. */
export type PriceList<Plan extends string = string> = {
  currency: Currency;
  kdvRate: number;
  prices: Record<Plan, number>;
};
