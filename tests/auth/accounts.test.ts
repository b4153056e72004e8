import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { validSignUp } from '../helpers/server';
import { callerWorld, type CallerWorld } from '../helpers/caller';
import { accountTableCounts } from '../helpers/inspect';
import { M } from '../../shared/messages';
import type { ApiError } from '../helpers/api';
import { setSetting } from '../../server/services/settings';
import type { Db } from '../../server/db';

// The account procedures' rules with no HTTP server (tests/helpers/caller.ts): nothing here is about
// cookies' attributes, headers or sockets.
let world: CallerWorld;
let db: Db;
let ipSeq = 0;

/** Each client its own address, so the sign-up-per-IP limiter does not couple tests. */
function client() {
  const c = world.client();
  c.headers['x-forwarded-for'] = `10.1.0.${++ipSeq}`;
  return c;
}

beforeAll(async () => {
  world = await callerWorld({ TRUST_PROXY: '1' });
  db = world.deps.db;
});
afterAll(async () => {
  await world?.close();
});
beforeEach(async () => {
  await setSetting(db, 'default_trial_credits', '10');
  await setSetting(db, 'allow_registrations', 'true');
});

describe('sign-up (D5, D6)', () => {
  test('creates user, profile, preferences and the trial grant from the setting', async () => {
    await setSetting(db, 'default_trial_credits', '7');
    const c = client();
    const before = Date.now();
    const r = await c.mutate('auth.signUp', validSignUp('trial7@example.com'));
    expect(r.status).toBe(200);
    expect(r.data.user).toMatchObject({ email: 'trial7@example.com', fullName: 'Ayşe Yılmaz', companyName: 'Ahşap Atölyesi' });
    const id: string = r.data.user!.id;

    const user = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(user.credits_balance).toBe(7);
    expect(user.plan_code).toBe('trial');
    expect(user.password_hash).not.toContain('gizli-sifre');
    expect(user.password_hash.startsWith('$argon2id$')).toBe(true);
    const expiry = new Date(user.credits_expire_at!).getTime();
    const sevenDays = 7 * 86_400_000;
    expect(expiry).toBeGreaterThanOrEqual(before + sevenDays - 5_000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + sevenDays + 5_000);

    const profile = await db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    // The phone as typed ("+90 555 000 00 00") is stored in E.164.
    expect(profile).toMatchObject({ email: 'trial7@example.com', full_name: 'Ayşe Yılmaz', phone: '+905550000000' });
    const prefs = await db.selectFrom('user_preferences').selectAll().where('user_id', '=', id).execute();
    expect(prefs).toHaveLength(1);

    const ledger = await db.selectFrom('credit_ledger').selectAll().where('user_id', '=', id).execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ reason: 'trial', delta: 7 });
    const tx = await db.selectFrom('credit_transactions').selectAll().where('user_id', '=', id).execute();
    expect(tx).toHaveLength(1);
    expect(tx[0]).toMatchObject({ amount: 7, user_email: 'trial7@example.com' });
    expect(ledger.reduce((s, l) => s + l.delta, 0)).toBe(user.credits_balance);

    // The client sees the same through the API, signed in by the sign-up itself.
    const bal = await c.query('credits.balance');
    expect(bal.data).toMatchObject({ balance: 7, planCode: 'trial', unlimited: false });
  });

  test('default setting gives 10 credits', async () => {
    const c = client();
    const r = await c.mutate('auth.signUp', validSignUp('ten@example.com'));
    expect(r.status).toBe(200);
    const bal = await c.query('credits.balance');
    expect(bal.data.balance).toBe(10);
  });

  test('duplicate e-mail, in any case, is refused and writes nothing', async () => {
    expect((await client().mutate('auth.signUp', validSignUp('ayse@example.com'))).status).toBe(200);
    const before = await accountTableCounts(db);
    const r = await client().mutate('auth.signUp', { ...validSignUp('AYSE@example.com'), fullName: 'Başka Biri' });
    expect(r.status).toBe(409);
    expect(r.error.message).toBe(M.auth.alreadyRegistered);
    expect(r.error.message).toBe('Bu e-posta adresi zaten kayıtlı');
    expect(r.error.data.appCode).toBe('EMAIL_TAKEN');
    expect(await accountTableCounts(db)).toEqual(before);
    const rows = await db
      .selectFrom('users')
      .select('email')
      .where(sql`lower(email)`, '=', 'ayse@example.com')
      .execute();
    expect(rows).toHaveLength(1);
  });

  test('e-mail is stored lower-cased and trimmed', async () => {
    const c = client();
    const r = await c.mutate('auth.signUp', validSignUp('  MiXeD@Example.COM '));
    expect(r.status).toBe(200);
    expect(r.data.user?.email).toBe('mixed@example.com');
  });

  const cases: Array<[string, Record<string, unknown>, string, string, string | null]> = [
    ['invalid e-mail', { email: 'not-an-email' }, 'email', M.validation.email, 'Geçerli bir e-posta adresi giriniz'],
    [
      'short password (a new password needs 8 characters)',
      { password: 'kedi-12', confirmPassword: 'kedi-12' },
      'password',
      M.validation.newPasswordMin,
      'Şifre en az 8 karakter olmalıdır',
    ],
    ['short full name', { fullName: 'A' }, 'fullName', M.validation.fullNameMin, 'Ad soyad en az 2 karakter olmalıdır'],
    ['blank full name', { fullName: '   ' }, 'fullName', M.validation.fullNameMin, 'Ad soyad en az 2 karakter olmalıdır'],
    ['password mismatch', { confirmPassword: 'baska-sifre' }, 'confirmPassword', M.validation.passwordMismatch, 'Şifreler eşleşmiyor'],
    ['terms not accepted', { acceptTerms: false }, 'acceptTerms', M.validation.termsRequired, null],
    ['terms missing', { acceptTerms: undefined }, 'acceptTerms', M.validation.termsRequired, null],
  ];
  test.each(cases)('%s → Turkish text on the field, nothing written', async (_name, patch, field, text, specText) => {
    const before = await accountTableCounts(db);
    const email = `val-${field}-${Math.random().toString(36).slice(2)}@example.com`;
    const r = await client().mutate('auth.signUp', { ...validSignUp(email), ...patch });
    expect(r.status).toBe(400);
    expect(r.error.message).toBe(text);
    if (specText) expect(r.error.message).toBe(specText);
    expect(r.error.data.appCode).toBe('VALIDATION');
    expect(r.error.data.fieldErrors?.[field]).toBe(text);
    expect(await accountTableCounts(db)).toEqual(before);
  });

  test('registrations closed → "Yeni kayıt şu anda kapalı", nothing written', async () => {
    await setSetting(db, 'allow_registrations', 'false');
    const before = await accountTableCounts(db);
    const c = client();
    const r = await c.mutate('auth.signUp', validSignUp('closed@example.com'));
    expect(r.status).toBe(403);
    expect(r.error.message).toBe(M.auth.signupsDisabled);
    expect(r.error.message).toBe('Yeni kayıt şu anda kapalı');
    expect(r.error.data.appCode).toBe('SIGNUPS_DISABLED');
    expect(await accountTableCounts(db)).toEqual(before);
    expect(c.cookies.has('vitrin_session')).toBe(false);
  });

  test('one transaction: a failure at the last insert leaves no user, profile or preferences', async () => {
    // The trial ledger row is the last write; make the database refuse it.
    await sql`alter table credit_ledger add constraint test_no_trial check (reason <> 'trial') not valid`.execute(db);
    try {
      const before = await accountTableCounts(db);
      const r = await client().mutate('auth.signUp', validSignUp('atomic@example.com'));
      expect(r.status).toBe(500);
      expect(r.error.message).toBe(M.common.unexpected);
      expect(r.error.data.appCode).toBe('INTERNAL');
      expect(JSON.stringify(r.error)).not.toMatch(/test_no_trial|credit_ledger|constraint|stack/i);
      expect(await accountTableCounts(db)).toEqual(before);
    } finally {
      await sql`alter table credit_ledger drop constraint test_no_trial`.execute(db);
    }
    // And the same e-mail signs up fine afterwards (nothing half-written blocks it).
    expect((await client().mutate('auth.signUp', validSignUp('atomic@example.com'))).status).toBe(200);
  });

  test('sign-ups per IP are limited', async () => {
    const c = client();
    let last: { status: number; error?: ApiError } = { status: 0 };
    for (let i = 0; i < 11; i++) {
      last = await c.mutate('auth.signUp', validSignUp(`burst${i}@example.com`));
      if (i < 10) expect(last.status).toBe(200);
    }
    expect(last.status).toBe(429);
    expect(last.error!.message).toBe('Çok fazla deneme. Lütfen biraz bekleyin');
    expect(await db.selectFrom('users').select('id').where('email', '=', 'burst10@example.com').executeTakeFirst()).toBeUndefined();
  });
});

describe('profile (docs/product.md §5, §8)', () => {
  test('updateProfile validates the name and saves', async () => {
    const c = client();
    const { data } = await c.mutate('auth.signUp', validSignUp('profile@example.com'));
    const id: string = data.user!.id;

    const bad = await c.mutate('auth.updateProfile', { fullName: 'X', companyName: 'Yeni Firma', phone: null });
    expect(bad.status).toBe(400);
    expect(bad.error.message).toBe(M.validation.fullNameMin);
    expect(bad.error.message).toBe('Ad soyad en az 2 karakter olmalıdır');
    expect(bad.error.data.fieldErrors?.fullName).toBe('Ad soyad en az 2 karakter olmalıdır');
    let row = await db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.full_name).toBe('Ayşe Yılmaz');
    expect(row.company_name).toBe('Ahşap Atölyesi');

    const ok = await c.mutate('auth.updateProfile', { fullName: '  Mehmet Öztürk ', companyName: '', phone: '+90 532 111 22 33' });
    expect(ok.status).toBe(200);
    expect(ok.data.user).toMatchObject({
      fullName: 'Mehmet Öztürk',
      companyName: null,
      phone: '+905321112233',
      email: 'profile@example.com',
    });
    row = await db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ full_name: 'Mehmet Öztürk', company_name: null, phone: '+905321112233' });
    const me = await c.query('auth.me');
    expect(me.data.user?.fullName).toBe('Mehmet Öztürk');
  });

  test('updateProfile needs a session', async () => {
    const r = await client().mutate('auth.updateProfile', { fullName: 'Kimse Değil', companyName: null, phone: null });
    expect(r.status).toBe(401);
    expect(r.error.data.appCode).toBe('UNAUTHENTICATED');
  });

  test('updateProfile cannot change the e-mail or another user', async () => {
    const a = client();
    const b = client();
    const ra = await a.mutate('auth.signUp', validSignUp('owner-a@example.com'));
    await b.mutate('auth.signUp', validSignUp('owner-b@example.com'));
    // Extra keys (email, id) are ignored: B only ever edits B.
    const r = await b.mutateUnchecked('auth.updateProfile', {
      fullName: 'Saldırgan',
      companyName: null,
      phone: null,
      email: 'x@example.com',
      id: ra.data.user!.id,
    });
    expect(r.status).toBe(200);
    expect(r.data.user.email).toBe('owner-b@example.com');
    expect((await a.query('auth.me')).data.user).toMatchObject({ fullName: 'Ayşe Yılmaz', email: 'owner-a@example.com' });
  });
});

describe('preferences (D18, docs/product.md §9)', () => {
  const SPEC_DEFAULTS = {
    language: 'tr',
    timezone: 'Europe/Istanbul',
    theme: 'light',
    notifications: { email: true, push: false, marketing: true, updates: true },
    privacy: { profileVisible: true, showActivity: false, dataCollection: true },
  };

  test('new accounts get the SPEC defaults', async () => {
    const c = client();
    await c.mutate('auth.signUp', validSignUp('prefs-default@example.com'));
    const r = await c.query('auth.preferences');
    expect(r.status).toBe(200);
    expect(r.data).toEqual(SPEC_DEFAULTS);
  });

  test('each section saves on its own and leaves the others untouched', async () => {
    const c = client();
    await c.mutate('auth.signUp', validSignUp('prefs-save@example.com'));

    const n = await c.mutate('auth.savePreferences', {
      section: 'notifications',
      notifications: { email: false, push: true, marketing: false, updates: true },
    });
    expect(n.status).toBe(200);
    let p = (await c.query('auth.preferences')).data;
    expect(p).toEqual({ ...SPEC_DEFAULTS, notifications: { email: false, push: true, marketing: false, updates: true } });

    await c.mutate('auth.savePreferences', {
      section: 'privacy',
      privacy: { profileVisible: false, showActivity: true, dataCollection: false },
    });
    p = (await c.query('auth.preferences')).data;
    expect(p.notifications).toEqual({ email: false, push: true, marketing: false, updates: true });
    expect(p.privacy).toEqual({ profileVisible: false, showActivity: true, dataCollection: false });
    expect(p.theme).toBe('light');

    await c.mutate('auth.savePreferences', { section: 'preferences', language: 'en', timezone: 'Europe/London', theme: 'dark' });
    p = (await c.query('auth.preferences')).data;
    expect(p).toEqual({
      language: 'en',
      timezone: 'Europe/London',
      theme: 'dark',
      notifications: { email: false, push: true, marketing: false, updates: true },
      privacy: { profileVisible: false, showActivity: true, dataCollection: false },
    });
  });

  test('invalid values are refused and change nothing', async () => {
    const c = client();
    await c.mutate('auth.signUp', validSignUp('prefs-bad@example.com'));
    const before = (await c.query('auth.preferences')).data;
    for (const bad of [
      { section: 'preferences', language: 'tr', timezone: 'Europe/Istanbul', theme: 'neon' },
      { section: 'preferences', language: 'de', timezone: 'Europe/Istanbul', theme: 'dark' },
      { section: 'preferences', language: 'tr', timezone: 'Asia/Tokyo', theme: 'dark' },
      { section: 'notifications', notifications: { email: 'yes', push: false, marketing: true, updates: true } },
      { section: 'everything', theme: 'dark' },
    ]) {
      const r = await c.mutateUnchecked('auth.savePreferences', bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.error.data.appCode).toBe('VALIDATION');
    }
    expect((await c.query('auth.preferences')).data).toEqual(before);
  });

  test('each user only sees and saves their own preferences', async () => {
    const a = client();
    const b = client();
    await a.mutate('auth.signUp', validSignUp('prefs-a@example.com'));
    await b.mutate('auth.signUp', validSignUp('prefs-b@example.com'));
    await a.mutate('auth.savePreferences', { section: 'preferences', language: 'en', timezone: 'America/New_York', theme: 'auto' });
    expect((await a.query('auth.preferences')).data.theme).toBe('auto');
    expect((await b.query('auth.preferences')).data).toEqual(SPEC_DEFAULTS);
    const anon = await client().query('auth.preferences');
    expect(anon.status).toBe(401);
    expect(anon.data).toBeUndefined();
  });

  test('a stored section missing a newer key keeps the saved values and defaults only the new key', async () => {
    const c = client();
    const { data } = await c.mutate('auth.signUp', validSignUp('prefs-old@example.com'));
    // A row written before `updates` existed.
    await db
      .updateTable('user_preferences')
      .set({ data: JSON.stringify({ notifications: { email: false, push: true, marketing: false }, theme: 'dark' }) })
      .where('user_id', '=', data.user!.id)
      .execute();
    const p = (await c.query('auth.preferences')).data;
    expect(p.notifications).toEqual({ email: false, push: true, marketing: false, updates: true });
    expect(p.theme).toBe('dark');
    expect(p.privacy).toEqual(SPEC_DEFAULTS.privacy);
  });
});
