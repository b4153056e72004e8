import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Migrator } from 'kysely';
import { HttpClient, startTestServer, validSignUp } from '../helpers/server';
import { freshDatabase } from '../helpers/db';
import { migrations } from '../../migrations';
import { M } from '../../shared/messages';
import { turkishPhoneE164 } from '../../shared/phone';
import type { RunningServer } from '../../server/index';

describe('turkishPhoneE164', () => {
  test.each([
    ['0532 123 45 67', '+905321234567'],
    ['05321234567', '+905321234567'],
    ['532 123 4567', '+905321234567'],
    ['+90 (532) 123-45-67', '+905321234567'],
    ['0212 345 67 89', '+902123456789'],
    ['(0312) 444 55 66', '+903124445566'],
    ['0850 123 45 67', '+908501234567'],
  ])('%s is a Turkish line: %s', (input, e164) => {
    expect(turkishPhoneE164(input)).toBe(e164);
  });

  test.each(['abc', '', '0555', '0532 123 45', '0532 123 45 678', '+44 20 7946 0958', '1234567890123'])('%j is refused', (input) => {
    expect(turkishPhoneE164(input)).toBeNull();
  });
});

describe('phone fields', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  test('sign-up refuses "abc" with the Turkish text and creates nothing; a valid number is stored in E.164', async () => {
    const bad = await new HttpClient(server.url).mutate('auth.signUp', { ...validSignUp('tel-abc@example.com'), phone: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.error.data.fieldErrors?.phone).toBe(M.validation.phoneInvalid);
    expect(
      await server.deps.db.selectFrom('users').select('id').where('email', '=', 'tel-abc@example.com').executeTakeFirst(),
    ).toBeUndefined();

    const c = new HttpClient(server.url);
    const ok = await c.mutate('auth.signUp', { ...validSignUp('tel-ok@example.com'), phone: '0 (532) 123 45 67' });
    expect(ok.status).toBe(200);
    expect(ok.data.user?.phone).toBe('+905321234567');

    const refused = await c.mutate('auth.updateProfile', { fullName: 'Ayşe Yılmaz', companyName: null, phone: '12' });
    expect(refused.error.data.fieldErrors?.phone).toBe(M.validation.phoneInvalid);
    expect((await c.query('auth.me')).data.user?.phone).toBe('+905321234567');
    const landline = await c.mutate('auth.updateProfile', { fullName: 'Ayşe Yılmaz', companyName: null, phone: '0212 345 67 89' });
    expect(landline.data.user.phone).toBe('+902123456789');
    const cleared = await c.mutate('auth.updateProfile', { fullName: 'Ayşe Yılmaz', companyName: null, phone: '' });
    expect(cleared.data.user.phone).toBeNull();
  });
});

test('the migration rewrites stored Turkish numbers in E.164, blanks to null, and leaves what it cannot read', async () => {
  const h = await freshDatabase();
  try {
    const migrator = new Migrator({ db: h.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('2026-11-25T16-01-claims-true-landing')).error).toBeUndefined();
    const phones = ['0532 123 45 67', '+90 212 345 67 89', '   ', 'abc', '+44 20 7946 0958', null];
    for (const [i, phone] of phones.entries()) {
      const user = await h.db
        .insertInto('users')
        .values({ email: `m${i}@example.com`, password_hash: 'x' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await h.db
        .insertInto('profiles')
        .values({ id: user.id, email: `m${i}@example.com`, full_name: `Kişi ${i}`, phone })
        .execute();
    }
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await h.db.selectFrom('profiles').select(['email', 'phone']).orderBy('email').execute();
    expect(rows.map((r) => r.phone)).toEqual(['+905321234567', '+902123456789', null, 'abc', '+44 20 7946 0958', null]);
  } finally {
    await h.close();
  }
});
