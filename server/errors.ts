import type { AppCode } from '../shared/constants';

type TrpcCode = 'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'TOO_MANY_REQUESTS' | 'SERVICE_UNAVAILABLE' | 'INTERNAL_SERVER_ERROR' | 'PRECONDITION_FAILED';

const TRPC_CODE: Record<AppCode, TrpcCode> = {
  INVALID_CREDENTIALS: 'UNAUTHORIZED',
  ACCOUNT_DISABLED: 'FORBIDDEN',
  EMAIL_TAKEN: 'CONFLICT',
  SIGNUPS_DISABLED: 'FORBIDDEN',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  BAD_ORIGIN: 'FORBIDDEN',
  UNAUTHENTICATED: 'UNAUTHORIZED',
  NOT_ADMIN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  VALIDATION: 'BAD_REQUEST',
  INSUFFICIENT_CREDITS: 'PRECONDITION_FAILED',
  MAINTENANCE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
};

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

/** Postgres unique-violation, whichever driver raised it. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}
