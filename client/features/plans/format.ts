/**
 * Money, number and date formatting for the seller's money pages (D4): prices and money
 * spent in US dollars (`$79`, cents only when there are any), the savings estimate in
 * Turkish lira (`₺1.200`), everything formatted for tr-TR.
 */
const USD_WHOLE = new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const USD_CENTS = new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const TRY_WHOLE = new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const NUMBER = new Intl.NumberFormat('tr-TR');

/** `$79`, or `$1,32` when the amount has cents. */
export function formatUsd(amount: number): string {
  return Number.isInteger(amount) ? USD_WHOLE.format(amount) : USD_CENTS.format(amount);
}

/** Always two decimals (per-credit prices, SPEC §9). */
export function formatUsdExact(amount: number): string {
  return USD_CENTS.format(amount);
}

/** An amount in cents of any currency (USD by default), whole units when there are no cents. */
export function formatCents(cents: number, currency: string | null = 'USD'): string {
  const code = (currency || 'USD').toUpperCase();
  const whole = cents % 100 === 0;
  try {
    return new Intl.NumberFormat('tr-TR', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    }).format(cents / 100);
  } catch {
    return formatUsd(cents / 100);
  }
}

/** Savings estimate in lira (D4). */
export function formatTry(amount: number): string {
  return TRY_WHOLE.format(amount);
}

export function formatCount(n: number): string {
  return NUMBER.format(n);
}

/** `+10` / `-1` with a real minus sign. */
export function formatSigned(n: number): string {
  if (n > 0) return `+${NUMBER.format(n)}`;
  if (n < 0) return `−${NUMBER.format(Math.abs(n))}`;
  return '0';
}

const DATE = new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'long', year: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const RELATIVE = new Intl.RelativeTimeFormat('tr-TR', { numeric: 'auto' });

function valid(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** `12 Ağustos 2026`. */
export function formatDate(iso: string | null | undefined): string {
  const d = valid(iso);
  return d ? DATE.format(d) : '';
}

/** `12 Ağu 2026 14:05`. */
export function formatDateTime(iso: string | null | undefined): string {
  const d = valid(iso);
  return d ? DATE_TIME.format(d) : '';
}

/** Within a week: `5 dakika önce`, `dün`; older: the date and time. */
export function formatRelative(iso: string, justNow: string, now = Date.now()): string {
  const d = valid(iso);
  if (!d) return '';
  const seconds = Math.round((d.getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return justNow;
  if (abs < 3600) return RELATIVE.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return RELATIVE.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86_400) return RELATIVE.format(Math.round(seconds / 86_400), 'day');
  return DATE_TIME.format(d);
}

/** Whole days from now until `iso` (0 when today or past), or null without a date. */
export function daysUntil(iso: string | null | undefined, now = Date.now()): number | null {
  const d = valid(iso);
  if (!d) return null;
  return Math.max(0, Math.ceil((d.getTime() - now) / 86_400_000));
}
