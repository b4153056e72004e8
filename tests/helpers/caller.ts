import type { IncomingMessage } from 'node:http';
import { rmSync } from 'node:fs';
import { getTRPCErrorShape, TRPCError } from '@trpc/server';
import { readEnv } from '../../server/env';
import type { AppDeps } from '../../server/deps';
import { createCallerFactory } from '../../server/trpc/init';
import { createContext } from '../../server/trpc/context';
import { appRouter } from '../../server/routers';
import { routerConfig } from '../../server/http/trpc-internals';
import { seed } from '../../server/seed';
import { LocalEventBus } from '../../server/events/bus';
import { providerFromEnv, storageFromEnv } from '../../server/runtime';
import { paymentsFromEnv } from '../../server/providers/payments';
import { createSession } from '../../server/auth/sessions';
import { COOKIE_NAME } from '../../server/auth/cookies';
import { signUp } from '../../server/services/accounts';
import { freshDatabase } from './db';
import { keepSetCookies, validSignUp } from './server';
import { seedPortfolio } from '../../server/seed/portfolio';
import { inLanguage } from '../../server/i18n';
import { languageOf } from '../../shared/messages/language';
import type { ApiError, ApiResult, InputOf, MutationPath, OutputOf, ProcedureClient, QueryPath } from './api';

const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;

/**
 * A tRPC caller for a request carrying `cookie`, with no HTTP server: the context is built as for a
 * real request (sessions looked up from the cookie), so the procedures' own rules run unchanged.
 * `transport: 'ws'` builds a WebSocket's context (subscriptions are refused over HTTP).
 */
export async function callerFor(deps: AppDeps, cookie?: string, transport: 'http' | 'ws' = 'http'): Promise<Caller> {
  const req = { headers: cookie ? { cookie } : {}, socket: { remoteAddress: '127.0.0.9' } } as unknown as IncomingMessage;
  return createCaller(await createContext(deps, req, undefined, transport));
}

/**
 * The error a call was refused with, shaped as over HTTP (`{ message, code, data: { appCode, fieldErrors, … } }`,
 * through the app's own error formatter); throws when the call was not refused.
 */
export async function refusalOf(call: Promise<unknown>, path: string, type: 'query' | 'mutation' = 'mutation') {
  try {
    await call;
  } catch (err) {
    if (!(err instanceof TRPCError)) throw err;
    return getTRPCErrorShape({ config: routerConfig(appRouter), error: err, type, path, input: undefined, ctx: undefined });
  }
  throw new Error(`${path} was not refused`);
}

/** A value as it crosses HTTP as JSON (undefined keys dropped, dates as strings). */
const overJson = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

/**
 * `HttpClient`'s `query`/`mutate` (answers `{ status, data, error }`, cookies kept, extra `headers`
 * such as X-Forwarded-For) with no HTTP server: each call builds its context as a request would
 * (sessions from the cookies, Set-Cookie kept, the client address and language from the headers), the input and
 * the answer cross JSON as they would over HTTP, and a refusal carries the status and error body
 * the HTTP adapter would send (the same error formatter; the status is its `data.httpStatus`).
 * What it skips is everything before tRPC's adapter (Origin guard, body parsing, the lean GET path,
 * request logging): tests of those use a real server.
 */
export class CallerClient implements ProcedureClient {
  cookies = new Map<string, string>();
  /** Extra request headers (e.g. X-Forwarded-For with TRUST_PROXY=1). */
  headers: Record<string, string> = {};
  constructor(
    readonly deps: AppDeps,
    readonly remoteAddress = '127.0.0.1',
  ) {}

  /** The cookie header this client sends. */
  cookieString(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private call<T>(path: string, type: 'query' | 'mutation', input: unknown): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { ...this.headers };
    if (this.cookies.size) headers.cookie = this.cookieString();
    const req = { headers, socket: { remoteAddress: this.remoteAddress } } as unknown as IncomingMessage;
    const setCookies: string[] = [];
    const res = { appendHeader: (_name: string, value: string) => setCookies.push(value) };
    // As the app's `languageFromRequest`: the request is served in its Accept-Language.
    return inLanguage(languageOf(headers['accept-language']), async () => {
      try {
        const caller = createCaller(await createContext(this.deps, req, res, 'http'));
        const data = await callPath(caller, path, overJson(input));
        return { status: 200, data: overJson(data) as T, error: undefined as unknown as ApiError };
      } catch (err) {
        if (!(err instanceof TRPCError)) throw err;
        const shape = getTRPCErrorShape({ config: routerConfig(appRouter), error: err, type, path, input: undefined, ctx: undefined });
        const error = overJson(shape) as ApiError;
        return { status: error.data.httpStatus, data: undefined as T, error };
      } finally {
        keepSetCookies(this.cookies, setCookies);
      }
    });
  }

  query<P extends QueryPath>(proc: P, input?: InputOf<P>): Promise<ApiResult<OutputOf<P>>> {
    return this.call(proc, 'query', input);
  }

  /** For tests of refused input: `input` is sent as it is, not held to the procedure's input type. */
  queryUnchecked<P extends QueryPath>(proc: P, input: unknown): Promise<ApiResult<OutputOf<P>>> {
    return this.call(proc, 'query', input);
  }

  /** As `HttpClient.mutate`, an absent input is sent as `{}`. */
  mutate<P extends MutationPath>(proc: P, input?: InputOf<P>): Promise<ApiResult<OutputOf<P>>> {
    return this.call(proc, 'mutation', input ?? {});
  }

  /** For tests of refused input: `input` is sent as it is, not held to the procedure's input type. */
  mutateUnchecked<P extends MutationPath>(proc: P, input: unknown): Promise<ApiResult<OutputOf<P>>> {
    return this.call(proc, 'mutation', input ?? {});
  }
}

/** Calls the procedure at a dotted path (`admin.users.list`) on a caller. */
export async function callPath(caller: Caller, path: string, input?: unknown): Promise<unknown> {
  type Node = { [key: string]: Node } & ((input: unknown) => Promise<unknown>);
  const fn = path.split('.').reduce<Node>((node, key) => node[key]!, caller as unknown as Node);
  return fn(input);
}

/**
 * The app's parts over a fresh, seeded database, with no HTTP server and no background workers:
 * for rule-level tests (who may call what, what a procedure refuses or changes). The HTTP path
 * itself (cookies, statuses, origin checks) is tested over a real server (tests/helpers/server.ts).
 */
export async function callerWorld(
  envOverrides: Record<string, string> = {},
  /** `portfolio`: seed the landing's example works as a started server does (it stores their images). */
  opts: { portfolio?: boolean } = {},
) {
  const handle = await freshDatabase();
  const env = readEnv({
    PORT: '0',
    DATA_DIR: `/tmp/vitrin-caller-${process.pid}-${Date.now()}`,
    ADMIN_EMAIL: 'admin@test.local',
    ADMIN_PASSWORD: 'admin-secret-1',
    // As startTestServer: tests read e-mails from the outbox, also those run as production.
    EMAIL_LOG_LINKS: 'true',
    ...envOverrides,
  } as NodeJS.ProcessEnv);
  const storage = storageFromEnv(env);
  await seed(handle.db, { env, log: () => {}, ...(opts.portfolio ? { seedPortfolio: (d) => seedPortfolio(d, storage) } : {}) });
  const deps: AppDeps = {
    db: handle.db,
    env,
    bus: new LocalEventBus(),
    storage,
    payments: paymentsFromEnv(env),
    aiProvider: providerFromEnv(env).name,
    secureCookies: false,
    allowedOrigins: [],
  };
  const cookie = async (kind: 'customer' | 'admin', ownerId: string) =>
    `${COOKIE_NAME[kind]}=${(await createSession(handle.db, kind, ownerId, false)).token}`;
  return {
    deps,
    anonymous: () => callerFor(deps),
    /** A new seller (signed up with `email`) and a caller with their session. */
    async seller(email: string) {
      const user = await signUp(handle.db, validSignUp(email));
      return {
        userId: user.id,
        cookie: await cookie('customer', user.id),
        caller: await callerFor(deps, await cookie('customer', user.id)),
      };
    },
    /** The seeded admin's session. */
    async admin() {
      const row = await handle.db.selectFrom('admin_users').select('id').where('email', '=', env.ADMIN_EMAIL!).executeTakeFirstOrThrow();
      const c = await cookie('admin', row.id);
      return { adminId: row.id, cookie: c, caller: await callerFor(deps, c) };
    },
    /** A client that keeps its cookies, as `HttpClient` over a server (see `CallerClient`). */
    client: () => new CallerClient(deps),
    close: async () => {
      await handle.close();
      rmSync(env.DATA_DIR, { recursive: true, force: true });
    },
  };
}

export type CallerWorld = Awaited<ReturnType<typeof callerWorld>>;
