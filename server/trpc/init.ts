import { initTRPC, TRPCError } from '@trpc/server';
import type { Context } from './context';
import { AppError, RateLimitedError, explainError } from '../errors';
import { M } from '../../shared/messages';
import { translateText } from '../../shared/messages/localize';
import type { AppCode } from '../../shared/constants';
import { getCachedSettings } from '../services/settings';
import { log } from '../lib/log';

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

/** tRPC's own refusals (no AppError behind them): the code and catalogue text each stands for. */
const OWN_REFUSALS: Partial<Record<TRPCError['code'], [AppCode, string]>> = {
  UNAUTHORIZED: ['UNAUTHENTICATED', M.common.unauthorized],
  FORBIDDEN: ['NOT_ADMIN', M.common.forbidden],
  NOT_FOUND: ['NOT_FOUND', M.common.notFound],
  METHOD_NOT_SUPPORTED: ['VALIDATION', M.common.methodNotAllowed],
  BAD_REQUEST: ['VALIDATION', M.common.invalidInput],
  PARSE_ERROR: ['VALIDATION', M.common.invalidInput],
};

/** The AppError a tRPC error stands for: its own cause, a refused input, tRPC's own refusal, or `explainError`'s answer. */
function appErrorOf(error: TRPCError): AppError {
  const cause = error.cause;
  if (cause instanceof AppError) return cause;
  // Input validation only: an output that breaks its schema is the server's fault (500, the generic text).
  const issues = error.code === 'BAD_REQUEST' ? validationIssues(cause) : null;
  if (issues) return new AppError('VALIDATION', translateText(issues[0].message), fieldErrorsOf(issues));
  const own = OWN_REFUSALS[error.code];
  if (own) return new AppError(own[0], own[1]);
  const explained = explainError(cause ?? error);
  if (explained.unexpected && error.code === 'INTERNAL_SERVER_ERROR') log().error({ err: cause ?? error }, 'trpc: unexpected error');
  return explained.error;
}

/**
 * Errors carry the Turkish catalogue text as `message` and a stable `data.appCode`.
 * Anything unexpected becomes the generic text: no stack, SQL or secret leaves the server.
 */
const t = initTRPC.context<Context>().create({
  isDev: false,
  errorFormatter({ shape, error }) {
    const { appCode, message, fieldErrors } = appErrorOf(error);
    // Seconds until a per-seller limit's window ends (also sent as Retry-After over HTTP).
    const retryAfter = error.cause instanceof RateLimitedError ? error.cause.retryAfterSeconds : undefined;
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
    const { error, unexpected } = explainError(result.error.cause);
    if (!unexpected) throw error.toTRPCError();
  }
  return result;
});

/** HTTP adapter's responseMeta: a call refused by a per-seller limit answers with Retry-After too. */
export function retryAfterMeta({ errors }: { errors: TRPCError[] }): { headers?: Record<string, string> } {
  const limited = errors.map((e) => e.cause).find((c): c is RateLimitedError => c instanceof RateLimitedError);
  return limited ? { headers: { 'Retry-After': String(limited.retryAfterSeconds) } } : {};
}

/**
 * Subscriptions are served over the WebSocket only, where a socket is tied to its session
 * (closed on sign-out, capped per user). Over plain HTTP (SSE) they are refused.
 * A WebSocket context is built once per connection: its sessions are looked up again before
 * every call, so a session ended while the event bus was down cannot be used over an old socket.
 */
const transportRules = t.middleware(async ({ ctx, type, next }) => {
  if (type === 'subscription' && ctx.transport !== 'ws') throw new AppError('VALIDATION', M.common.subscriptionsOverSocket);
  if (ctx.transport === 'ws' && ctx.revalidate) return next({ ctx: await ctx.revalidate() });
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
  // tRPC merges what next() is given into the context; spreading the context here copied it twice per call.
  return next({ ctx: { session: ctx.session, userId: ctx.session.ownerId } });
});

/** Admin-only: customers and anonymous callers are refused (docs/decisions.md D11). */
export const adminProcedure = openProcedure.use(({ ctx, next }) => {
  if (!ctx.adminSession) {
    throw ctx.session ? new AppError('NOT_ADMIN', M.common.forbidden) : new AppError('UNAUTHENTICATED', M.common.unauthorized);
  }
  return next({ ctx: { adminSession: ctx.adminSession, adminId: ctx.adminSession.ownerId } });
});
