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

/** HTTP adapter's responseMeta: a call refused by a per-seller limit answers with Retry-After too. */
export function retryAfterMeta({ errors }: { errors: TRPCError[] }): { headers?: Record<string, string> } {
  const limited = errors.map((e) => e.cause).find((c): c is RateLimitedError => c instanceof RateLimitedError);
  return limited ? { headers: { 'Retry-After': String(limited.retryAfterSeconds) } } : {};
}

/**
 * Each procedure kind checks its rules in one middleware step: every step of tRPC's chain copies the
 * call's options twice over (~8 µs a step, most of tRPC's own cost in a signed-in read).
 *
 * Subscriptions are served over the WebSocket only, where a socket is tied to its session
 * (closed on sign-out, capped per user). Over plain HTTP (SSE) they are refused.
 * A WebSocket context is built once per connection: its sessions are looked up again before
 * every call (`fresh`), so a session ended while the event bus was down cannot be used over an old socket.
 * Procedures other than `openProcedure` and `adminProcedure` are closed while maintenance mode is on
 * (docs/decisions.md D23).
 */
async function rules(ctx: Context, type: string, closesForMaintenance: boolean): Promise<Sessions | undefined> {
  try {
    if (type === 'subscription' && ctx.transport !== 'ws') throw new AppError('VALIDATION', M.common.subscriptionsOverSocket);
    const fresh = ctx.transport === 'ws' && ctx.revalidate ? await ctx.revalidate() : undefined;
    if (closesForMaintenance && (await getCachedSettings(ctx.db)).maintenanceMode) throw new AppError('MAINTENANCE', M.common.maintenance);
    return fresh;
  } catch (err) {
    throw asTrpcError(err);
  }
}

type Sessions = Pick<Context, 'session' | 'adminSession'>;

/**
 * An AppError (thrown by a service or a rule) as the TRPCError with its HTTP status; a database that
 * cannot be reached becomes 503 with the Turkish "try again shortly" text. Anything else stays as it is.
 */
function asTrpcError(err: unknown): unknown {
  const { error, unexpected } = explainError(err);
  return unexpected ? err : error.toTRPCError();
}

/** The call's result, a failure from an AppError thrown as its TRPCError (see asTrpcError). */
function checked<R extends { ok: true } | { ok: false; error: TRPCError }>(result: R): R {
  if (!result.ok) {
    const error = asTrpcError(result.error.cause);
    if (error !== result.error.cause) throw error;
  }
  return result;
}

/** The rules alone, for procedures that need no session. */
const sessionFree = (closesForMaintenance: boolean) =>
  t.middleware(async ({ ctx, type, next }) => {
    const fresh = await rules(ctx, type, closesForMaintenance);
    return checked(fresh ? await next({ ctx: fresh }) : await next());
  });

/** Open to anyone, even in maintenance mode (site info, session check, admin login). */
export const openProcedure = t.procedure.use(sessionFree(false));

/** Public site and customer procedures: closed while maintenance mode is on. */
export const publicProcedure = t.procedure.use(sessionFree(true));

export const protectedProcedure = t.procedure.use(async ({ ctx, type, next }) => {
  const { session, adminSession } = (await rules(ctx, type, true)) ?? ctx;
  if (!session) throw new AppError('UNAUTHENTICATED', M.common.unauthorized).toTRPCError();
  return checked(await next({ ctx: { session, adminSession, userId: session.ownerId } }));
});

/** Admin-only: customers and anonymous callers are refused (docs/decisions.md D11). */
export const adminProcedure = t.procedure.use(async ({ ctx, type, next }) => {
  const { session, adminSession } = (await rules(ctx, type, false)) ?? ctx;
  if (!adminSession) {
    throw (session ? new AppError('NOT_ADMIN', M.common.forbidden) : new AppError('UNAUTHENTICATED', M.common.unauthorized)).toTRPCError();
  }
  return checked(await next({ ctx: { session, adminSession, adminId: adminSession.ownerId } }));
});
