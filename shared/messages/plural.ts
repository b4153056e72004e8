/**
 * English plural forms for texts that carry a count (issue 38 item 5: "1 credit", not "1 credits").
 * Turkish needs none ("1 kredi", "2 kredi"). The count may come as a number or as the number the
 * page shows ("+1", "−1", "1,000", "∞"); CLDR's rules (Intl.PluralRules) pick the form.
 */
const RULES = new Intl.PluralRules('en');

export function enCount(n: number | string, one: string, other: string): string {
  const value = typeof n === 'number' ? n : Number(n.replace(/[^\d.]/g, '') || Number.NaN);
  return Number.isFinite(value) && RULES.select(Math.abs(value)) === 'one' ? one : other;
}

/** "1 credit", "+1 credit", "2 credits", "1,000 credits". */
export const enCredits = (n: number | string): string => `${n} ${enCount(n, 'credit', 'credits')}`;
