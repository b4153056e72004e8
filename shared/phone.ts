import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * A Turkish phone number as typed ("0532 123 45 67", "+90 212 345 67 89", "(0312) 444 55 66") in
 * E.164 ("+905321234567"), or null when it is not a number a Turkish line can have: mobile, landline,
 * and the business lines sellers give out (0850, 444). libphonenumber-js's full metadata tells the
 * kinds apart; it is used on the server only (too large for the pages' bundles).
 */
const ACCEPTED = new Set(['MOBILE', 'FIXED_LINE', 'FIXED_LINE_OR_MOBILE', 'VOIP', 'UAN']);

export function turkishPhoneE164(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), 'TR');
  if (!parsed || parsed.country !== 'TR' || !parsed.isValid()) return null;
  const type = parsed.getType();
  return type && ACCEPTED.has(type) ? parsed.number : null;
}
