import { expect } from 'vitest';
import { HttpClient, validSignUp } from '../helpers/server';
import { callerFor } from '../helpers/caller';
import type { RunningServer } from '../../server/index';
import type { AppEvent } from '../../server/events/bus';

export const ADMIN = { email: 'admin@test.local', password: 'admin-secret-1' };

let ipSeq = 0;

/** A client with its own X-Forwarded-For (the server runs with TRUST_PROXY=1), so limiters never trip. */
export function clientFor(server: RunningServer): HttpClient {
  const c = new HttpClient(server.url);
  c.headers['x-forwarded-for'] = `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
  return c;
}

export async function adminClient(server: RunningServer): Promise<HttpClient> {
  const c = clientFor(server);
  const r = await c.mutate('admin.login', ADMIN);
  expect(r.status).toBe(200);
  return c;
}

export async function customerClient(server: RunningServer, email: string, extra: Record<string, unknown> = {}) {
  const c = clientFor(server);
  const r = await c.mutate('auth.signUp', { ...validSignUp(email), ...extra });
  expect(r.status, JSON.stringify(r.error)).toBe(200);
  return { client: c, userId: r.data.user!.id as string };
}

export async function adminIdOf(server: RunningServer): Promise<string> {
  const row = await server.deps.db.selectFrom('admin_users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow();
  return row.id;
}

/** A tRPC caller with the admin's cookie, as over a WebSocket (subscriptions are refused over plain HTTP). */
export async function adminCaller(server: RunningServer, admin: HttpClient) {
  // Subscriptions are served over the WebSocket only: build the context a socket would get.
  return callerFor(server.deps, admin.cookieString(), 'ws');
}

/** Records every bus event from now on; `stop()` ends the recording. */
export function recordEvents(server: RunningServer) {
  const events: AppEvent[] = [];
  const abort = new AbortController();
  const iterable = server.deps.bus.subscribe(abort.signal);
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
