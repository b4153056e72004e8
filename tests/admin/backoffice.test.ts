import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import { validSignUp } from '../helpers/server';
import { callerWorld, type CallerClient, type CallerWorld } from '../helpers/caller';
import { M } from '../../shared/messages';
import { UNLIMITED_BALANCE } from '../../shared/constants';
import { monthStart } from '../../server/services/months';
import { applyPaymentEvent } from '../../server/services/payments';
import type { Db } from '../../server/db';
import { adminCaller, adminClient, adminIdOf, clientFor, customerClient } from './helpers';

const SIGNUPS_CLOSED = 'Yeni kayıt şu anda kapalı';
const MAINTENANCE = 'Bakım çalışması nedeniyle kısa bir süre hizmet veremiyoruz.';

// The back-office's procedures with no HTTP server (tests/helpers/caller.ts); its upload route, which is
// HTTP, is tested over a server in tests/security/upload-body.test.ts.
let world: CallerWorld;
let db: Db;
let adminId: string;
let admin: CallerClient;

beforeAll(async () => {
  world = await callerWorld({ TRUST_PROXY: '1' }, { portfolio: true });
  db = world.deps.db;
  adminId = await adminIdOf(world);
  admin = await adminClient(world);
});
afterAll(async () => {
  await world?.close();
});

async function logsOf(action: string) {
  return db.selectFrom('admin_logs').selectAll().where('action', '=', action).orderBy('created_at').execute();
}

async function insertGeneration(userId: string, type: 'image' | 'video', status: 'queued' | 'completed', createdAt = new Date()) {
  return db
    .insertInto('generations')
    .values({
      user_id: userId,
      type,
      status,
      credits_used: type === 'image' ? 1 : 6,
      parameters: JSON.stringify({ prompt: 'test' }),
      created_at: createdAt,
      completed_at: status === 'completed' ? createdAt : null,
      // Kept away from any worker: these rows are fixtures, not jobs.
      run_after: new Date(Date.now() + 3_600_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe('admin.dashboard (docs/product.md §7) on known fixtures', () => {
  test('the six statistics and the 30-day charts', async () => {
    const now = new Date();
    const a = await customerClient(world, 'dash-a@example.com');
    const b = await customerClient(world, 'dash-b@example.com');
    const c = await customerClient(world, 'dash-c@example.com');
    // c is passive: profile and sign-in 40 days old; b is unlimited.
    const old = new Date(now.getTime() - 40 * 86_400_000);
    await db.updateTable('profiles').set({ updated_at: old }).where('id', '=', c.userId).execute();
    await db.updateTable('users').set({ last_sign_in_at: old }).where('id', '=', c.userId).execute();
    await db.updateTable('users').set({ credits_balance: UNLIMITED_BALANCE }).where('id', '=', b.userId).execute();
    await db.updateTable('users').set({ credits_balance: 7 }).where('id', '=', c.userId).execute();

    // Usage this month: 4 + 6, minus a refund of 1; usage before the month does not count.
    const lastMonth = new Date(monthStart(now).getTime() - 86_400_000);
    const tx = (type: 'usage' | 'refund', amount: number, createdAt: Date) => ({
      user_id: a.userId,
      user_email: 'dash-a@example.com',
      type,
      amount,
      description: 'test',
      created_at: createdAt,
    });
    await db
      .insertInto('credit_transactions')
      .values([tx('usage', -4, now), tx('usage', -6, now), tx('refund', 1, now), tx('usage', -50, lastMonth)])
      .execute();
    await insertGeneration(a.userId, 'image', 'completed');
    await insertGeneration(a.userId, 'video', 'queued');
    await insertGeneration(c.userId, 'image', 'completed', new Date(now.getTime() - 3 * 86_400_000));
    await db
      .insertInto('contact_messages')
      .values([
        { name: 'Okunmamış Bir', email: 'm1@example.com', message: 'Merhaba, bir sorum var.' },
        { name: 'Okunmamış İki', email: 'm2@example.com', message: 'Merhaba, bir sorum daha var.' },
        { name: 'Okunmuş', email: 'm3@example.com', message: 'Teşekkürler, hallettik.', is_read: true, read_at: now, read_by: adminId },
      ])
      .execute();

    const r = await admin.query('admin.dashboard');
    expect(r.status).toBe(200);
    expect(r.data.stats).toEqual({
      totalUsers: 3,
      activeUsers: 2,
      creditsUsedThisMonth: 9,
      unreadMessages: 2,
      totalCreditsDistributed: 10 + 7,
      unlimitedUsers: 1,
      totalGenerations: 3,
    });
    const charts = r.data.charts as { day: string; signups: number; images: number; videos: number; creditsUsed: number }[];
    expect(charts).toHaveLength(30);
    const today = charts[29]!;
    expect(today.day).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(now));
    expect(today).toMatchObject({ signups: 3, images: 1, videos: 1, creditsUsed: 9 });
    expect(charts[26]).toMatchObject({ images: 1 });
    expect(charts.reduce((s, d) => s + d.signups, 0)).toBe(3);
  });

  test('admin.onActivity backfills the latest 5, then streams signups, generations and messages live', async () => {
    const caller = await adminCaller(world, admin);
    const iterable = (await caller.admin.onActivity()) as AsyncIterable<unknown>;
    const it = iterable[Symbol.asyncIterator]();
    const unwrap = (v: unknown) => (Array.isArray(v) ? v[1] : v) as { id: string; kind: string; summary: string; live: boolean };
    const backfill = [];
    for (let i = 0; i < 5; i++) backfill.push(unwrap((await it.next()).value));
    expect(backfill).toHaveLength(5);
    expect(backfill.every((e) => !e.live)).toBe(true);
    expect(backfill.map((e) => e.kind)).toContain('message');

    // A real sign-up publishes admin.activity {kind: 'signup'}.
    const { userId } = await customerClient(world, 'canli-kayit@example.com');
    const signup = unwrap((await it.next()).value);
    expect(signup).toMatchObject({ kind: 'signup', summary: 'canli-kayit@example.com', live: true });

    // Generations: queued → "new", completed → "done"; processing is not shown.
    const gen = await insertGeneration(userId, 'video', 'queued');
    for (const status of ['queued', 'processing', 'completed'] as const) {
      world.deps.bus.publish({ type: 'generation.updated', userId, generationId: gen.id, status, progress: 0 });
    }
    const created = unwrap((await it.next()).value);
    expect(created).toMatchObject({
      kind: 'generation_created',
      id: `generation_created:${gen.id}`,
      summary: `canli-kayit@example.com · ${M.adminDashboard.genVideo}`,
    });
    const done = unwrap((await it.next()).value);
    expect(done).toMatchObject({ kind: 'generation_completed', id: `generation_completed:${gen.id}` });

    // The public contact form.
    const contact = await clientFor(world).mutate('content.submitContact', {
      name: 'Canlı Mesaj',
      email: 'canli@example.com',
      message: 'Admin panelinde anında görünmeli.',
    });
    expect(contact.status).toBe(200);
    const msg = unwrap((await it.next()).value);
    expect(msg).toMatchObject({ kind: 'message', summary: M.contact.activity('Canlı Mesaj'), live: true });
    await it.return?.();
  });
});

describe('admin.messages (docs/product.md §4, D20)', () => {
  test('list with search and filter; read and unread are persisted with the admin id and audited', async () => {
    const list = await admin.query('admin.messages.list', { filter: 'unread' });
    expect(list.status).toBe(200);
    expect(list.data.items.every((m) => !m.isRead)).toBe(true);
    const target = list.data.items.find((m) => m.name === 'Okunmamış Bir');
    expect(target).toBeTruthy();
    const unreadBefore = list.data.unread;

    const read = await admin.mutate('admin.messages.markRead', { id: target!.id });
    expect(read.status).toBe(200);
    expect(read.data).toMatchObject({ isRead: true, readBy: { id: adminId, email: 'admin@test.local' } });
    let row = await db.selectFrom('contact_messages').selectAll().where('id', '=', target!.id).executeTakeFirstOrThrow();
    expect(row.is_read).toBe(true);
    expect(row.read_by).toBe(adminId);
    expect(row.read_at).not.toBeNull();
    expect((await admin.query('admin.messages.list', { filter: 'unread' })).data.unread).toBe(unreadBefore - 1);
    expect((await admin.query('admin.dashboard')).data.stats.unreadMessages).toBe(unreadBefore - 1);

    const unread = await admin.mutate('admin.messages.markUnread', { id: target!.id });
    expect(unread.data).toMatchObject({ isRead: false, readAt: null, readBy: null });
    row = await db.selectFrom('contact_messages').selectAll().where('id', '=', target!.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_read: false, read_at: null, read_by: null });

    const logs = [...(await logsOf('message.read')), ...(await logsOf('message.unread'))].filter((l) => l.target_id === target!.id);
    expect(logs.map((l) => [l.action, l.admin_id, l.target_type])).toEqual([
      ['message.read', adminId, 'contact_message'],
      ['message.unread', adminId, 'contact_message'],
    ]);

    const search = await admin.query('admin.messages.list', { search: 'hallettik' });
    expect(search.data.items.map((m) => m.name)).toEqual(['Okunmuş']);
    const readOnly = await admin.query('admin.messages.list', { filter: 'read' });
    expect(readOnly.data.items.every((m) => m.isRead)).toBe(true);
    expect((await admin.mutate('admin.messages.markRead', { id: randomUUID() })).status).toBe(404);
  });
});

describe('admin.settings (D23): effects at once', () => {
  test('allow_registrations=false refuses sign-up; maintenance blocks customers, not the admin; audited', async () => {
    const before = (await admin.query('admin.settings.list')).data.values;
    expect(before).toMatchObject({ siteName: 'Vitrin AI', allowRegistrations: true, maintenanceMode: false, maxCreditsPerUser: 10000 });
    const { client: cust } = await customerClient(world, 'ayarlar@example.com');

    const closed = await admin.mutate('admin.settings.save', { ...before, allowRegistrations: false, defaultTrialCredits: 3 });
    expect(closed.status).toBe(200);
    expect(closed.data.changed.sort()).toEqual(['allow_registrations', 'default_trial_credits']);
    const refused = await clientFor(world).mutate('auth.signUp', validSignUp('kapali@example.com'));
    expect(refused.status).toBe(403);
    expect(refused.error.message).toBe(SIGNUPS_CLOSED);

    const maint = await admin.mutate('admin.settings.save', { ...before, defaultTrialCredits: 3, maintenanceMode: true });
    expect(maint.data.changed.sort()).toEqual(['allow_registrations', 'maintenance_mode']);
    const blocked = await cust.query('credits.balance');
    expect(blocked.status).toBe(503);
    expect(blocked.error.message).toBe(MAINTENANCE);
    expect((await admin.query('admin.dashboard')).status).toBe(200);
    expect((await admin.query('admin.settings.list')).data.values.maintenanceMode).toBe(true);

    await admin.mutate('admin.settings.save', { ...before, defaultTrialCredits: 3 });
    expect((await cust.query('credits.balance')).status).toBe(200);
    // default_trial_credits applies to the next sign-up.
    const fresh = await customerClient(world, 'uc-kredi@example.com');
    expect((await fresh.client.query('credits.balance')).data.balance).toBe(3);
    await admin.mutate('admin.settings.save', before);

    const logs = await logsOf('settings.update');
    expect(logs.length).toBe(4);
    expect(logs[0]).toMatchObject({ admin_id: adminId, target_type: 'settings' });
    expect(logs[0]!.old_values).toEqual({ allow_registrations: 'true', default_trial_credits: '10' });
    expect(logs[0]!.new_values).toEqual({ allow_registrations: 'false', default_trial_credits: '3' });
    const stored = await db
      .selectFrom('settings')
      .select(['value', 'updated_by'])
      .where('key', '=', 'maintenance_mode')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ value: 'false', updated_by: adminId });

    // Validation: the support e-mail must be an e-mail; costs at least 1.
    const bad = await admin.mutate('admin.settings.save', { ...before, supportEmail: 'destek', videoCreditCost: 0 });
    expect(bad.status).toBe(400);
    expect(bad.error.data.fieldErrors).toMatchObject({ supportEmail: M.validation.email });
  });
});

describe('admin.content, portfolio and testimonials', () => {
  test('content: saves only changed texts, reset restores the defaults; landing shows changes at once', async () => {
    const list = await admin.query('admin.content.list');
    expect(list.status).toBe(200);
    const sections = list.data.items.map((i) => i.section);
    expect([...sections]).toEqual([...sections].sort());
    expect(list.data.counts.stats).toEqual({ total: 4, active: 4 });
    expect(list.data.counts.features.total).toBe(4);
    const title = list.data.items.find((i) => i.section === 'hero' && i.key === 'title');
    const subtitle = list.data.items.find((i) => i.section === 'hero' && i.key === 'subtitle');

    // Warm the landing cache, then change a text.
    await clientFor(world).query('content.landing');
    const saved = await admin.mutate('admin.content.save', {
      items: [
        { id: title!.id, value: 'Yeni başlık' },
        { id: subtitle!.id, value: subtitle!.value },
      ],
    });
    expect(saved.data).toEqual({ saved: 1 });
    expect((await clientFor(world).query('content.landing')).data.content.hero.title).toBe('Yeni başlık');
    const row = await db.selectFrom('site_content').selectAll().where('id', '=', title!.id).executeTakeFirstOrThrow();
    expect(row.updated_by).toBe(adminId);
    const logs = await logsOf('content.update');
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ target_id: title!.id, target_type: 'site_content' });
    expect(logs[0]!.old_values).toMatchObject({ value: M.defaults.content.hero.title[0] });
    expect(logs[0]!.new_values).toMatchObject({ value: 'Yeni başlık' });

    const reset = await admin.mutate('admin.content.reset');
    expect(reset.data).toEqual({ reset: 1 });
    expect((await clientFor(world).query('content.landing')).data.content.hero.title).toBe(M.defaults.content.hero.title[0]);
    const resetLog = await logsOf('content.reset');
    expect(resetLog).toHaveLength(1);
    expect(resetLog[0]!.new_values).toEqual({ 'hero.title': M.defaults.content.hero.title[0] });
  });

  test('portfolio: create, update, toggle, delete — audited, landing updated at once', async () => {
    await clientFor(world).query('content.landing');
    const fields = {
      title: 'Meşe sandalye',
      description: 'Atölye çekiminden katalog görseline.',
      category: 'Mobilya' as const,
      beforeImageUrl: '/api/files/public/portfolio/before.jpg',
      afterImageUrl: 'https://cdn.example.com/after.jpg',
      displayOrder: 0,
    };
    const created = await admin.mutate('admin.portfolio.create', fields);
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({ ...fields, isActive: true });
    const id = created.data.id;
    expect((await clientFor(world).query('content.landing')).data.portfolio.map((p) => p.title)).toContain('Meşe sandalye');

    const updated = await admin.mutateUnchecked('admin.portfolio.update', {
      ...fields,
      id,
      title: 'Meşe sandalye (yeni)',
      displayOrder: '',
    });
    expect(updated.data).toMatchObject({ title: 'Meşe sandalye (yeni)', displayOrder: 0 });
    const hidden = await admin.mutate('admin.portfolio.toggle', { id, isActive: false });
    expect(hidden.data.isActive).toBe(false);
    expect((await clientFor(world).query('content.landing')).data.portfolio.map((p) => p.id)).not.toContain(id);
    expect((await admin.query('admin.portfolio.list')).data.map((p) => p.id)).toContain(id);
    expect((await admin.mutate('admin.portfolio.delete', { id })).status).toBe(200);
    expect((await admin.query('admin.portfolio.list')).data.map((p) => p.id)).not.toContain(id);

    const logs = await db.selectFrom('admin_logs').selectAll().where('target_id', '=', id).orderBy('created_at').execute();
    expect(logs.map((l) => l.action)).toEqual(['portfolio.create', 'portfolio.update', 'portfolio.toggle', 'portfolio.delete']);
    expect(logs[1]!.old_values).toEqual({ title: 'Meşe sandalye' });
    expect(logs[1]!.new_values).toEqual({ title: 'Meşe sandalye (yeni)' });
    expect(logs[3]!.old_values).toMatchObject({ title: 'Meşe sandalye (yeni)', category: 'Mobilya' });

    // Validation: category from the list, URLs http(s) or site paths only.
    const bad = await admin.mutateUnchecked('admin.portfolio.create', {
      ...fields,
      category: 'Araba',
      beforeImageUrl: 'javascript:alert(1)',
    });
    expect(bad.status).toBe(400);
    expect(bad.error.data.fieldErrors?.beforeImageUrl).toBe(M.adminForms.imageUrlInvalid);
    const defaults = await admin.mutate('admin.portfolio.create', {
      title: 'Varsayılanlar',
      beforeImageUrl: '/a.jpg',
      afterImageUrl: '/b.jpg',
    });
    expect(defaults.data).toMatchObject({ category: 'Mobilya', displayOrder: 0, description: '' });
  });

  test('testimonials: create, edit, toggle, delete — landing shows the edit at once', async () => {
    const list = await admin.query('admin.testimonials.list');
    expect(list.data).toHaveLength(3);
    const first = list.data[0]!;
    // Seeded testimonials are drafts: not on the landing page until an admin publishes one.
    expect(first.isActive).toBe(false);
    expect((await clientFor(world).query('content.landing')).data.testimonials.find((t) => t.id === first.id)).toBeUndefined();
    expect((await admin.mutate('admin.testimonials.toggle', { id: first.id, isActive: true })).data.isActive).toBe(true);
    const edited = await admin.mutate('admin.testimonials.update', {
      ...first,
      isActive: true,
      text: 'Harika bir hizmet, herkese öneririm.',
      rating: 4,
    });
    expect(edited.status).toBe(200);
    const landing = (await clientFor(world).query('content.landing')).data;
    expect(landing.testimonials.find((t) => t.id === first.id)).toMatchObject({ text: 'Harika bir hizmet, herkese öneririm.', rating: 4 });

    const created = await admin.mutate('admin.testimonials.create', { name: 'Deniz Ak', text: 'Çok memnunuz.', imageUrl: '' });
    expect(created.data).toMatchObject({ rating: 5, displayOrder: 0, imageUrl: null, company: null, isActive: true });
    expect((await admin.mutate('admin.testimonials.create', { name: 'X Y', text: 'a', rating: 6 })).status).toBe(400);
    expect((await admin.mutate('admin.testimonials.toggle', { id: created.data.id, isActive: false })).data.isActive).toBe(false);
    expect((await admin.mutate('admin.testimonials.delete', { id: created.data.id })).status).toBe(200);
    const actions = (
      await db.selectFrom('admin_logs').select('action').where('target_type', '=', 'testimonial').orderBy('created_at').execute()
    ).map((l) => l.action);
    expect(actions).toEqual(['testimonial.toggle', 'testimonial.update', 'testimonial.create', 'testimonial.toggle', 'testimonial.delete']);
  });
});

describe('admin.webhooks and admin.logs', () => {
  test('webhook events (unmatched flagged with summary) and ledger rows, newest first, 20 each', async () => {
    const { userId } = await customerClient(world, 'webhook@example.com');
    const base = {
      provider: 'stripe' as const,
      eventType: 'checkout.session.completed',
      kind: 'payment' as const,
      customerId: null,
      amountCents: 7900,
      currency: 'usd',
      periodEnd: null,
      card: null,
    };
    expect(
      await applyPaymentEvent(
        { db, bus: world.deps.bus },
        { ...base, eventKey: 'stripe:evt_ok', paymentRef: 'pay_ok', userRef: userId, email: 'webhook@example.com', plan: 'basic' },
      ),
    ).toBe('credited');
    expect(
      await applyPaymentEvent(
        { db, bus: world.deps.bus },
        { ...base, eventKey: 'stripe:evt_lost', paymentRef: 'pay_lost', userRef: null, email: 'kayip@example.com', plan: 'standard' },
      ),
    ).toBe('unmatched');

    const r = await admin.query('admin.webhooks.list');
    expect(r.status).toBe(200);
    expect(r.data.events.map((e) => e.eventKey)).toEqual(['stripe:evt_lost', 'stripe:evt_ok']);
    expect(r.data.events[0]).toMatchObject({
      matched: false,
      summary: { email: 'kayip@example.com', plan: 'standard', amountCents: 7900 },
    });
    expect(r.data.events[1]).toMatchObject({ matched: true, userEmail: 'webhook@example.com' });
    expect(r.data.ledger.length).toBeLessThanOrEqual(20);
    expect(r.data.ledger[0]).toMatchObject({ reason: 'purchase', delta: 60, ref: 'pay_ok', email: 'webhook@example.com' });
    const times = r.data.ledger.map((l) => l.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  test('the audit log: newest first, joined to the admin, filterable by action, 50 per page', async () => {
    const r = await admin.query('admin.logs.list', { page: 1 });
    expect(r.status).toBe(200);
    expect(r.data.pageSize).toBe(50);
    expect(r.data.total).toBeGreaterThan(10);
    expect(r.data.items[0]!.admin).toEqual({ id: adminId, name: M.admin.defaultAdminName, email: 'admin@test.local' });
    const times = r.data.items.map((l) => l.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(r.data.actions).toEqual(expect.arrayContaining(['settings.update', 'portfolio.delete', 'message.read', 'testimonial.create']));
    const filtered = await admin.query('admin.logs.list', { page: 1, action: 'settings.update' });
    expect(filtered.data.total).toBe(4);
    expect(filtered.data.items.every((l) => l.action === 'settings.update')).toBe(true);
    expect(filtered.data.items[0]!.newValues).toBeTypeOf('object');
  });
});
