import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { HttpClient, startTestServer, validSignUp } from '../helpers/server';
import { M } from '../../shared/messages';
import { ZImageUrl } from '../../shared/schemas/admin';
import { LIMITS } from '../../server/auth/rate-limit';
import { createSession } from '../../server/auth/sessions';
import { deleteExpiredRows } from '../../server/jobs/expiry-sweep';
import { MAX_SOCKETS_PER_OWNER } from '../../server/http/websocket';
import type { RunningServer } from '../../server/index';
import { waitFor } from '../helpers/wait';

// Regressions from the attack on the running server (issue "Hardening"): each failed before its fix.
let server: RunningServer;
let ipSeq = 0;
const db = () => server.deps.db;

function client() {
  const c = new HttpClient(server.url);
  c.headers['x-forwarded-for'] = `10.77.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
  return c;
}
async function signedIn(email: string) {
  const c = client();
  const r = await c.mutate('auth.signUp', validSignUp(email));
  expect(r.status, JSON.stringify(r.error)).toBe(200);
  return c;
}

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await server?.close();
});

function openSocket(c: HttpClient): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/trpc`, { headers: { origin: server.url, cookie: c.cookieString() } });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.once('error', reject);
  });
}
/** A tRPC WebSocket reply to one call: its result or its error. */
type SocketReply<T> = { id: number; result?: { data: T }; error?: { data?: { code?: string } } };
function call<T = unknown>(
  ws: WebSocket,
  id: number,
  method: 'query' | 'mutation' | 'subscription',
  path: string,
  input?: unknown,
): Promise<SocketReply<T>> {
  return new Promise((resolve) => {
    const onMessage = (m: WebSocket.RawData) => {
      const msg = JSON.parse(m.toString()) as SocketReply<T>;
      if (msg.id !== id) return;
      ws.off('message', onMessage);
      resolve(msg);
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ id, method, params: { path, input } }));
  });
}

describe('subscriptions and sockets (findings 1.3, 1.4)', () => {
  test('subscriptions over plain HTTP (SSE) are refused, for customers and admins', async () => {
    const c = await signedIn('sse@example.com');
    for (const path of ['generations.onUpdate', 'credits.onChange', 'admin.onActivity']) {
      const ctrl = new AbortController();
      const res = await fetch(`${server.url}/trpc/${path}?input=%7B%7D`, {
        headers: { cookie: c.cookieString(), accept: 'text/event-stream' },
        signal: ctrl.signal,
      });
      const body = await res.text();
      ctrl.abort();
      expect(res.status, path).toBe(400);
      expect(body, path).toContain(M.common.subscriptionsOverSocket);
    }
  });

  test('a session ended without the bus event (bus down) cannot be used over an open socket', async () => {
    const c = await signedIn('ws-stale@example.com');
    const ws = await openSocket(c);
    try {
      const before = await call<{ balance: number }>(ws, 1, 'query', 'credits.balance');
      expect(before.result!.data.balance).toBe(10);
      // Delete the session row directly: no `session.ended` event reaches the socket.
      const [sessionId] = c.cookies.get('vitrin_session')!.split('.') as [string];
      await db().deleteFrom('sessions').where('id', '=', sessionId).execute();
      const after = await call(ws, 2, 'mutation', 'auth.savePreferences', { emailNotifications: false });
      expect(after.error?.data?.code).toBe('UNAUTHORIZED');
      const read = await call(ws, 3, 'query', 'credits.balance');
      expect(read.error?.data?.code).toBe('UNAUTHORIZED');
    } finally {
      ws.close();
    }
  });

  test('the periodic re-check closes a socket whose session ended unseen', async () => {
    const c = await signedIn('ws-recheck@example.com');
    const ws = await openSocket(c);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    const [sessionId] = c.cookies.get('vitrin_session')!.split('.') as [string];
    await db().deleteFrom('sessions').where('id', '=', sessionId).execute();
    await server.recheckSockets();
    expect(await closed).toBe(4001);
  });

  test(`one account opens at most ${MAX_SOCKETS_PER_OWNER} sockets`, async () => {
    const c = await signedIn('ws-cap@example.com');
    const open: WebSocket[] = [];
    try {
      for (let i = 0; i < MAX_SOCKETS_PER_OWNER; i++) open.push(await openSocket(c));
      await expect(openSocket(c)).rejects.toThrow('refused 429');
      open.pop()!.close();
      // The server counts the closed socket out as soon as it sees the close: a new one is then let in.
      open.push(await waitFor(() => openSocket(c).catch(() => undefined), { what: 'a socket in place of the closed one' }));
    } finally {
      for (const ws of open) ws.close();
    }
  });
});

describe('client address behind a proxy (finding 1.5)', () => {
  test('rotating the left-most X-Forwarded-For does not reset the sign-in limit', async () => {
    await signedIn('xff-victim@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.signInPerIp.limit + 3; i++) {
      const c = new HttpClient(server.url);
      // The client forges the first entry; the proxy appended the real address (the last).
      c.headers['x-forwarded-for'] = `203.0.113.${i}, 10.200.0.1`;
      const r = await c.mutate('auth.signIn', { email: `nobody${i}@example.com`, password: 'yanlis-sifre' });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, LIMITS.signInPerIp.limit).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(LIMITS.signInPerIp.limit)).toEqual([429, 429, 429]);
  });
});

describe('passwords (findings 1.6, 1.8)', () => {
  test('wrong current passwords on the profile page are rate limited, and the right one then still waits', async () => {
    const c = await signedIn('pw-limit@example.com');
    const wrong = { currentPassword: 'yanlis-sifre', newPassword: 'yeni-guclu-sifre', confirmPassword: 'yeni-guclu-sifre' };
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.passwordChangePerUser.limit + 2; i++) statuses.push((await c.mutate('auth.changePassword', wrong)).status);
    expect(statuses.slice(0, LIMITS.passwordChangePerUser.limit).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(LIMITS.passwordChangePerUser.limit)).toEqual([429, 429]);
    const right = await c.mutate('auth.changePassword', { ...wrong, currentPassword: validSignUp().password });
    expect(right.status).toBe(429);
    expect(right.error.message).toBe(M.common.tooManyAttempts);
  });

  test('a short or easily guessed password is refused at sign-up and on change, with Turkish advice; sign-in is not affected', async () => {
    const short = await client().mutate('auth.signUp', {
      ...validSignUp('short-pw@example.com'),
      password: 'a1b2c3d',
      confirmPassword: 'a1b2c3d',
    });
    expect(short.error.data.fieldErrors?.password).toBe(M.validation.newPasswordMin);
    for (const password of ['12345678', 'password', 'Qwerty123', 'sifre123', 'Galatasaray1905', 's1fre123']) {
      const r = await client().mutate('auth.signUp', {
        ...validSignUp(`common-${password.toLowerCase()}@example.com`),
        password,
        confirmPassword: password,
      });
      expect(r.status, password).toBe(400);
      expect(r.error.data.fieldErrors?.password, password).toMatch(/^Bu şifre kolay tahmin edilir\. \S/);
    }
    // Built from the account's own name: weak for this account.
    const own = await client().mutate('auth.signUp', {
      ...validSignUp('ayse-pw@example.com'),
      fullName: 'Ayşe Yılmaz',
      password: 'yilmaz2024',
      confirmPassword: 'yilmaz2024',
    });
    expect(own.error.data.fieldErrors?.password).toBe(
      M.validation.passwordWeak(M.passwordStrength.warnings.userInputs + ' ' + M.passwordStrength.suggestions.anotherWord),
    );
    const c = await signedIn('pw-common@example.com');
    const change = await c.mutate('auth.changePassword', {
      currentPassword: validSignUp().password,
      newPassword: 'password1',
      confirmPassword: 'password1',
    });
    expect(change.status).toBe(400);
    expect(change.error.data.fieldErrors?.newPassword).toMatch(/^Bu şifre kolay tahmin edilir\./);
  });
});

describe('smaller findings (1.8)', () => {
  test('a 40,000-deep JSON body is a 400 with the Turkish text, not a 500', async () => {
    const deep = '['.repeat(40_000) + ']'.repeat(40_000);
    const r = await client().raw('/trpc/auth.signIn', { method: 'POST', headers: { 'content-type': 'application/json' }, body: deep });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: { message: string } }).error.message).toBe(M.common.invalidInput);
    const nested = '{"a":'.repeat(200) + '1' + '}'.repeat(200);
    const q = await client().raw(`/trpc/content.landing?input=${encodeURIComponent(nested)}`);
    expect(q.status).toBe(400);
  });

  test('a wrong HTTP method answers 405 with its own Turkish text', async () => {
    const r = await client().raw('/trpc/auth.signIn');
    expect(r.status).toBe(405);
    expect(((await r.json()) as { error: { message: string } }).error.message).toBe(M.common.methodNotAllowed);
  });

  test('image addresses that would leave the site are refused', () => {
    for (const bad of [
      '/\\evil.example/pixel.png',
      '//evil.example/p.png',
      '/x\\..\\y.png',
      'javascript:alert(1)',
      'http://a.example/p.png',
    ]) {
      expect(ZImageUrl.safeParse(bad).success, bad).toBe(false);
    }
    for (const good of ['/api/files/public/a.png', 'https://cdn.example.com/a.png'])
      expect(ZImageUrl.safeParse(good).success, good).toBe(true);
  });

  test('expired sessions and ended rate-limit windows are deleted by the sweep', async () => {
    const user = await db().selectFrom('users').select('id').limit(1).executeTakeFirstOrThrow();
    const old = await createSession(db(), 'customer', user.id, false, new Date(Date.now() - 30 * 86_400_000));
    const fresh = await createSession(db(), 'customer', user.id, false);
    await db()
      .insertInto('rate_limits')
      .values({ key: 'test:old', count: 3, reset_at: new Date(Date.now() - 1000) })
      .execute();
    await deleteExpiredRows(db());
    const ids = (await db().selectFrom('sessions').select('id').where('id', 'in', [old.session.id, fresh.session.id]).execute()).map(
      (r) => r.id,
    );
    expect(ids).toEqual([fresh.session.id]);
    expect(await db().selectFrom('rate_limits').select('key').where('key', '=', 'test:old').executeTakeFirst()).toBeUndefined();
  });
});
