import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { sha256 } from '@oslojs/crypto/sha2';
import { HttpClient, startSecondServer, startTestServer, validSignUp } from '../helpers/server';
import { findSetCookie } from '../helpers/inspect';
import { M } from '../../shared/messages';
import { SESSION_REMEMBER_MS, SESSION_SHORT_MS } from '../../shared/constants';
import { createSession, validateSession } from '../../server/auth/sessions';
import { sessionCookie } from '../../server/auth/cookies';
import { SESSION_CACHE_TTL_MS } from '../../server/auth/session-cache';
import { hitRateLimit, isRateLimited } from '../../server/auth/rate-limit';
import type { RunningServer } from '../../server/index';
import type { Db } from '../../server/db';

// Every argon2 verify in this process goes through a spy that still runs the real verify,
// so a test can prove that a throttled attempt never reached the password hash.
vi.mock('../../server/auth/passwords', async (importOriginal) => {
  const orig = await importOriginal<typeof import('../../server/auth/passwords')>();
  return { ...orig, verifyPassword: vi.fn(orig.verifyPassword) };
});
import * as passwords from '../../server/auth/passwords';
const verifySpy = vi.mocked(passwords.verifyPassword);

const PASSWORD = 'gizli-sifre';
const INVALID = 'E-posta veya şifre hatalı';
const TOO_MANY = 'Çok fazla deneme. Lütfen biraz bekleyin';
const DISABLED = 'Hesabınız devre dışı bırakıldı. Destek ekibiyle iletişime geçin.';

let server: RunningServer;
let https: RunningServer; // same database, PUBLIC_URL https, its own pool on Postgres
let db: Db;
let ipSeq = 0;

function client(base = server.url, origin?: string) {
  const c = new HttpClient(base, origin ?? base);
  c.headers['x-forwarded-for'] = `10.2.0.${++ipSeq}`;
  return c;
}

async function register(email: string): Promise<string> {
  const r = await client().mutate('auth.signUp', validSignUp(email));
  expect(r.status).toBe(200);
  return r.data.user!.id;
}

const signIn = (c: HttpClient, email: string, password = PASSWORD, rememberMe?: boolean) =>
  c.mutate('auth.signIn', { email, password, ...(rememberMe === undefined ? {} : { rememberMe }) });

function tokenOf(c: HttpClient): string {
  const t = c.cookies.get('vitrin_session');
  expect(t).toBeTruthy();
  return t!;
}

/** A client that presents only the given customer token. */
function withToken(token: string) {
  const c = client();
  c.cookies.set('vitrin_session', token);
  return c;
}

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
  https = await startSecondServer(server, { TRUST_PROXY: '1', PUBLIC_URL: 'https://vitrin.example' });
  db = server.deps.db;
  await register('ayse@example.com');
});
afterAll(async () => {
  await https?.close();
  await server?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the clock (Date only) past the session cache's lifetime: what was cached is looked up again. */
function afterSessionCacheTtl() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + SESSION_CACHE_TTL_MS + 1);
}

describe('sign-in (docs/product.md §8, D21)', () => {
  test('right password → session cookie and me', async () => {
    const c = client();
    const r = await signIn(c, 'ayse@example.com');
    expect(r.status).toBe(200);
    expect(r.data.user.email).toBe('ayse@example.com');
    expect(findSetCookie(c.lastSetCookies, 'vitrin_session')).toBeTruthy();
    expect((await c.query('auth.me')).data.user?.email).toBe('ayse@example.com');
    expect((await c.query('credits.balance')).status).toBe(200);
  });

  test('e-mail is matched case-insensitively', async () => {
    const r = await signIn(client(), 'AYSE@Example.com');
    expect(r.status).toBe(200);
  });

  test('wrong password and unknown e-mail get the same answer', async () => {
    const wrong = await signIn(client(), 'ayse@example.com', 'yanlis-sifre');
    const unknown = await signIn(client(), 'kimse@example.com', PASSWORD);
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(401);
      expect(r.error.message).toBe(M.auth.invalidCredentials);
      expect(r.error.message).toBe(INVALID);
      expect(r.error.data.appCode).toBe('INVALID_CREDENTIALS');
      expect(r.data).toBeUndefined();
    }
    expect(JSON.stringify(wrong.error)).toBe(JSON.stringify(unknown.error));
  });

  test('invalid input gets the SPEC validation texts', async () => {
    const e = await client().mutate('auth.signIn', { email: 'ayse', password: PASSWORD });
    expect(e.status).toBe(400);
    expect(e.error.message).toBe('Geçerli bir e-posta adresi giriniz');
    const p = await client().mutate('auth.signIn', { email: 'ayse@example.com', password: '123' });
    expect(p.error.message).toBe('Şifre en az 6 karakter olmalıdır');
    expect(p.error.data.fieldErrors?.password).toBe(M.validation.passwordMin);
  });

  test('a disabled account cannot sign in', async () => {
    const id = await register('disabled@example.com');
    await db.updateTable('users').set({ is_disabled: true }).where('id', '=', id).execute();
    const c = client();
    const r = await signIn(c, 'disabled@example.com');
    expect(r.status).toBe(403);
    expect(r.error.message).toBe(M.auth.accountDisabled);
    expect(r.error.message).toBe(DISABLED);
    expect(r.error.data.appCode).toBe('ACCOUNT_DISABLED');
    expect(c.cookies.has('vitrin_session')).toBe(false);
    // A wrong password on a disabled account reveals nothing more than for any account.
    const w = await signIn(client(), 'disabled@example.com', 'yanlis-sifre');
    expect(w.error.message).toBe(INVALID);
  });

  test('disabling an account ends its live sessions too (sliding expiry cannot keep it alive)', async () => {
    const c = client();
    const r = await c.mutate('auth.signUp', validSignUp('disabled-live@example.com'));
    const id: string = r.data.user!.id;
    const [sid] = tokenOf(c).split('.') as [string];
    expect((await c.query('credits.balance')).status).toBe(200);
    // Straight in the database, so no ending is announced: seen once the session cache's seconds are over
    // (disabling through the back-office ends the sessions at once: tests/auth/session-cache.test.ts).
    await db.updateTable('users').set({ is_disabled: true }).where('id', '=', id).execute();
    afterSessionCacheTtl();
    expect((await c.query('auth.me')).data.user).toBeNull();
    expect((await c.query('credits.balance')).status).toBe(401);
    expect(await db.selectFrom('sessions').select('id').where('id', '=', sid).executeTakeFirst()).toBeUndefined();
  });

  test('each sign-in makes a new session and ends the previous one in that browser', async () => {
    const c = client();
    await signIn(c, 'ayse@example.com');
    const first = tokenOf(c);
    await signIn(c, 'ayse@example.com');
    const second = tokenOf(c);
    expect(second.split('.')[0]).not.toBe(first.split('.')[0]);
    expect((await withToken(first).query('auth.me')).data.user).toBeNull();
    expect((await withToken(second).query('auth.me')).data.user?.email).toBe('ayse@example.com');
    const old = await db.selectFrom('sessions').select('id').where('id', '=', first.split('.')[0]!).executeTakeFirst();
    expect(old).toBeUndefined();
  });

  test('signing in as someone else replaces the session (no fixation)', async () => {
    await register('mehmet@example.com');
    const c = client();
    await signIn(c, 'ayse@example.com');
    const ayse = tokenOf(c);
    await signIn(c, 'mehmet@example.com');
    expect((await c.query('auth.me')).data.user?.email).toBe('mehmet@example.com');
    expect((await withToken(ayse).query('auth.me')).data.user).toBeNull();
  });

  test('sign-out ends the session and clears the cookie', async () => {
    const c = client();
    await signIn(c, 'ayse@example.com');
    const token = tokenOf(c);
    const out = await c.mutate('auth.signOut');
    expect(out.status).toBe(200);
    const cleared = findSetCookie(c.lastSetCookies, 'vitrin_session')!;
    expect(cleared.value).toBe('');
    expect(cleared.attrs['max-age']).toBe('0');
    expect((await c.query('auth.me')).data.user).toBeNull();
    const replay = withToken(token);
    expect((await replay.query('auth.me')).data.user).toBeNull();
    const bal = await replay.query('credits.balance');
    expect(bal.status).toBe(401);
    expect(bal.error.data.appCode).toBe('UNAUTHENTICATED');
    expect(await db.selectFrom('sessions').select('id').where('id', '=', token.split('.')[0]!).executeTakeFirst()).toBeUndefined();
  });
});

describe('sessions (docs/security.md property 10-12, D17)', () => {
  test('the database holds only SHA-256 of the secret', async () => {
    const c = client();
    await signIn(c, 'ayse@example.com');
    const token = tokenOf(c);
    const [id, secret] = token.split('.') as [string, string];
    expect(id.length).toBeGreaterThanOrEqual(20);
    expect(secret.length).toBeGreaterThanOrEqual(20);
    const row = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    for (const [col, value] of Object.entries(row)) {
      const text = value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : String(value);
      expect(text, col).not.toContain(secret);
      expect(text, col).not.toContain(token);
      if (value instanceof Uint8Array) expect(Buffer.from(value).toString('hex'), col).not.toContain(Buffer.from(secret).toString('hex'));
    }
    expect(Buffer.from(row.secret_hash as Uint8Array).equals(Buffer.from(sha256(new TextEncoder().encode(secret))))).toBe(true);
  });

  test('right id with a wrong secret is refused (and the cookie cleared)', async () => {
    const c = client();
    await signIn(c, 'ayse@example.com');
    const [id, secret] = tokenOf(c).split('.') as [string, string];
    const flipped = secret.slice(0, -1) + (secret.endsWith('a') ? 'b' : 'a');
    for (const bad of [`${id}.${flipped}`, `${id}.`, id, `${id}.${secret}.x`, `x${id}.${secret}`]) {
      const f = withToken(bad);
      const me = await f.query('auth.me');
      expect(me.data.user, bad).toBeNull();
      expect((await f.query('credits.balance')).status).toBe(401);
    }
    // The real token is unaffected by the forgeries.
    expect((await withToken(`${id}.${secret}`).query('auth.me')).data.user?.email).toBe('ayse@example.com');
  });

  test('cookie flags: HttpOnly, SameSite=Lax, Path=/, not Secure on http', async () => {
    const c = client();
    await signIn(c, 'ayse@example.com');
    const ck = findSetCookie(c.lastSetCookies, 'vitrin_session')!;
    expect(ck.attrs.httponly).toBe(true);
    expect(String(ck.attrs.samesite).toLowerCase()).toBe('lax');
    expect(ck.attrs.path).toBe('/');
    expect(ck.attrs.secure).toBeUndefined();
  });

  test('Secure under https (PUBLIC_URL https), on sign-in and sign-out', async () => {
    const c = client(https.url, 'https://vitrin.example');
    const r = await signIn(c, 'ayse@example.com');
    expect(r.status).toBe(200);
    const ck = findSetCookie(c.lastSetCookies, 'vitrin_session')!;
    expect(ck.attrs.secure).toBe(true);
    expect(ck.attrs.httponly).toBe(true);
    expect(String(ck.attrs.samesite).toLowerCase()).toBe('lax');
    expect(ck.attrs.path).toBe('/');
    await c.mutate('auth.signOut');
    expect(findSetCookie(c.lastSetCookies, 'vitrin_session')!.attrs.secure).toBe(true);
    // The builder itself, both ways.
    const s = { id: 'i', ownerId: 'o', remember: true, expiresAt: new Date(Date.now() + 1000) };
    expect(sessionCookie('customer', 'i.s', s, true)).toMatch(/;\s*Secure/i);
    expect(sessionCookie('customer', 'i.s', s, false)).not.toMatch(/Secure/i);
  });

  test('rememberMe: 30-day cookie and server expiry', async () => {
    const c = client();
    const before = Date.now();
    await signIn(c, 'ayse@example.com', PASSWORD, true);
    const ck = findSetCookie(c.lastSetCookies, 'vitrin_session')!;
    const expires = new Date(String(ck.attrs.expires)).getTime();
    expect(Math.abs(expires - (before + SESSION_REMEMBER_MS))).toBeLessThan(60_000);
    expect(Math.abs(expires - (before + 30 * 86_400_000))).toBeLessThan(60_000);
    const row = await db.selectFrom('sessions').selectAll().where('id', '=', tokenOf(c).split('.')[0]!).executeTakeFirstOrThrow();
    expect(row.remember).toBe(true);
    expect(Math.abs(new Date(row.expires_at).getTime() - (before + 30 * 86_400_000))).toBeLessThan(60_000);
  });

  test('without rememberMe: browser-session cookie, 1-day server expiry', async () => {
    for (const rememberMe of [false, undefined]) {
      const c = client();
      const before = Date.now();
      await signIn(c, 'ayse@example.com', PASSWORD, rememberMe);
      const ck = findSetCookie(c.lastSetCookies, 'vitrin_session')!;
      expect(ck.attrs.expires).toBeUndefined();
      expect(ck.attrs['max-age']).toBeUndefined();
      const row = await db.selectFrom('sessions').selectAll().where('id', '=', tokenOf(c).split('.')[0]!).executeTakeFirstOrThrow();
      expect(row.remember).toBe(false);
      expect(Math.abs(new Date(row.expires_at).getTime() - (before + SESSION_SHORT_MS))).toBeLessThan(60_000);
      expect(SESSION_SHORT_MS).toBe(86_400_000);
    }
  });

  test('sign-up honours rememberMe too', async () => {
    const c = client();
    await c.mutate('auth.signUp', { ...validSignUp('remember-signup@example.com'), rememberMe: true });
    const ck = findSetCookie(c.lastSetCookies, 'vitrin_session')!;
    expect(ck.attrs.expires).toBeDefined();
  });

  test('sliding expiry: extended in the second half of its life, never in the first', async () => {
    const userId = (await db.selectFrom('users').select('id').where('email', '=', 'ayse@example.com').executeTakeFirstOrThrow()).id;
    const t0 = new Date('2030-01-01T00:00:00Z');
    const H = 3_600_000;
    const { token } = await createSession(db, 'customer', userId, false, t0);
    const id = token.split('.')[0]!;

    const early = await validateSession(db, 'customer', token, new Date(t0.getTime() + 11 * H));
    expect(early).not.toBeNull();
    expect(early!.refreshed).toBe(false);
    expect(early!.session.expiresAt.getTime()).toBe(t0.getTime() + 24 * H);

    const used = new Date(t0.getTime() + 13 * H);
    const late = await validateSession(db, 'customer', token, used);
    expect(late!.refreshed).toBe(true);
    expect(late!.session.expiresAt.getTime()).toBe(used.getTime() + 24 * H);
    const row = await db.selectFrom('sessions').select('expires_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(new Date(row.expires_at).getTime()).toBe(used.getTime() + 24 * H);

    // Past the ORIGINAL expiry it still works, because it was extended.
    expect(await validateSession(db, 'customer', token, new Date(t0.getTime() + 25 * H))).not.toBeNull();

    // Idle past the extended expiry: refused and deleted.
    const gone = await validateSession(db, 'customer', token, new Date(used.getTime() + 24 * H + 1));
    expect(gone).toBeNull();
    expect(await db.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  test('sliding expiry for a remembered session extends by 30 days; idle one expires', async () => {
    const userId = (await db.selectFrom('users').select('id').where('email', '=', 'ayse@example.com').executeTakeFirstOrThrow()).id;
    const t0 = new Date('2030-02-01T00:00:00Z');
    const D = 86_400_000;
    const a = await createSession(db, 'customer', userId, true, t0);
    const r = await validateSession(db, 'customer', a.token, new Date(t0.getTime() + 16 * D));
    expect(r!.refreshed).toBe(true);
    expect(r!.session.expiresAt.getTime()).toBe(t0.getTime() + 46 * D);
    const idle = await createSession(db, 'customer', userId, true, t0);
    expect(await validateSession(db, 'customer', idle.token, new Date(t0.getTime() + 30 * D))).toBeNull();
    expect(await db.selectFrom('sessions').select('id').where('id', '=', idle.session.id).executeTakeFirst()).toBeUndefined();
  });

  test('over HTTP: a remembered session past half-life gets a renewed cookie; an expired one is refused', async () => {
    const c = client();
    await signIn(c, 'ayse@example.com', PASSWORD, true);
    const id = tokenOf(c).split('.')[0]!;
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() + 10 * 86_400_000) })
      .where('id', '=', id)
      .execute();
    const before = Date.now();
    expect((await c.query('auth.me')).data.user).not.toBeNull();
    const renewed = findSetCookie(c.lastSetCookies, 'vitrin_session')!;
    expect(Math.abs(new Date(String(renewed.attrs.expires)).getTime() - (before + 30 * 86_400_000))).toBeLessThan(60_000);
    const row = await db.selectFrom('sessions').select('expires_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(new Date(row.expires_at).getTime()).toBeGreaterThan(before + 29 * 86_400_000);

    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    afterSessionCacheTtl(); // the row was changed behind the session cache's back
    expect((await c.query('auth.me')).data.user).toBeNull();
    expect(await db.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });
});

describe('throttling (docs/security.md property 13, D15)', () => {
  test('after 5 wrong passwords the 6th — even the right one — is refused before argon2', async () => {
    await register('throttle@example.com');
    const c = client();
    for (let i = 0; i < 5; i++) {
      const r = await signIn(c, 'throttle@example.com', `yanlis-${i}`);
      expect(r.error.message).toBe(INVALID);
    }
    const row = await db
      .selectFrom('rate_limits')
      .selectAll()
      .where('key', '=', 'signin:email:throttle@example.com')
      .executeTakeFirstOrThrow();
    expect(row.count).toBe(5);

    verifySpy.mockClear();
    const sixth = await signIn(client(), 'throttle@example.com', PASSWORD); // right password, fresh IP
    expect(sixth.status).toBe(429);
    expect(sixth.error.message).toBe(M.common.tooManyAttempts);
    expect(sixth.error.message).toBe(TOO_MANY);
    expect(sixth.error.data.appCode).toBe('RATE_LIMITED');
    expect(verifySpy).not.toHaveBeenCalled();
    expect(sixth.data).toBeUndefined();
    // Upper-case spelling is the same account, hence the same counter.
    const upper = await signIn(client(), 'THROTTLE@example.com', PASSWORD);
    expect(upper.status).toBe(429);
    expect(verifySpy).not.toHaveBeenCalled();
    // Other accounts are unaffected.
    expect((await signIn(client(), 'ayse@example.com')).status).toBe(200);
  });

  test('a successful sign-in resets the per-e-mail counter', async () => {
    await register('reset@example.com');
    const c = client();
    for (let i = 0; i < 4; i++) await signIn(c, 'reset@example.com', 'yanlis-sifre');
    expect((await signIn(c, 'reset@example.com')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn(c, 'reset@example.com', 'yanlis-sifre')).status).toBe(401);
    expect((await signIn(c, 'reset@example.com')).status).toBe(200);
  });

  test('concurrent wrong guesses cannot run more than 5 password hashes', async () => {
    await register('burst@example.com');
    verifySpy.mockClear();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn(client(), 'burst@example.com', `yanlis-${i}`)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
    expect(verifySpy.mock.calls.length).toBeLessThanOrEqual(5);
    verifySpy.mockClear();
    expect((await signIn(client(), 'burst@example.com')).status).toBe(429);
    expect(verifySpy).not.toHaveBeenCalled();
  });

  test('per-IP limit across different e-mails', async () => {
    await register('ip-victim@example.com');
    const attacker = client();
    for (let i = 0; i < 20; i++) {
      const r = await signIn(attacker, `nobody${i}@example.com`, 'yanlis-sifre');
      expect(r.status, `attempt ${i + 1}`).toBe(401);
    }
    verifySpy.mockClear();
    const r = await signIn(attacker, 'ip-victim@example.com', PASSWORD);
    expect(r.status).toBe(429);
    expect(r.error.message).toBe(TOO_MANY);
    expect(verifySpy).not.toHaveBeenCalled();
    // The blocked address did not count against the victim's own e-mail counter.
    const victim = await db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', 'signin:email:ip-victim@example.com')
      .executeTakeFirst();
    expect(victim?.count ?? 0).toBe(0);
    // The same account from another address is fine: the IP is throttled, not the account.
    expect((await signIn(client(), 'ip-victim@example.com')).status).toBe(200);
  });

  test('successful sign-ins do not use up the per-IP budget', async () => {
    const office = client();
    // 19 failures already counted for this address (one short of the limit of 20).
    for (let i = 0; i < 19; i++) await hitRateLimit(db, `signin:ip:${office.headers['x-forwarded-for']}`, 20, 15 * 60_000);
    for (let i = 0; i < 3; i++) expect((await signIn(office, 'ayse@example.com')).status, `sign-in ${i + 1}`).toBe(200);
    // …and the last failure allowed still gets its honest answer.
    expect((await signIn(office, 'ayse@example.com', 'yanlis-sifre')).status).toBe(401);
    expect((await signIn(office, 'ayse@example.com')).status).toBe(429);
  });

  test('the limiter state lives in the database and is shared by two servers', async () => {
    await register('shared@example.com');
    const ip = '10.9.9.9';
    const one = new HttpClient(server.url);
    const two = new HttpClient(https.url); // another server instance, same database
    one.headers['x-forwarded-for'] = ip;
    two.headers['x-forwarded-for'] = ip;
    for (let i = 0; i < 3; i++) expect((await signIn(one, 'shared@example.com', 'yanlis-sifre')).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await signIn(two, 'shared@example.com', 'yanlis-sifre')).status).toBe(401);
    verifySpy.mockClear();
    expect((await signIn(two, 'shared@example.com')).status).toBe(429);
    expect((await signIn(one, 'shared@example.com')).status).toBe(429);
    expect(verifySpy).not.toHaveBeenCalled();
    const row = await https.deps.db
      .selectFrom('rate_limits')
      .selectAll()
      .where('key', '=', 'signin:email:shared@example.com')
      .executeTakeFirstOrThrow();
    expect(row.count).toBeGreaterThanOrEqual(5);
  });

  test('admin login uses the same limiter', async () => {
    const c = client();
    for (let i = 0; i < 5; i++) {
      const r = await c.mutate('admin.login', { email: 'admin@test.local', password: `yanlis-${i}` });
      expect(r.status).toBe(401);
      expect(r.error.message).toBe('Geçersiz admin bilgileri');
    }
    verifySpy.mockClear();
    const r = await client().mutate('admin.login', { email: 'admin@test.local', password: 'admin-secret-1' });
    expect(r.status).toBe(429);
    expect(r.error.message).toBe(TOO_MANY);
    expect(verifySpy).not.toHaveBeenCalled();
    expect(findSetCookie(c.lastSetCookies, 'vitrin_admin_session')).toBeUndefined();
  });

  test('the window ends: counts reset after it', async () => {
    const t0 = new Date('2030-03-01T00:00:00Z');
    const W = 15 * 60_000;
    for (let i = 1; i <= 5; i++) expect((await hitRateLimit(db, 'unit:window', 5, W, t0)).count).toBe(i);
    expect((await hitRateLimit(db, 'unit:window', 5, W, t0)).allowed).toBe(false);
    expect(await isRateLimited(db, 'unit:window', 5, new Date(t0.getTime() + W - 1))).toBe(true);
    expect(await isRateLimited(db, 'unit:window', 5, new Date(t0.getTime() + W))).toBe(false);
    const after = await hitRateLimit(db, 'unit:window', 5, W, new Date(t0.getTime() + W + 1));
    expect(after).toMatchObject({ allowed: true, count: 1 });
  });
});
