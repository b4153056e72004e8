import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { callerWorld, type CallerWorld } from '../helpers/caller';
import { balanceOf, ledgerSum } from '../helpers/fixtures';
import { M } from '../../shared/messages';
import { setSetting } from '../../server/services/settings';
import type { Db } from '../../server/db';
import { adminClient, adminIdOf, clientFor, customerClient, recordEvents, waitFor } from './helpers';
import { lineLogger, setProcessLogger, silentLogger } from '../../server/lib/log';

const USER_NOT_FOUND = 'Kullanıcı bulunamadı';
const DISABLED = 'Hesabınız devre dışı bırakıldı. Destek ekibiyle iletişime geçin.';

// Procedure rules with no HTTP server (tests/helpers/caller.ts): nothing here is about cookies, headers or sockets.
let world: CallerWorld;
let db: Db;
let adminId: string;

beforeAll(async () => {
  world = await callerWorld({ TRUST_PROXY: '1' });
  db = world.deps.db;
  adminId = await adminIdOf(world);
});
afterAll(async () => {
  await world?.close();
});

async function adminRows(userId: string) {
  const [txs, ledger, logs] = await Promise.all([
    db
      .selectFrom('credit_transactions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('type', '=', 'admin_adjustment')
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('user_id', '=', userId)
      .where('reason', 'in', ['admin_credit', 'admin_debit'])
      .orderBy('created_at')
      .execute(),
    db.selectFrom('admin_logs').selectAll().where('target_id', '=', userId).orderBy('created_at').execute(),
  ]);
  return { txs, ledger, logs };
}

describe('admin.credits (docs/product.md §7, §9)', () => {
  test('set writes the adjustment transaction, the ledger difference and an audit row', async () => {
    const admin = await adminClient(world);
    const { userId } = await customerClient(world, 'kredi-set@example.com');
    const bus = recordEvents(world);

    const up = await admin.mutate('admin.credits.set', {
      email: 'Kredi-Set@example.com',
      balance: 25,
      reason: ' Kargo gecikmesi telafisi ',
    });
    expect(up.status).toBe(200);
    expect(up.data).toMatchObject({ email: 'kredi-set@example.com', oldBalance: 10, balance: 25, changed: true });
    const down = await admin.mutate('admin.credits.set', { email: 'kredi-set@example.com', balance: 7 });
    expect(down.data).toMatchObject({ oldBalance: 25, balance: 7 });
    // Setting the same balance again records nothing.
    expect((await admin.mutate('admin.credits.set', { email: 'kredi-set@example.com', balance: 7 })).data.changed).toBe(false);

    const { txs, ledger, logs } = await adminRows(userId);
    // Issue 38 item 12: its own type (neither a purchase nor a usage), the admin's reason as written, no English prefix.
    expect(txs.map((t) => [t.type, t.amount, t.wallet_id, t.description])).toEqual([
      ['admin_adjustment', 15, null, 'Kargo gecikmesi telafisi'],
      ['admin_adjustment', -18, null, ''],
    ]);
    for (const t of txs) expect(t.user_email).toBe('kredi-set@example.com');
    expect(ledger.map((l) => [l.reason, l.delta])).toEqual([
      ['admin_credit', 15],
      ['admin_debit', -18],
    ]);
    expect(logs.map((l) => [l.action, l.admin_id, l.target_type])).toEqual([
      ['credits.set', adminId, 'user'],
      ['credits.set', adminId, 'user'],
    ]);
    expect(logs[0]!.old_values).toMatchObject({ balance: 10 });
    expect(logs[0]!.new_values).toMatchObject({ balance: 25, reason: 'Kargo gecikmesi telafisi' });
    expect(logs[1]!.old_values).toMatchObject({ balance: 25 });
    expect(logs[1]!.new_values).toMatchObject({ balance: 7 });

    expect(await balanceOf(db, userId)).toBe(7);
    expect(await ledgerSum(db, userId)).toBe(7);
    // The customer's pill hears about it.
    await waitFor(() => bus.events.some((e) => e.type === 'credits.changed' && e.userId === userId && e.balance === 7));
    bus.stop();
  });

  test('+10 / -10: floor at 0, capped by max_credits_per_user; balance equals the ledger sum', async () => {
    const admin = await adminClient(world);
    const { userId } = await customerClient(world, 'kredi-adjust@example.com');
    const adjust = (delta: number) => admin.mutate('admin.credits.adjust', { email: 'kredi-adjust@example.com', delta });

    expect((await adjust(10)).data.balance).toBe(20);
    expect((await adjust(-10)).data.balance).toBe(10);
    expect((await adjust(-10)).data.balance).toBe(0);
    const floor = await adjust(-10);
    expect(floor.status).toBe(200);
    expect(floor.data).toMatchObject({ balance: 0, changed: false });

    await setSetting(db, 'max_credits_per_user', '25');
    try {
      expect((await adjust(10)).data.balance).toBe(10);
      expect((await adjust(10)).data.balance).toBe(20);
      expect((await adjust(10)).data.balance).toBe(25); // stops at the cap
      const over = await adjust(10);
      expect(over.status).toBe(400);
      expect(over.error.message).toBe(M.adminForms.balanceOverCap('25'));
      const setOver = await admin.mutate('admin.credits.set', { email: 'kredi-adjust@example.com', balance: 26 });
      expect(setOver.status).toBe(400);
      expect(setOver.error.message).toBe('Kredi bakiyesi en fazla 25 olabilir');
      expect(await balanceOf(db, userId)).toBe(25);
      // Lowering is always allowed.
      expect((await admin.mutate('admin.credits.set', { email: 'kredi-adjust@example.com', balance: 3 })).data.balance).toBe(3);
    } finally {
      await setSetting(db, 'max_credits_per_user', '10000');
    }

    const { txs, ledger } = await adminRows(userId);
    expect(txs.map((t) => t.amount)).toEqual([10, -10, -10, 10, 10, 5, -22]);
    expect(new Set(txs.map((t) => t.type))).toEqual(new Set(['admin_adjustment']));
    expect(ledger.map((l) => l.delta)).toEqual([10, -10, -10, 10, 10, 5, -22]);
    expect(ledger.map((l) => l.reason)).toEqual([
      'admin_credit',
      'admin_debit',
      'admin_debit',
      'admin_credit',
      'admin_credit',
      'admin_credit',
      'admin_debit',
    ]);
    expect(await balanceOf(db, userId)).toBe(3);
    expect(await ledgerSum(db, userId)).toBe(3);
    const logs = await db.selectFrom('admin_logs').select('action').where('target_id', '=', userId).execute();
    expect(logs.filter((l) => l.action === 'credits.adjust')).toHaveLength(6);
  });

  test('unknown e-mail → "Kullanıcı bulunamadı"; negative balance refused by validation', async () => {
    const admin = await adminClient(world);
    const r = await admin.mutate('admin.credits.set', { email: 'kimse@example.com', balance: 5 });
    expect(r.status).toBe(404);
    expect(r.error.message).toBe(USER_NOT_FOUND);
    expect(r.error.message).toBe(M.admin.userNotFound);
    const a = await admin.mutate('admin.credits.adjust', { email: 'kimse@example.com', delta: 10 });
    expect(a.error.message).toBe(USER_NOT_FOUND);
    const neg = await admin.mutate('admin.credits.set', { email: 'kredi-set@example.com', balance: -1 });
    expect(neg.status).toBe(400);
    expect(neg.error.data.appCode).toBe('VALIDATION');
  });

  test('an expired trial is expired before the admin gives credits, so they are not swallowed', async () => {
    const admin = await adminClient(world);
    const { userId } = await customerClient(world, 'kredi-expired@example.com');
    await db
      .updateTable('users')
      .set({ credits_expire_at: new Date(Date.now() - 60_000) })
      .where('id', '=', userId)
      .execute();
    expect((await admin.mutate('admin.credits.set', { email: 'kredi-expired@example.com', balance: 30 })).data).toMatchObject({
      oldBalance: 0,
      balance: 30,
    });
    const u = await db
      .selectFrom('users')
      .select(['credits_balance', 'credits_expire_at'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(u.credits_balance).toBe(30);
    expect(u.credits_expire_at).toBeNull();
    expect(await ledgerSum(db, userId)).toBe(30);
  });

  test('a failing audit write never blocks the change (docs/product.md §6)', async () => {
    const admin = await adminClient(world);
    const { userId } = await customerClient(world, 'kredi-nolog@example.com');
    await sql`alter table admin_logs rename to admin_logs_away`.execute(db);
    const errors: { msg: string }[] = [];
    setProcessLogger(lineLogger((line) => errors.push(JSON.parse(line) as { msg: string }), 'error'));
    try {
      const r = await admin.mutate('admin.credits.set', { email: 'kredi-nolog@example.com', balance: 42 });
      expect(r.status).toBe(200);
      expect(r.data.balance).toBe(42);
    } finally {
      setProcessLogger(silentLogger);
      await sql`alter table admin_logs_away rename to admin_logs`.execute(db);
    }
    // The failed audit write is logged, not hidden.
    expect(errors.some((e) => e.msg.startsWith('admin audit'))).toBe(true);
    expect(await balanceOf(db, userId)).toBe(42);
    expect(await ledgerSum(db, userId)).toBe(42);
    expect((await adminRows(userId)).txs).toHaveLength(1);
  });
});

describe('admin.users (docs/product.md §4, D21)', () => {
  test('search, status and credit filters, server-side paging', async () => {
    const admin = await adminClient(world);
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      const email = `liste-${i}@example.com`;
      const { userId } = await customerClient(world, email, {
        companyName: i === 3 ? 'Özel Mobilya Atölyesi' : 'Liste Ltd',
        fullName: `Liste Kişi ${i}`,
      });
      made.push(userId);
    }
    // liste-0: passive (profile old, never signed in since); liste-1: no credits.
    const old = new Date(Date.now() - 40 * 86_400_000);
    await db.updateTable('profiles').set({ updated_at: old }).where('id', '=', made[0]!).execute();
    await db.updateTable('users').set({ last_sign_in_at: old }).where('id', '=', made[0]!).execute();
    await db.updateTable('users').set({ credits_balance: 0 }).where('id', '=', made[1]!).execute();

    const page1 = await admin.query('admin.users.list', { search: 'liste-', pageSize: 5, page: 1 });
    expect(page1.status).toBe(200);
    expect(page1.data.total).toBe(7);
    expect(page1.data.items).toHaveLength(5);
    expect(page1.data.pageCount).toBe(2);
    // Newest first.
    expect(page1.data.items[0]!.email).toBe('liste-6@example.com');
    const page2 = await admin.query('admin.users.list', { search: 'liste-', pageSize: 5, page: 2 });
    expect(page2.data.items.map((u) => u.email)).toEqual(['liste-1@example.com', 'liste-0@example.com']);

    const byCompany = await admin.query('admin.users.list', { search: 'özel mobilya' });
    expect(byCompany.data.items.map((u) => u.email)).toEqual(['liste-3@example.com']);
    const byName = await admin.query('admin.users.list', { search: 'Kişi 5' });
    expect(byName.data.items.map((u) => u.email)).toEqual(['liste-5@example.com']);
    // LIKE wildcards in the search are literal.
    expect((await admin.query('admin.users.list', { search: '%' })).data.total).toBe(0);

    const passive = await admin.query('admin.users.list', { search: 'liste-', status: 'passive' });
    expect(passive.data.items.map((u) => u.email)).toEqual(['liste-0@example.com']);
    expect(passive.data.items[0]!.active).toBe(false);
    const active = await admin.query('admin.users.list', { search: 'liste-', status: 'active' });
    expect(active.data.total).toBe(6);
    const none = await admin.query('admin.users.list', { search: 'liste-', credit: 'none' });
    expect(none.data.items.map((u) => u.email)).toEqual(['liste-1@example.com']);
    const has = await admin.query('admin.users.list', { search: 'liste-', credit: 'has' });
    expect(has.data.total).toBe(6);
  });

  test('Düzenle saves name, company, phone and balance with audit rows; a stale form keeps spent credits', async () => {
    const admin = await adminClient(world);
    const { client: cust, userId } = await customerClient(world, 'duzenle@example.com');
    const got = await admin.query('admin.users.get', { id: userId });
    expect(got.data.user).toMatchObject({ email: 'duzenle@example.com', fullName: 'Ayşe Yılmaz', balance: 10, disabled: false });

    const r = await admin.mutate('admin.users.update', {
      id: userId,
      fullName: 'Ayşe Kaya',
      companyName: 'Kaya Tekstil',
      phone: '',
      balance: 15,
      balanceBefore: 10,
      disabled: false,
    });
    expect(r.status).toBe(200);
    expect(r.data.user).toMatchObject({ fullName: 'Ayşe Kaya', companyName: 'Kaya Tekstil', phone: null, balance: 15 });
    expect((await cust.query('auth.me')).data.user).toMatchObject({ fullName: 'Ayşe Kaya', companyName: 'Kaya Tekstil', phone: null });
    const logs = await db.selectFrom('admin_logs').selectAll().where('target_id', '=', userId).orderBy('created_at').execute();
    expect(logs.map((l) => l.action).sort()).toEqual(['credits.set', 'user.update']);
    const upd = logs.find((l) => l.action === 'user.update')!;
    expect(upd.old_values).toMatchObject({ fullName: 'Ayşe Yılmaz', companyName: 'Ahşap Atölyesi', phone: '+905550000000' });
    expect(upd.new_values).toMatchObject({ fullName: 'Ayşe Kaya', companyName: 'Kaya Tekstil', phone: null });
    expect(await ledgerSum(db, userId)).toBe(15);

    // The customer spends meanwhile; the admin saves a form opened before that, without touching the balance.
    await db.updateTable('users').set({ credits_balance: 14 }).where('id', '=', userId).execute();
    await db.insertInto('credit_ledger').values({ user_id: userId, delta: -1, reason: 'generation', ref: 'test-spend' }).execute();
    const again = await admin.mutate('admin.users.update', {
      id: userId,
      fullName: 'Ayşe Kaya',
      companyName: 'Kaya Tekstil',
      phone: '+90 555 111 11 11',
      balance: 15,
      balanceBefore: 15,
      disabled: false,
    });
    expect(again.data.user.balance).toBe(14);
    expect(await ledgerSum(db, userId)).toBe(14);

    // Over the cap is refused and nothing is written.
    const over = await admin.mutate('admin.users.update', {
      id: userId,
      fullName: 'Başka İsim',
      companyName: null,
      phone: null,
      balance: 10_001,
      balanceBefore: 14,
      disabled: false,
    });
    expect(over.status).toBe(400);
    expect(over.error.message).toBe(M.adminForms.balanceOverCap('10.000'));
    expect((await admin.query('admin.users.get', { id: userId })).data.user.fullName).toBe('Ayşe Kaya');

    const missing = await admin.mutate('admin.users.update', {
      id: '00000000-0000-4000-8000-000000000000',
      fullName: 'Kimse',
      companyName: null,
      phone: null,
      balance: 0,
      disabled: false,
    });
    expect(missing.status).toBe(404);
    expect(missing.error.message).toBe(USER_NOT_FOUND);
  });

  test('disabling ends the sessions, announces them, and sign-in is refused with the D21 text', async () => {
    const admin = await adminClient(world);
    const { client: cust, userId } = await customerClient(world, 'kapat@example.com');
    expect((await cust.query('credits.balance')).status).toBe(200);
    const sessionIds = (await db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).map((s) => s.id);
    expect(sessionIds).toHaveLength(1);
    const bus = recordEvents(world);

    const base = {
      id: userId,
      fullName: 'Ayşe Yılmaz',
      companyName: 'Ahşap Atölyesi',
      phone: '+90 555 000 00 00',
      balance: 10,
      balanceBefore: 10,
    };
    const r = await admin.mutate('admin.users.update', { ...base, disabled: true });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ endedSessions: 1, user: { disabled: true } });
    expect(await db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    await waitFor(() => bus.events.some((e) => e.type === 'session.ended' && e.sessionId === sessionIds[0]));
    bus.stop();

    expect((await cust.query('auth.me')).data.user).toBeNull();
    expect((await cust.query('credits.balance')).status).toBe(401);
    const signIn = await clientFor(world).mutate('auth.signIn', { email: 'kapat@example.com', password: 'gizli-sifre' });
    expect(signIn.status).toBe(403);
    expect(signIn.error.message).toBe(DISABLED);
    expect((await admin.query('admin.users.list', { search: 'kapat@', status: 'disabled' })).data.total).toBe(1);

    const log = await db
      .selectFrom('admin_logs')
      .selectAll()
      .where('target_id', '=', userId)
      .where('action', '=', 'user.disable')
      .executeTakeFirstOrThrow();
    expect(log.admin_id).toBe(adminId);
    expect(log.old_values).toMatchObject({ disabled: false });
    expect(log.new_values).toMatchObject({ disabled: true });

    // Enabled again: signing in works.
    expect((await admin.mutate('admin.users.update', { ...base, disabled: false })).status).toBe(200);
    expect((await clientFor(world).mutate('auth.signIn', { email: 'kapat@example.com', password: 'gizli-sifre' })).status).toBe(200);
    expect(
      await db.selectFrom('admin_logs').select('id').where('target_id', '=', userId).where('action', '=', 'user.enable').execute(),
    ).toHaveLength(1);
  });
});
