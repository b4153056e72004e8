/** The business's clock: months start at midnight in Istanbul (SPEC §9 "first of the month at midnight"). */
export const BUSINESS_TZ = 'Europe/Istanbul';

function offsetMs(date: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

/** Midnight on the 1st of the month `monthsBack` months before `now`'s month, in `timeZone`. */
export function monthStart(now: Date, monthsBack = 0, timeZone = BUSINESS_TZ): Date {
  const local = new Date(now.getTime() + offsetMs(now, timeZone));
  const guess = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - monthsBack, 1);
  return new Date(guess - offsetMs(new Date(guess), timeZone));
}
