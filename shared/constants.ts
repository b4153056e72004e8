/** Business limits and constants shared by client and server (SPEC §9, DECISIONS). */
export const UNLIMITED_BALANCE = 999999;
export const LOW_BALANCE_THRESHOLD = 10;
export const DEFAULT_TRIAL_CREDITS = 10;
export const TRIAL_DAYS = 7;
export const PAID_PERIOD_DAYS = 30;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const TOAST_MS = 4000;
export const ACTIVE_USER_DAYS = 30;

/** Sessions: 30 days with "remember me", otherwise a browser-session cookie backed by a 1-day server expiry. */
export const SESSION_REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_SHORT_MS = 24 * 60 * 60 * 1000;

/** Stable machine codes carried in tRPC error `data.code2`-style field `appCode`. */
export const APP_CODES = [
  'INVALID_CREDENTIALS',
  'ACCOUNT_DISABLED',
  'EMAIL_NOT_VERIFIED',
  'EMAIL_TAKEN',
  'SIGNUPS_DISABLED',
  'RATE_LIMITED',
  'BAD_ORIGIN',
  'UNAUTHENTICATED',
  'NOT_ADMIN',
  'NOT_FOUND',
  'VALIDATION',
  'INSUFFICIENT_CREDITS',
  'MAINTENANCE',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type AppCode = (typeof APP_CODES)[number];
