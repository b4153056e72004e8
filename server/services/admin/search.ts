/** `%term%` for ILIKE with the term's own `%`, `_` and `\` taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Days before `now` as an instant (the 30-day "active" window, the chart range). */
export function daysAgo(now: Date, days: number): Date {
  return new Date(now.getTime() - days * 86_400_000);
}

export function iso(d: Date | string | null | undefined): string | null {
  return d == null ? null : new Date(d).toISOString();
}
