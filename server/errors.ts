import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { AppCode } from '../shared/constants';

type TrpcCode = TRPCError['code'];

/**
 * What each code means on the wire: its tRPC code, and so the HTTP status tRPC answers with. REST
 * routes answer with the same status, except where `REST_STATUS` says otherwise.
 */
const TRPC_CODE: Record<AppCode, TrpcCode> = {
  INVALID_CREDENTIALS: 'UNAUTHORIZED',
  ACCOUNT_DISABLED: 'FORBIDDEN',
  EMAIL_NOT_VERIFIED: 'FORBIDDEN',
  EMAIL_TAKEN: 'CONFLICT',
  SIGNUPS_DISABLED: 'FORBIDDEN',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  QUOTA_EXCEEDED: 'PAYLOAD_TOO_LARGE',
  BAD_ORIGIN: 'FORBIDDEN',
  UNAUTHENTICATED: 'UNAUTHORIZED',
  NOT_ADMIN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  VALIDATION: 'BAD_REQUEST',
  INSUFFICIENT_CREDITS: 'PRECONDITION_FAILED',
  NEEDS_FRAMED_CONSENT: 'PRECONDITION_FAILED',
  CONFLICT: 'CONFLICT',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_SUPPORTED',
  SESSION_EXPIRED: 'NOT_FOUND',
  MAINTENANCE: 'SERVICE_UNAVAILABLE',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
};

/** REST's own statuses: a refused form or file is 422 Unprocessable Content there. */
const REST_STATUS: Partial<Record<AppCode, number>> = { VALIDATION: 422 };

/** The HTTP status of a code on a REST (non-tRPC) route. */
export function restStatus(code: AppCode): number {
  return REST_STATUS[code] ?? getHTTPStatusCodeFromError(new TRPCError({ code: TRPC_CODE[code] }));
}

/** A failure whose Turkish message is safe to show the user, with a stable machine code. */
export class AppError extends Error {
  constructor(
    readonly appCode: AppCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
  get trpcCode(): TrpcCode {
    return TRPC_CODE[this.appCode];
  }
}

/** A per-seller limit was reached: `retryAfterSeconds` is when the window ends (sent as Retry-After). */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', message);
  }
}

/** Postgres unique-violation, whichever driver raised it. */
/** A row refused because a row it points at is gone (PostgreSQL 23503). */
export function isForeignKeyViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23503';
}

export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}

// Postgres SQLSTATEs of a lost or refused connection (class 08, admin shutdown 57P0x, too many
// connections), and the node/pg errors of a socket that went away.
const UNAVAILABLE_CODES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
]);
const UNAVAILABLE_TEXT =
  /Connection terminated|connection error|Client was closed|timeout exceeded when trying to connect|Cannot use a pool after calling end/i;

// Errors that came out of the database client (marked by the driver in db/client-errors.ts). Only
// these can mean an outage: a provider's or storage's network error has the same codes (a fal host
// that does not resolve is ENOTFOUND too) but must fail its run, not wait for the database.
const fromDatabaseClient = new WeakSet<object>();

/** Marks an error as raised by the database client; returns it. */
export function markDatabaseClientError(err: unknown): unknown {
  if (err && typeof err === 'object') fromDatabaseClient.add(err);
  return err;
}

/** The database cannot be reached right now (restart, failover, network): answer 503, retry later. */
export function isDatabaseUnavailable(err: unknown): boolean {
  let fromDb = false;
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    fromDb ||= fromDatabaseClient.has(e);
    if (!fromDb) continue;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_TEXT.test(message)) return true;
  }
  return false;
}

/**
 * A start refused for a reason the operator can fix (a bad setting, a locked data directory, a
 * service that refuses): printed as its one line, no stack, and the process exits 1.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}
