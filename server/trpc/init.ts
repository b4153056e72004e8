import { initTRPC, TRPCError } from '@trpc/server';
import type { Context } from './context';
import { AppError, RateLimitedError, isDatabaseUnavailable } from '../errors';
import { M } from '../../shared/messages';
import { translateText } from '../../shared/messages/localize';
import type { AppCode } from '../../shared/constants';
import { getCachedSettings } from '../services/settings';

type Issue = { message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> };

function validationIssues(cause: unknown): [Issue, ...Issue[]] | null {
  const issues = (cause as { issues?: unknown })?.issues;
  return Array.isArray(issues) && issues.length > 0 ? (issues as [Issue, ...Issue[]]) : null;
}

function fieldErrorsOf(issues: Issue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const seg = issue.path?.[0];
    const key = String(typeof seg === 'object' && seg !== null ? seg.key : (seg ?? ''));
    if (key && !out[key]) out[key] = translateText(issue.message);
  }
  return out;
}

/**
 * Errors carry the Turkish catalogue text as `message` and a stable `data.appCode`.
 * Anything unexpected becomes the generic text: no stack, SQL or secret leaves the server.
 */
const t = initTRPC.context<Context>().create({
  isDev: false,
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    let message: string = M.common.unexpected;
    let appCode: AppCode = 'INTERNAL';
    let fieldErrors: Record<string, string> | undefined;
    // Seconds until a per-seller limit's window ends (also sent as Retry-After over HTTP).
    const retryAfter = cause instanceof RateLimitedError ? cause.retryAfterSeconds : undefined;
    const issues = validationIssues(cause);
    if (cause instanceof AppError) {
      message = cause.message;
      appCode = cause.appCode;
      fieldErrors = cause.fieldErrors;
    } else if (issues) {
      message = translateText(issues[0].message);
      appCode = 'VALIDATION';
      fieldErrors = fieldErrorsOf(issues);
    } else if (error.code === 'UNAUTHORIZED') {
      message = M.common.unauthorized;
      appCode = 'UNAUTHENTICATED';
    } else if (error.code === 'FORBIDDEN') {
      message = M.common.forbidden;
      appCode = 'NOT_ADMIN';
    } else if (error.code === 'NOT_FOUND') {
      message = M.common.notFound;
      appCode = 'NOT_FOUND';
    } else if (error.code === 'METHOD_NOT_SUPPORTED') {
      message = M.common.methodNotAllowed;
      appCode = 'VALIDATION';
    } else if (error.code === 'BAD_REQUEST' || error.code === 'PARSE_ERROR') {
      message = M.common.invalidInput;
      appCode = 'VALIDATION';
    } else if (error.code === 'INTERNAL_SERVER_ERROR') {
      console.error('[trpc]', error.cause ?? error);
    }
    return {
      message,
      code: shape.code,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, appCode, fieldErrors, retryAfter },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Turns an AppError thrown by a service into a TRPCError with the right HTTP status; a database
 * that cannot be reached becomes 503 with the Turkish "try again shortly" text.
 */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = isDatabaseUnavailable(result.error.cause) ? unavailable() : result.error.cause;
    if (cause instanceof AppError) throw new TRPCError({ code: cause.trpcCode, message: cause.message, cause });
  }
  return result;
});

/** HTTP adapter's responseMeta: a call refused by a per-seller limit answers with Retry-After too. */
export function retryAfterMeta({ errors }: { errors: TRPCError[] }): { headers?: Record<string, string> } {
  const limited = errors.map((e) => e.cause).find((c): c is RateLimitedError => c instanceof RateLimitedError);
  return limited ? { headers: { 'Retry-After': String(limited.retryAfterSeconds) } } : {};
}

export function unavailable(): AppError {
  return new AppError('UNAVAILABLE', M.common.serviceUnavailable);
}

/**
 * Subscriptions are served over the WebSocket only, where a socket is tied to its session
 * (closed on sign-out, capped per user). Over plain HTTP (SSE) they are refused.
 * A WebSocket context is built once per connection: its sessions are looked up again before
 * every call, so a session ended while the event bus was down cannot be used over an old socket.
 */
const transportRules = t.middleware(async ({ ctx, type, next }) => {
  if (type === 'subscription' && ctx.transport !== 'ws') throw new AppError('VALIDATION', M.common.subscriptionsOverSocket);
  if (ctx.transport === 'ws' && ctx.revalidate) return next({ ctx: { ...ctx, ...(await ctx.revalidate()) } });
  return next();
});

/** Open to anyone, even in maintenance mode (site info, session check, admin login). */
export const openProcedure = t.procedure.use(appErrors).use(transportRules);

/** Public site and customer procedures: closed while maintenance mode is on (docs/decisions.md D23). */
export const publicProcedure = openProcedure.use(async ({ ctx, next }) => {
  if ((await getCachedSettings(ctx.db)).maintenanceMode) throw new AppError('MAINTENANCE', M.common.maintenance);
  return next();
});

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.session) throw new AppError('UNAUTHENTICATED', M.common.unauthorized);
  return next({ ctx: { ...ctx, session: ctx.session, userId: ctx.session.ownerId } });
});

/** Admin-only: customers and anonymous callers are refused (docs/decisions.md D11). */
export const adminProcedure = openProcedure.use(({ ctx, next }) => {
  if (!ctx.adminSession) {
    throw ctx.session ? new AppError('NOT_ADMIN', M.common.forbidden) : new AppError('UNAUTHENTICATED', M.common.unauthorized);
  }
  return next({ ctx: { ...ctx, adminSession: ctx.adminSession, adminId: ctx.adminSession.ownerId } });
});
