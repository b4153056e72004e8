import { TRPCError } from '@trpc/server';
import { M } from '../shared/messages';
import type { AppCode } from '../shared/constants';

type TrpcCode = TRPCError['code'];

/**
 * The one error map: what each code means on the wire. `trpc` is its tRPC code and `status` the HTTP
 * status tRPC answers it with; `rest` is the status on a REST (non-tRPC) route where that differs (a
 * refused form or file is 422 Unprocessable Content there) and `api` the seller API's own (too few
 * credits is 402 Payment Required). tests/security/error-map.test.ts holds `status` to tRPC's own
 * mapping and the three users (tRPC, REST, last resort) to this table.
 */
export const ERROR_MAP: Record<AppCode, { trpc: TrpcCode; status: number; rest?: number; api?: number }> = {
  INVALID_CREDENTIALS: { trpc: 'UNAUTHORIZED', status: 401 },
  ACCOUNT_DISABLED: { trpc: 'FORBIDDEN', status: 403 },
  EMAIL_NOT_VERIFIED: { trpc: 'FORBIDDEN', status: 403 },
  EMAIL_TAKEN: { trpc: 'CONFLICT', status: 409 },
  SIGNUPS_DISABLED: { trpc: 'FORBIDDEN', status: 403 },
  RATE_LIMITED: { trpc: 'TOO_MANY_REQUESTS', status: 429 },
  QUOTA_EXCEEDED: { trpc: 'PAYLOAD_TOO_LARGE', status: 413 },
  BAD_ORIGIN: { trpc: 'FORBIDDEN', status: 403 },
  UNAUTHENTICATED: { trpc: 'UNAUTHORIZED', status: 401 },
  NOT_ADMIN: { trpc: 'FORBIDDEN', status: 403 },
  NOT_FOUND: { trpc: 'NOT_FOUND', status: 404 },
  VALIDATION: { trpc: 'BAD_REQUEST', status: 400, rest: 422 },
  INSUFFICIENT_CREDITS: { trpc: 'PRECONDITION_FAILED', status: 412, api: 402 },
  NEEDS_FRAMED_CONSENT: { trpc: 'PRECONDITION_FAILED', status: 412 },
  CONFLICT: { trpc: 'CONFLICT', status: 409 },
  METHOD_NOT_ALLOWED: { trpc: 'METHOD_NOT_SUPPORTED', status: 405 },
  SESSION_EXPIRED: { trpc: 'NOT_FOUND', status: 404 },
  MAINTENANCE: { trpc: 'SERVICE_UNAVAILABLE', status: 503 },
  UNAVAILABLE: { trpc: 'SERVICE_UNAVAILABLE', status: 503 },
  INTERNAL: { trpc: 'INTERNAL_SERVER_ERROR', status: 500 },
};

/** Where an answer goes: tRPC, a REST route, or the seller API (a REST route with its own statuses). */
export type Surface = 'trpc' | 'rest' | 'api';

/** The HTTP status of a code on a surface. */
export function statusOf(code: AppCode, surface: Surface = 'rest'): number {
  const row = ERROR_MAP[code];
  if (surface === 'api') return row.api ?? row.rest ?? row.status;
  if (surface === 'rest') return row.rest ?? row.status;
  return row.status;
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
    return ERROR_MAP[this.appCode].trpc;
  }
  /** This error as tRPC throws it: its code from the map, so tRPC answers with the map's status. */
  toTRPCError(): TRPCError {
    return new TRPCError({ code: this.trpcCode, message: this.message, cause: this });
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
 * What any thrown value means to the caller, written once for every surface: an AppError is itself,
 * a database that cannot be reached is UNAVAILABLE (503, "try again shortly"), anything else is
 * INTERNAL (500) with the generic text, never its own message, and `unexpected` says to log it.
 */
export function explainError(err: unknown): { error: AppError; unexpected: boolean } {
  if (err instanceof AppError) return { error: err, unexpected: false };
  if (isDatabaseUnavailable(err)) return { error: new AppError('UNAVAILABLE', M.common.serviceUnavailable), unexpected: false };
  return { error: new AppError('INTERNAL', M.common.unexpected), unexpected: true };
}

/**
 * A start refused for a reason the operator can fix (a bad setting, a locked data directory, a
 * service that refuses): printed as its one line, no stack, and the process exits 1.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}
