import type { IncomingMessage } from 'node:http';
import { getTRPCErrorShape, TRPCError } from '@trpc/server';
import { readEnv } from '../../server/env';
import type { AppDeps } from '../../server/deps';
import { createCallerFactory } from '../../server/trpc/init';
import { createContext } from '../../server/trpc/context';
import { appRouter } from '../../server/routers';
import { routerConfig } from '../../server/http/trpc-internals';
import { seed } from '../../server/seed';
import { LocalEventBus } from '../../server/events/bus';
import { storageFromEnv } from '../../server/runtime';
import { paymentsFromEnv } from '../../server/providers/payments';
import { createSession } from '../../server/auth/sessions';
import { COOKIE_NAME } from '../../server/auth/cookies';
import { signUp } from '../../server/services/accounts';
import { freshDatabase } from './db';
import { validSignUp } from './server';

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
export async function callerWorld(envOverrides: Record<string, string> = {}) {
  const handle = await freshDatabase();
  const env = readEnv({
    PORT: '0',
    DATA_DIR: `/tmp/vitrin-caller-${process.pid}-${Date.now()}`,
    ADMIN_EMAIL: 'admin@test.local',
    ADMIN_PASSWORD: 'admin-secret-1',
    ...envOverrides,
  } as NodeJS.ProcessEnv);
  await seed(handle.db, { env, log: () => {} });
  const deps: AppDeps = {
    db: handle.db,
    env,
    bus: new LocalEventBus(),
    storage: storageFromEnv(env),
    payments: paymentsFromEnv(env),
    aiProvider: 'local',
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
    close: () => handle.close(),
  };
}
