/** The business's clock: months start at midnight in Istanbul (docs/product.md §9 "first of the month at midnight"). */
export const BUSINESS_TZ = 'Europe/Istanbul';

function offsetMs(date: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date);
  // Each of these parts is asked for above, so each is there.
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

/** Midnight on the 1st of the month `monthsBack` months before `now`'s month, in `timeZone`. */
export function monthStart(now: Date, monthsBack = 0, timeZone = BUSINESS_TZ): Date {
  const local = new Date(now.getTime() + offsetMs(now, timeZone));
  const guess = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - monthsBack, 1);
  return new Date(guess - offsetMs(new Date(guess), timeZone));
}
