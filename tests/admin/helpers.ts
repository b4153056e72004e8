import { expect } from 'vitest';
import { HttpClient, validSignUp } from '../helpers/server';
import { callerFor, type CallerClient, type CallerWorld } from '../helpers/caller';
import type { ProcedureClient } from '../helpers/api';
import type { AppDeps } from '../../server/deps';
import type { RunningServer } from '../../server/index';
import type { AppEvent } from '../../server/events/bus';

export const ADMIN = { email: 'admin@test.local', password: 'admin-secret-1' };

let ipSeq = 0;

/** A server, or the app's parts with no server (tests/helpers/caller.ts). */
type Target = RunningServer | CallerWorld;

/** A client with its own X-Forwarded-For (the server runs with TRUST_PROXY=1), so limiters never trip. */
export function clientFor(target: RunningServer): HttpClient;
export function clientFor(target: CallerWorld): CallerClient;
export function clientFor(target: Target): ProcedureClient;
export function clientFor(target: Target): ProcedureClient {
  const c = 'url' in target ? new HttpClient(target.url) : target.client();
  c.headers['x-forwarded-for'] = `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
  return c;
}

export async function adminClient(target: CallerWorld): Promise<CallerClient>;
export async function adminClient(target: RunningServer): Promise<HttpClient>;
export async function adminClient(target: Target): Promise<ProcedureClient> {
  const c = clientFor(target);
  const r = await c.mutate('admin.login', ADMIN);
  expect(r.status).toBe(200);
  return c;
}

export async function customerClient(
  target: CallerWorld,
  email: string,
  extra?: Record<string, unknown>,
): Promise<{ client: CallerClient; userId: string }>;
export async function customerClient(
  target: RunningServer,
  email: string,
  extra?: Record<string, unknown>,
): Promise<{ client: HttpClient; userId: string }>;
export async function customerClient(target: Target, email: string, extra: Record<string, unknown> = {}) {
  const c = clientFor(target);
  const r = await c.mutate('auth.signUp', { ...validSignUp(email), ...extra });
  expect(r.status, JSON.stringify(r.error)).toBe(200);
  return { client: c, userId: r.data.user!.id as string };
}

export async function adminIdOf(target: { deps: AppDeps }): Promise<string> {
  const row = await target.deps.db.selectFrom('admin_users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow();
  return row.id;
}

/** A tRPC caller with the admin's cookie, as over a WebSocket (subscriptions are refused over plain HTTP). */
export async function adminCaller(target: { deps: AppDeps }, admin: ProcedureClient) {
  // Subscriptions are served over the WebSocket only: build the context a socket would get.
  return callerFor(target.deps, admin.cookieString(), 'ws');
}

/** Records every bus event from now on; `stop()` ends the recording. */
export function recordEvents(target: { deps: AppDeps }) {
  const events: AppEvent[] = [];
  const abort = new AbortController();
  const iterable = target.deps.bus.subscribe(abort.signal);
  void (async () => {
    for await (const e of iterable) events.push(e);
  })();
  return { events, stop: () => abort.abort() };
}

export async function waitFor<T>(fn: () => T | undefined | null | false, timeoutMs = 3000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() - start > timeoutMs) throw new Error('waitFor timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
