import { activeLocale } from '../../shared/messages/language';
import { formatMoney } from '../../shared/money';

/**
 * Every date, number and money amount the client shows, formatted once: the active language's
 * locale (tr-TR unless English was chosen) and the business time zone (Europe/Istanbul) for every
 * date and time, whatever the browser's own zone is. Money is formatted by shared/money.ts (the
 * install's currency, lira by default, always written the Turkish way).
 */
/** The active language's locale (tr-TR by default): read per call, so a language switch applies at once. */
export const LOCALE = (): string => activeLocale();
export const TIME_ZONE = 'Europe/Istanbul';

function formatsFor(locale: string) {
  const dateTimeFormat = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { timeZone: TIME_ZONE, ...options });
  return {
    DATE: dateTimeFormat({ day: 'numeric', month: 'long', year: 'numeric' }),
    SHORT_DATE: dateTimeFormat({ day: 'numeric', month: 'short', year: 'numeric' }),
    DATE_TIME: dateTimeFormat({ day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }),
    LONG_DATE_TIME: dateTimeFormat({ day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }),
    DAY_MONTH_TIME: dateTimeFormat({ day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }),
    TIME: dateTimeFormat({ hour: '2-digit', minute: '2-digit' }),
    YEAR: dateTimeFormat({ year: 'numeric' }),
    /** Day keys are already business days: shown as they are, read at UTC midnight. */
    DAY_KEY_LABEL: new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'short' }),
    RELATIVE: new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
    NUMBER: new Intl.NumberFormat(locale),
  };
}
const formats = new Map<string, ReturnType<typeof formatsFor>>();
/** The formats of the active locale, made once per locale. */
function F(): ReturnType<typeof formatsFor> {
  const locale = LOCALE();
  let f = formats.get(locale);
  if (!f) formats.set(locale, (f = formatsFor(locale)));
  return f;
}
/** `YYYY-MM-DD` of the business day (en-CA writes dates that way). */
const DAY_KEY = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE });

type DateInput = string | Date | null | undefined;

function valid(value: DateInput): Date | null {
  if (!value) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const formatWith =
  (format: 'DATE' | 'SHORT_DATE' | 'DATE_TIME' | 'LONG_DATE_TIME') =>
  (value: DateInput): string => {
    const d = valid(value);
    return d ? F()[format].format(d) : '';
  };

/** `12 Ağustos 2026`. */
export const formatDate = formatWith('DATE');
/** `12 Ağu 2026` (tables). */
export const formatShortDate = formatWith('SHORT_DATE');
/** `12 Ağu 2026 14:05`. */
export const formatDateTime = formatWith('DATE_TIME');
/** `12 Ağustos 2026 14:05`. */
export const formatLongDateTime = formatWith('LONG_DATE_TIME');

/** The business day of `date` as `YYYY-MM-DD`. */
export function dayKey(date: Date): string {
  return DAY_KEY.format(date);
}

/** Chart axis label for a `YYYY-MM-DD` day key: `21 Kas`. */
export function formatDayKey(day: string): string {
  return F().DAY_KEY_LABEL.format(new Date(`${day}T00:00:00Z`));
}

/** Today's entries show only the time; this year's the day and time; older ones the full date and time. */
export function formatWhen(iso: string, now = new Date()): string {
  const d = valid(iso);
  if (!d) return '';
  const { SHORT_DATE, TIME, YEAR, DAY_MONTH_TIME, DATE_TIME } = F();
  if (SHORT_DATE.format(d) === SHORT_DATE.format(now)) return TIME.format(d);
  return YEAR.format(d) === YEAR.format(now) ? DAY_MONTH_TIME.format(d) : DATE_TIME.format(d);
}

/** Within a week: `5 dakika önce`, `dün`; older: the date and time. */
export function formatRelative(iso: string, justNow: string, now = Date.now()): string {
  const d = valid(iso);
  if (!d) return '';
  const { RELATIVE, DATE_TIME } = F();
  const seconds = Math.round((d.getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return justNow;
  if (abs < 3600) return RELATIVE.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return RELATIVE.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86_400) return RELATIVE.format(Math.round(seconds / 86_400), 'day');
  return DATE_TIME.format(d);
}

/** Whole days from now until `iso` (0 when today or past), or null without a date. */
export function daysUntil(iso: DateInput, now = Date.now()): number | null {
  const d = valid(iso);
  if (!d) return null;
  return Math.max(0, Math.ceil((d.getTime() - now) / 86_400_000));
}

/** `1.234`. */
export function formatNumber(n: number): string {
  return F().NUMBER.format(n);
}

/** `+10` / `-1` with a real minus sign. */
export function formatSigned(n: number): string {
  if (n > 0) return `+${formatNumber(n)}`;
  if (n < 0) return `−${formatNumber(Math.abs(n))}`;
  return '0';
}

export { formatCents } from '../../shared/money';

/** Savings estimate in whole lira, whatever the install sells in: `₺1.200`. */
export function formatTry(amount: number): string {
  return formatMoney(Math.round(amount), 'TRY');
}

/** Up to `max` initials for an avatar, upper-cased the Turkish way (i → İ). */
export function initials(name: string, max = 2): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, max)
    .map((word) => word.charAt(0).toLocaleUpperCase('tr-TR'))
    .join('');
}
