import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { HttpClient, startTestServer, validSignUp } from '../helpers/server';
import { accountTableCounts, countRows } from '../helpers/inspect';
import type { ApiError } from '../helpers/api';
import { M } from '../../shared/messages';
import { originAllowed } from '../../server/auth/origin';
import type { RunningServer } from '../../server/index';
import type { Db } from '../../server/db';

let server: RunningServer;
let db: Db;
let ipSeq = 0;
const FOREIGN = 'https://evil.example';

function client(origin?: string | null) {
  const c = new HttpClient(server.url, origin === undefined ? server.url : origin);
  c.headers['x-forwarded-for'] = `10.3.0.${++ipSeq}`;
  return c;
}

async function signedIn(email: string) {
  const c = client();
  const r = await c.mutate('auth.signUp', validSignUp(email));
  expect(r.status).toBe(200);
  return c;
}

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
  db = server.deps.db;
});
afterAll(async () => {
  await server?.close();
});

describe('Origin and content type (docs/security.md property 17)', () => {
  async function expectRefused(res: { status: number; error: ApiError }) {
    expect(res.status).toBe(403);
    expect(res.error.message).toBe(M.common.forbiddenOrigin);
    expect(res.error.data.appCode).toBe('BAD_ORIGIN');
  }

  test('sign-up with a foreign Origin → 403, nothing written, no cookie', async () => {
    const before = await accountTableCounts(db);
    const c = client(FOREIGN);
    await expectRefused(await c.mutate('auth.signUp', validSignUp('foreign@example.com')));
    expect(c.cookies.size).toBe(0);
    expect(await accountTableCounts(db)).toEqual(before);
  });

  test('sign-up without Origin → 403, nothing written', async () => {
    const before = await accountTableCounts(db);
    await expectRefused(await client(null).mutate('auth.signUp', validSignUp('no-origin@example.com')));
    expect(await accountTableCounts(db)).toEqual(before);
  });

  test.each([
    ['the string null', 'null'],
    ['a look-alike host', 'http://localhost.evil.example'],
    ['same host, other port', 'http://localhost:1'],
    ['garbage', 'not a url'],
  ])('Origin %s → 403', async (_n, origin) => {
    const before = await accountTableCounts(db);
    await expectRefused(await client(origin).mutate('auth.signUp', validSignUp('odd-origin@example.com')));
    expect(await accountTableCounts(db)).toEqual(before);
  });

  test.each([
    ['text/plain', JSON.stringify(validSignUp('plain@example.com'))],
    ['application/x-www-form-urlencoded', 'email=plain%40example.com'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nplain@example.com\r\n--x--'],
    ['', JSON.stringify(validSignUp('plain@example.com'))],
  ])('a same-origin mutation with content type "%s" is refused', async (type, body) => {
    const before = await accountTableCounts(db);
    const c = client();
    const headers: Record<string, string> = type ? { 'content-type': type } : {};
    const res = await c.raw('/trpc/auth.signUp', { method: 'POST', headers, body });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { data: { appCode: string } } }).error.data.appCode).toBe('BAD_ORIGIN');
    expect(await accountTableCounts(db)).toEqual(before);
  });

  test('a foreign-origin sign-out does not end the session; a foreign sign-in sets no cookie', async () => {
    const c = await signedIn('victim@example.com');
    const token = c.cookies.get('vitrin_session')!;
    c.origin = FOREIGN;
    await expectRefused(await c.mutate('auth.signOut'));
    expect(c.cookies.get('vitrin_session')).toBe(token);
    c.origin = server.url;
    expect((await c.query('auth.me')).data.user?.email).toBe('victim@example.com');

    const f = client(FOREIGN);
    await expectRefused(await f.mutate('auth.signIn', { email: 'victim@example.com', password: 'gizli-sifre' }));
    expect(f.lastSetCookies).toEqual([]);
  });

  test('a cross-site contact form post is refused and stores nothing', async () => {
    const before = await countRows(db, 'contact_messages');
    const form = { name: 'Ayşe Yılmaz', email: 'evil@example.com', message: 'Merhaba, kurumsal paketler hakkında bilgi almak istiyorum.' };
    await expectRefused(await client(FOREIGN).mutate('content.submitContact', form));
    expect(await countRows(db, 'contact_messages')).toBe(before);
  });

  test('a foreign-origin profile update changes nothing', async () => {
    const c = await signedIn('profile-csrf@example.com');
    c.origin = FOREIGN;
    await expectRefused(await c.mutate('auth.updateProfile', { fullName: 'Değişti', companyName: null, phone: null }));
    c.origin = server.url;
    expect((await c.query('auth.me')).data.user?.fullName).toBe('Ayşe Yılmaz');
  });

  test('batched mutations are guarded as well', async () => {
    const before = await accountTableCounts(db);
    const c = client(FOREIGN);
    const res = await c.raw('/trpc/auth.signUp,auth.signUp?batch=1', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ 0: validSignUp('batch1@example.com'), 1: validSignUp('batch2@example.com') }),
    });
    expect(res.status).toBe(403);
    expect(await accountTableCounts(db)).toEqual(before);
  });

  test('queries work over GET without Origin', async () => {
    const c = await signedIn('getter@example.com');
    c.origin = null;
    const me = await c.query('auth.me');
    expect(me.status).toBe(200);
    expect(me.data.user?.email).toBe('getter@example.com');
    const site = await client(null).query('content.site');
    expect(site.status).toBe(200);
    expect(site.data.siteName).toBe('Vitrin AI');
  });

  test('a mutation cannot be smuggled through GET (which skips the Origin check)', async () => {
    const before = await accountTableCounts(db);
    const c = client(null);
    const input = encodeURIComponent(JSON.stringify(validSignUp('via-get@example.com')));
    const res = await c.raw(`/trpc/auth.signUp?input=${input}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(c.cookies.size).toBe(0);
    expect(await accountTableCounts(db)).toEqual(before);
  });

  test('originAllowed: exact origins only', () => {
    const allowed = ['https://vitrin.example'];
    expect(originAllowed('https://vitrin.example', 'internal:3000', allowed)).toBe(true);
    expect(originAllowed('https://vitrin.example.evil.com', 'internal:3000', allowed)).toBe(false);
    expect(originAllowed('http://vitrin.example', 'internal:3000', allowed)).toBe(false);
    expect(originAllowed('http://localhost:3000', 'localhost:3000', [])).toBe(true);
    expect(originAllowed('http://localhost:3001', 'localhost:3000', [])).toBe(false);
    expect(originAllowed(undefined, 'localhost:3000', allowed)).toBe(false);
    expect(originAllowed('null', 'localhost:3000', allowed)).toBe(false);
  });
});

describe('WebSocket (docs/security.md property 19)', () => {
  type Outcome = { kind: 'open'; ws: WebSocket } | { kind: 'refused'; status: number } | { kind: 'error'; error: Error };

  function connect(headers: Record<string, string>): Promise<Outcome> {
    return new Promise((resolve) => {
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/trpc`, { headers });
      ws.once('open', () => resolve({ kind: 'open', ws }));
      ws.once('unexpected-response', (_req, res) => {
        resolve({ kind: 'refused', status: res.statusCode ?? 0 });
        ws.terminate();
      });
      ws.once('error', (error) => resolve({ kind: 'error', error }));
    });
  }

  const closed = (ws: WebSocket) =>
    new Promise<{ code: number; reason: string }>((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );

  const headersOf = (c: HttpClient, origin: string | null = server.url) => ({
    ...(origin ? { origin } : {}),
    ...(c.cookies.size ? { cookie: c.cookieString() } : {}),
  });

  test('a foreign Origin is refused at the upgrade, even with a valid session', async () => {
    const c = await signedIn('ws-foreign@example.com');
    expect(await connect(headersOf(c, FOREIGN))).toEqual({ kind: 'refused', status: 403 });
    expect(await connect(headersOf(c, null))).toEqual({ kind: 'refused', status: 403 });
  });

  test('no session, a forged one or an expired one → 401', async () => {
    expect(await connect({ origin: server.url })).toEqual({ kind: 'refused', status: 401 });
    const c = await signedIn('ws-expired@example.com');
    const token = c.cookies.get('vitrin_session')!;
    const [id] = token.split('.') as [string];
    expect(await connect({ origin: server.url, cookie: `vitrin_session=${id}.wrongsecretwrongsecret` })).toEqual({
      kind: 'refused',
      status: 401,
    });
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    expect(await connect(headersOf(c))).toEqual({ kind: 'refused', status: 401 });
  });

  test('a valid session with the same Origin opens, and the socket carries that session', async () => {
    const c = await signedIn('ws-ok@example.com');
    const out = await connect(headersOf(c));
    expect(out.kind).toBe('open');
    const ws = (out as { ws: WebSocket }).ws;
    try {
      const reply = new Promise<{ id: number; result: { data: { user: { email: string } } } }>((resolve) =>
        ws.on('message', (m) => resolve(JSON.parse(m.toString()))),
      );
      ws.send(JSON.stringify({ id: 1, method: 'query', params: { path: 'auth.me' } }));
      const msg = await reply;
      expect(msg.id).toBe(1);
      expect(msg.result.data.user.email).toBe('ws-ok@example.com');
    } finally {
      ws.terminate();
    }
  });

  test('sign-out over HTTP closes the socket', async () => {
    const c = await signedIn('ws-signout@example.com');
    const out = await connect(headersOf(c));
    expect(out.kind).toBe('open');
    const ws = (out as { ws: WebSocket }).ws;
    const gone = closed(ws);
    const other = await signedIn('ws-bystander@example.com');
    const bystander = await connect(headersOf(other));
    expect(bystander.kind).toBe('open');
    const bws = (bystander as { ws: WebSocket }).ws;
    let bystanderClosed = false;
    bws.once('close', () => (bystanderClosed = true));

    expect((await c.mutate('auth.signOut')).status).toBe(200);
    const { code } = await gone;
    expect(code).toBe(4001);
    expect(ws.readyState).toBe(WebSocket.CLOSED);
    // Another user's socket stays up: a ping sent now is answered after any close the sign-out sent it.
    const pong = new Promise((resolve) => bws.once('pong', resolve));
    bws.ping();
    await pong;
    expect(bystanderClosed).toBe(false);
    expect(bws.readyState).toBe(WebSocket.OPEN);
    bws.terminate();
  });

  test('a message over 64 KiB closes the connection with 1009', async () => {
    const c = await signedIn('ws-big@example.com');
    const out = await connect(headersOf(c));
    expect(out.kind).toBe('open');
    const ws = (out as { ws: WebSocket }).ws;
    ws.on('error', () => {}); // the client may see the server's abrupt close as an error
    const gone = closed(ws);
    ws.send('x'.repeat(64 * 1024 + 1));
    expect((await gone).code).toBe(1009);
  });

  test('a message just under the limit is accepted', async () => {
    const c = await signedIn('ws-small@example.com');
    const out = await connect(headersOf(c));
    const ws = (out as { ws: WebSocket }).ws;
    try {
      const reply = new Promise<{ id: number }>((resolve) => ws.on('message', (m) => resolve(JSON.parse(m.toString()))));
      const pad = 'x'.repeat(60 * 1024);
      ws.send(JSON.stringify({ id: 7, method: 'query', params: { path: 'auth.me', input: undefined }, pad }));
      const msg = await reply;
      expect(msg.id).toBe(7);
      expect(ws.readyState).toBe(WebSocket.OPEN);
    } finally {
      ws.terminate();
    }
  });
});

describe('errors never leak (docs/security.md property 20)', () => {
  const LEAKS = /stack|select|relation|insert|update |from "|profiles_gone|rate_limits|node_modules|\.ts:\d/i;

  async function withBrokenTable<T>(table: string, run: () => Promise<T>): Promise<T> {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await sql`alter table ${sql.table(table)} rename to ${sql.table(`${table}_gone`)}`.execute(db);
    try {
      return await run();
    } finally {
      await sql`alter table ${sql.table(`${table}_gone`)} rename to ${sql.table(table)}`.execute(db);
      errors.mockRestore();
    }
  }

  test('a database failure in a query → generic Turkish text, no stack or SQL', async () => {
    const c = await signedIn('broken-query@example.com');
    const res = await withBrokenTable('profiles', () => c.raw('/trpc/auth.me'));
    expect(res.status).toBe(500);
    const text = await res.text();
    const body = JSON.parse(text);
    expect(body.error.message).toBe(M.common.unexpected);
    expect(body.error.message).toBe('Beklenmeyen bir hata oluştu');
    expect(body.error.data.appCode).toBe('INTERNAL');
    expect(text).not.toMatch(LEAKS);
    // The server recovered with the table back.
    expect((await c.query('auth.me')).data.user?.email).toBe('broken-query@example.com');
  });

  test('a database failure in a mutation → generic Turkish text, no stack or SQL', async () => {
    const c = client();
    const res = await withBrokenTable('rate_limits', () =>
      c.raw('/trpc/auth.signIn', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'broken@example.com', password: 'gizli-sifre' }),
      }),
    );
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text).error.message).toBe('Beklenmeyen bir hata oluştu');
    expect(text).not.toMatch(LEAKS);
  });

  test('malformed JSON and unknown procedures show no internals', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const c = client();
      const bad = await c.raw('/trpc/auth.signIn', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email": ' });
      expect(bad.status).toBe(400);
      const badText = await bad.text();
      expect(JSON.parse(badText).error.message).toBe(M.common.invalidInput);
      expect(badText).not.toMatch(/stack|SyntaxError|Unexpected|at JSON|node_modules/i);
      const unknown = await c.raw('/trpc/auth.nope');
      expect(unknown.status).toBe(404);
      const body = (await unknown.json()) as { error: { message: string } };
      expect(body.error.message).toBe(M.common.notFound);
      expect(JSON.stringify(body)).not.toMatch(/stack|node_modules/i);
    } finally {
      errors.mockRestore();
    }
  });
});
