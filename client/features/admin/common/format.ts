const TZ = 'Europe/Istanbul';

const dateTime = new Intl.DateTimeFormat('tr-TR', { timeZone: TZ, day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const dateOnly = new Intl.DateTimeFormat('tr-TR', { timeZone: TZ, day: '2-digit', month: 'short', year: 'numeric' });
const timeOnly = new Intl.DateTimeFormat('tr-TR', { timeZone: TZ, hour: '2-digit', minute: '2-digit' });
const dayMonth = new Intl.DateTimeFormat('tr-TR', { timeZone: 'UTC', day: 'numeric', month: 'short' });
const usd = new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'USD' });

/** `21 Kas 2026 14:05` in the business time zone. */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : '';
}

export function formatDate(iso: string | null | undefined): string {
  return iso ? dateOnly.format(new Date(iso)) : '';
}

const shortDateTime = new Intl.DateTimeFormat('tr-TR', { timeZone: TZ, day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
const year = new Intl.DateTimeFormat('tr-TR', { timeZone: TZ, year: 'numeric' });

/** Today's entries show only the time; this year's the day and time; older ones the full date. */
export function formatWhen(iso: string): string {
  const d = new Date(iso);
  const now = new Date();
  if (dateOnly.format(d) === dateOnly.format(now)) return timeOnly.format(d);
  return year.format(d) === year.format(now) ? shortDateTime.format(d) : dateTime.format(d);
}

/** Chart axis label for a `YYYY-MM-DD` day key: `21 Kas`. */
export function formatDayKey(day: string): string {
  return dayMonth.format(new Date(`${day}T00:00:00Z`));
}

export function formatMoney(cents: number | null | undefined, currency?: string | null): string {
  if (cents == null) return '—';
  if (!currency || currency.toLowerCase() === 'usd') return usd.format(cents / 100);
  return new Intl.NumberFormat('tr-TR', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}
