import { TRPCError } from '@trpc/server';
import { M } from '../shared/messages';
import type { AppCode } from '../shared/constants';

type TrpcCode = TRPCError['code'];

/**
 * The one error map: each tRPC code with the HTTP status tRPC answers it with, and the app codes it
 * carries. REST (non-tRPC) routes answer with the same status except where `OWN_STATUS.rest` says
 * otherwise (a refused form or file is 422 Unprocessable Content there), and the seller API except
 * where `OWN_STATUS.api` does (too few credits is 402 Payment Required). tests/security/error-map.test.ts
 * holds every code to one row, each status to tRPC's own, and the three users (tRPC, REST, last resort)
 * to this table.
 */
const BY_TRPC_CODE: ReadonlyArray<readonly [TrpcCode, number, readonly AppCode[]]> = [
  ['UNAUTHORIZED', 401, ['INVALID_CREDENTIALS', 'UNAUTHENTICATED']],
  ['FORBIDDEN', 403, ['ACCOUNT_DISABLED', 'EMAIL_NOT_VERIFIED', 'SIGNUPS_DISABLED', 'BAD_ORIGIN', 'NOT_ADMIN']],
  ['NOT_FOUND', 404, ['NOT_FOUND', 'SESSION_EXPIRED']],
  ['METHOD_NOT_SUPPORTED', 405, ['METHOD_NOT_ALLOWED']],
  ['CONFLICT', 409, ['EMAIL_TAKEN', 'CONFLICT']],
  ['PAYLOAD_TOO_LARGE', 413, ['QUOTA_EXCEEDED']],
  ['PRECONDITION_FAILED', 412, ['INSUFFICIENT_CREDITS', 'NEEDS_FRAMED_CONSENT']],
  ['BAD_REQUEST', 400, ['VALIDATION']],
  ['SERVICE_UNAVAILABLE', 503, ['MAINTENANCE', 'UNAVAILABLE']],
  ['TOO_MANY_REQUESTS', 429, ['RATE_LIMITED']],
  ['INTERNAL_SERVER_ERROR', 500, ['INTERNAL']],
];
const OWN_STATUS: { rest: Partial<Record<AppCode, number>>; api: Partial<Record<AppCode, number>> } = {
  rest: { VALIDATION: 422 },
  api: { INSUFFICIENT_CREDITS: 402 },
};

/** The map by app code: its tRPC code and its HTTP status on each surface. */
export const ERROR_MAP = Object.fromEntries(
  BY_TRPC_CODE.flatMap(([trpc, status, codes]) =>
    codes.map((code) => {
      const rest = OWN_STATUS.rest[code] ?? status;
      return [code, { trpc, status, rest, api: OWN_STATUS.api[code] ?? rest }];
    }),
  ),
) as Record<AppCode, { trpc: TrpcCode; status: number; rest: number; api: number }>;

/** Where an answer goes: tRPC, a REST route, or the seller API (a REST route with its own statuses). */
export type Surface = 'trpc' | 'rest' | 'api';

/** The HTTP status of a code on a surface. */
export function statusOf(code: AppCode, surface: Surface = 'rest'): number {
  const row = ERROR_MAP[code];
  return surface === 'trpc' ? row.status : row[surface];
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
