import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TRPCError } from '@trpc/server';
import { HttpClient, startTestServer, validSignUp } from '../helpers/server';
import { accountTableCounts, findSetCookie } from '../helpers/inspect';
import type { MutationPath, QueryPath } from '../helpers/api';
import { M } from '../../shared/messages';
import { ensureFirstAdmin } from '../../server/services/admin/accounts';
import { setSetting } from '../../server/services/settings';
import { appRouter } from '../../server/routers';
import { callerFor, callPath } from '../helpers/caller';
import type { RunningServer } from '../../server/index';
import type { Db } from '../../server/db';

const ENV_ADMIN = { email: 'admin@test.local', password: 'admin-secret-1' };
const ADMIN_FAILED = 'Geçersiz admin bilgileri';
const MAINTENANCE = 'Bakım çalışması nedeniyle kısa bir süre hizmet veremiyoruz.';

let server: RunningServer;
let db: Db;
const startupLog: string[] = [];
let ipSeq = 0;

function client() {
  const c = new HttpClient(server.url);
  c.headers['x-forwarded-for'] = `10.4.0.${++ipSeq}`;
  return c;
}

async function customer(email: string) {
  const c = client();
  expect((await c.mutate('auth.signUp', validSignUp(email))).status).toBe(200);
  return c;
}

async function admin() {
  const c = client();
  const r = await c.mutate('admin.login', ENV_ADMIN);
  expect(r.status).toBe(200);
  return c;
}

// The server starts with ADMIN_EMAIL / ADMIN_PASSWORD unset (docs/decisions.md D11's embedded default).
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '', TRUST_PROXY: '1' }, { log: (l) => startupLog.push(l) });
  db = server.deps.db;
});
afterAll(async () => {
  await server?.close();
});

describe('first admin (D11)', () => {
  test('without ADMIN_EMAIL/ADMIN_PASSWORD one admin is created and its password logged once', async () => {
    const admins = await db.selectFrom('admin_users').selectAll().execute();
    expect(admins).toHaveLength(1);
    // The first admin's line (the issuer-details warning names the admin's settings page too).
    const lines = startupLog.filter((l) => /admin/i.test(l) && !l.includes('Ayarlar → Fatura ayarları'));
    expect(lines).toHaveLength(1);
    const password = /Şifre:\s*(\S+)/.exec(lines[0]!)?.[1];
    expect(password).toBeTruthy();
    expect(password!.length).toBeGreaterThanOrEqual(16);
    expect(lines[0]).toContain(admins[0]!.email);
    expect(admins[0]!.password_hash).not.toContain(password!);
    expect(admins[0]!.password_hash.startsWith('$argon2id$')).toBe(true);

    // A second start: nothing created, nothing logged.
    const again: string[] = [];
    await ensureFirstAdmin(db, { log: (l) => again.push(l) });
    expect(again).toEqual([]);
    expect(await db.selectFrom('admin_users').selectAll().execute()).toHaveLength(1);

    // The logged password works.
    const c = client();
    const r = await c.mutate('admin.login', { email: admins[0]!.email, password: password! });
    expect(r.status).toBe(200);
    expect(r.data.admin.email).toBe(admins[0]!.email);
    expect((await c.query('admin.me')).data.admin?.id).toBe(admins[0]!.id);
    expect((await client().mutate('admin.login', { email: admins[0]!.email, password: `${password}x` })).status).toBe(401);
  });

  test('with ADMIN_EMAIL/ADMIN_PASSWORD that admin is created once; the password is never logged', async () => {
    const log: string[] = [];
    await ensureFirstAdmin(db, { email: ' Admin@Test.local ', password: ENV_ADMIN.password, log: (l) => log.push(l) });
    expect(log).toHaveLength(1);
    expect(log[0]).toContain('admin@test.local');
    expect(log[0]).not.toContain(ENV_ADMIN.password);
    await ensureFirstAdmin(db, { email: ENV_ADMIN.email, password: ENV_ADMIN.password, log: (l) => log.push(l) });
    expect(log).toHaveLength(1);
    const rows = await db.selectFrom('admin_users').select('email').where('email', '=', 'admin@test.local').execute();
    expect(rows).toHaveLength(1);
  });
});

describe('admin sign-in and separation (D11, docs/security.md property 15)', () => {
  test('admin.login sets the admin cookie and returns the docs/product.md §3 admin object', async () => {
    const c = client();
    const before = Date.now();
    const r = await c.mutate('admin.login', ENV_ADMIN);
    expect(r.status).toBe(200);
    expect(Object.keys(r.data.admin).sort()).toEqual(['createdAt', 'email', 'fullName', 'id', 'isActive', 'lastLogin']);
    expect(r.data.admin).toMatchObject({ email: 'admin@test.local', isActive: true, fullName: M.admin.defaultAdminName });
    expect(new Date(r.data.admin!.lastLogin!).getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(Number.isNaN(new Date(r.data.admin.createdAt).getTime())).toBe(false);

    const ck = findSetCookie(c.lastSetCookies, 'vitrin_admin_session')!;
    expect(ck).toBeTruthy();
    expect(ck.attrs.httponly).toBe(true);
    expect(String(ck.attrs.samesite).toLowerCase()).toBe('lax');
    expect(ck.attrs.path).toBe('/');
    expect(findSetCookie(c.lastSetCookies, 'vitrin_session')).toBeUndefined();

    const [id] = c.cookies.get('vitrin_admin_session')!.split('.') as [string];
    expect(await db.selectFrom('admin_sessions').select('id').where('id', '=', id).executeTakeFirst()).toBeTruthy();
    expect(await db.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();

    const me = await c.query('admin.me');
    expect(me.data.admin).toEqual({ ...r.data.admin });
    expect(JSON.stringify(me.data)).not.toMatch(/password|hash/i);
  });

  test('wrong password and unknown e-mail → "Geçersiz admin bilgileri"', async () => {
    for (const creds of [
      { email: ENV_ADMIN.email, password: 'yanlis-sifre' },
      { email: 'kimse@test.local', password: ENV_ADMIN.password },
    ]) {
      const c = client();
      const r = await c.mutate('admin.login', creds);
      expect(r.status).toBe(401);
      expect(r.error.message).toBe(M.admin.loginFailed);
      expect(r.error.message).toBe(ADMIN_FAILED);
      expect(c.lastSetCookies).toEqual([]);
    }
    // A customer account is not an admin account.
    await customer('not-admin@example.com');
    const r = await client().mutate('admin.login', { email: 'not-admin@example.com', password: 'gizli-sifre' });
    expect(r.error.message).toBe(ADMIN_FAILED);
  });

  test('an inactive admin cannot log in', async () => {
    await ensureFirstAdmin(db, { email: 'retired@test.local', password: 'retired-secret', log: () => {} });
    await db.updateTable('admin_users').set({ is_active: false }).where('email', '=', 'retired@test.local').execute();
    const r = await client().mutate('admin.login', { email: 'retired@test.local', password: 'retired-secret' });
    expect(r.status).toBe(401);
    expect(r.error.message).toBe(ADMIN_FAILED);
  });

  test('deactivating an admin ends its live sessions', async () => {
    await ensureFirstAdmin(db, { email: 'leaving@test.local', password: 'leaving-secret', log: () => {} });
    const c = client();
    expect((await c.mutate('admin.login', { email: 'leaving@test.local', password: 'leaving-secret' })).status).toBe(200);
    expect((await c.query('admin.ping')).status).toBe(200);
    await db.updateTable('admin_users').set({ is_active: false }).where('email', '=', 'leaving@test.local').execute();
    expect((await c.query('admin.ping')).status).toBe(401);
    expect((await c.query('admin.me')).data.admin).toBeNull();
  });

  test('a customer session does not grant admin; anonymous is unauthenticated', async () => {
    const cust = await customer('cust-ping@example.com');
    const f = await cust.query('admin.ping');
    expect(f.status).toBe(403);
    expect(f.error.data.code).toBe('FORBIDDEN');
    expect(f.error.data.appCode).toBe('NOT_ADMIN');
    expect(f.data).toBeUndefined();
    expect((await cust.query('admin.me')).data.admin).toBeNull();

    const anon = await client().query('admin.ping');
    expect(anon.status).toBe(401);
    expect(anon.error.data.code).toBe('UNAUTHORIZED');

    // A customer token presented as the admin cookie is not found in admin_sessions.
    const forged = client();
    forged.cookies.set('vitrin_admin_session', cust.cookies.get('vitrin_session')!);
    expect((await forged.query('admin.ping')).status).toBe(401);
    expect((await forged.query('admin.me')).data.admin).toBeNull();
  });

  test('an admin session does not grant customer procedures', async () => {
    const a = await admin();
    expect((await a.query('admin.ping')).status).toBe(200);
    expect((await a.query('auth.me')).data.user).toBeNull();
    const bal = await a.query('credits.balance');
    expect(bal.status).toBe(401);
    expect(bal.error.data.code).toBe('UNAUTHORIZED');
    expect((await a.query('auth.preferences')).status).toBe(401);
    expect((await a.mutate('auth.updateProfile', { fullName: 'Yönetici', companyName: null, phone: null })).status).toBe(401);
    // And the admin token is not a customer token either.
    const forged = client();
    forged.cookies.set('vitrin_session', a.cookies.get('vitrin_admin_session')!);
    expect((await forged.query('auth.me')).data.user).toBeNull();
  });

  test('customer and admin sessions live side by side; each sign-out ends only its own', async () => {
    const c = await customer('both@example.com');
    expect((await c.mutate('admin.login', ENV_ADMIN)).status).toBe(200);
    expect((await c.query('auth.me')).data.user?.email).toBe('both@example.com');
    expect((await c.query('admin.ping')).status).toBe(200);
    const adminToken = c.cookies.get('vitrin_admin_session')!;

    expect((await c.mutate('admin.logout')).status).toBe(200);
    expect((await c.query('admin.me')).data.admin).toBeNull();
    expect((await c.query('auth.me')).data.user?.email).toBe('both@example.com');
    const replay = client();
    replay.cookies.set('vitrin_admin_session', adminToken);
    expect((await replay.query('admin.ping')).status).toBe(401);
  });
});

describe('every admin procedure refuses customers and anonymous callers (docs/security.md property 15)', () => {
  const OPEN = new Set(['admin.login', 'admin.logout', 'admin.me']);
  // At run time _def.procedures is flat, path → procedure (its static type is the nested router).
  const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)
    .filter(([path]) => path.startsWith('admin.') && !OPEN.has(path))
    .map(([path, proc]) => ({ path, type: proc._def.type as 'query' | 'mutation' | 'subscription' }));

  test('the table is not empty', () => {
    expect(procedures.map((p) => p.path)).toContain('admin.ping');
  });

  async function callAt(ctxCookie: string | undefined, path: string): Promise<unknown> {
    // Subscriptions exist over the WebSocket only (refused over HTTP): call them as a socket would.
    const type = procedures.find((p) => p.path === path)?.type;
    const result = await callPath(await callerFor(server.deps, ctxCookie, type === 'subscription' ? 'ws' : 'http'), path);
    // A subscription that got past its middleware: stop it at once.
    if (result && typeof result === 'object' && Symbol.asyncIterator in result)
      await (result as AsyncIterable<unknown>)[Symbol.asyncIterator]().return?.();
    return result;
  }
  async function errorCode(cookie: string | undefined, path: string): Promise<string | null> {
    try {
      await callAt(cookie, path);
      return null;
    } catch (err) {
      return err instanceof TRPCError ? err.code : 'NOT_A_TRPC_ERROR';
    }
  }

  let customerCookie: string;
  let adminCookie: string;
  beforeAll(async () => {
    const c = await customer('table-customer@example.com');
    customerCookie = c.cookieString();
    const a = await admin();
    adminCookie = a.cookieString();
  });

  test.each(procedures)('$path ($type): anonymous → UNAUTHORIZED, customer → FORBIDDEN, admin passes', async ({ path, type }) => {
    expect(await errorCode(undefined, path)).toBe('UNAUTHORIZED');
    expect(await errorCode(customerCookie, path)).toBe('FORBIDDEN');
    // A forged admin cookie (customer token in the admin cookie) is anonymous for admin purposes.
    const forged = customerCookie.replace('vitrin_session=', 'vitrin_admin_session=');
    expect(['UNAUTHORIZED', 'FORBIDDEN']).toContain(await errorCode(forged, path));
    // The admin gets past authorization (input validation may still refuse an empty input).
    if (type !== 'subscription') expect(['UNAUTHORIZED', 'FORBIDDEN']).not.toContain(await errorCode(adminCookie, path));

    // The same over HTTP, status codes included.
    if (type === 'subscription') return;
    const send = (c: HttpClient) =>
      type === 'query' ? c.queryUnchecked(path as QueryPath, undefined) : c.mutateUnchecked(path as MutationPath, {});
    const anon = await send(client());
    expect(anon.status).toBe(401);
    expect(anon.data).toBeUndefined();
    const cust = client();
    cust.cookies.set('vitrin_session', /vitrin_session=([^;]+)/.exec(customerCookie)![1]!);
    const asCustomer = await send(cust);
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.error.message).toBe(M.common.forbidden);
    expect(asCustomer.data).toBeUndefined();
  });
});

describe('maintenance mode (D23)', () => {
  test('customer procedures are refused with the maintenance text; admin and site info keep working', async () => {
    const cust = await customer('maint@example.com');
    const a = await admin();
    await setSetting(db, 'maintenance_mode', 'true');
    try {
      const before = await accountTableCounts(db);
      const calls = [
        await client().mutate('auth.signIn', { email: 'maint@example.com', password: 'gizli-sifre' }),
        await client().mutate('auth.signUp', validSignUp('maint-new@example.com')),
        await cust.query('credits.balance'),
        await cust.query('auth.preferences'),
        await cust.mutate('auth.updateProfile', { fullName: 'Bakımda', companyName: null, phone: null }),
      ];
      for (const r of calls) {
        expect(r.status).toBe(503);
        expect(r.error.message).toBe(M.common.maintenance);
        expect(r.error.message).toBe(MAINTENANCE);
        expect(r.error.data.appCode).toBe('MAINTENANCE');
        expect(r.data).toBeUndefined();
      }
      expect(await accountTableCounts(db)).toEqual(before);

      // Admin keeps working, including a fresh login.
      const fresh = client();
      const login = await fresh.mutate('admin.login', ENV_ADMIN);
      expect(login.status).toBe(200);
      expect((await fresh.query('admin.me')).data.admin?.email).toBe('admin@test.local');
      expect((await a.query('admin.ping')).status).toBe(200);

      // The public shell can still learn that maintenance is on.
      const site = await client().query('content.site');
      expect(site.status).toBe(200);
      expect(site.data.maintenanceMode).toBe(true);
    } finally {
      await setSetting(db, 'maintenance_mode', 'false');
    }
    // Back to normal at once.
    expect((await cust.query('credits.balance')).status).toBe(200);
    expect((await client().query('content.site')).data.maintenanceMode).toBe(false);
  });
});
