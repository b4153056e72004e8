import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { validSignUp } from '../helpers/server';
import { callerWorld, refusalOf } from '../helpers/caller';
import { freshDatabase } from '../helpers/db';
import { migratorFor } from '../../server/db/migrator';
import { M } from '../../shared/messages';
import { turkishPhoneE164 } from '../../shared/phone';

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

// The rules of the fields, on the procedures themselves (no HTTP server: nothing here is about cookies,
// statuses or headers; the HTTP answer's shape is the same formatter's, see refusalOf).
describe('phone fields', () => {
  let world: Awaited<ReturnType<typeof callerWorld>>;
  beforeAll(async () => {
    world = await callerWorld();
  });
  afterAll(async () => {
    await world?.close();
  });

  test('sign-up refuses "abc" with the Turkish text and creates nothing; a valid number is stored in E.164', async () => {
    const anon = await world.anonymous();
    const bad = await refusalOf(anon.auth.signUp({ ...validSignUp('tel-abc@example.com'), phone: 'abc' }), 'auth.signUp');
    expect(bad.data.httpStatus).toBe(400);
    expect(bad.data.fieldErrors?.phone).toBe(M.validation.phoneInvalid);
    expect(
      await world.deps.db.selectFrom('users').select('id').where('email', '=', 'tel-abc@example.com').executeTakeFirst(),
    ).toBeUndefined();

    const ok = await anon.auth.signUp({ ...validSignUp('tel-ok@example.com'), phone: '0 (532) 123 45 67' });
    expect(ok.user?.phone).toBe('+905321234567');
  });

  test('a profile update refuses a short number, keeps the stored one, and stores a landline or a blank', async () => {
    const { caller } = await world.seller('tel-profile@example.com');
    const stored = (await caller.auth.me()).user?.phone;
    expect(stored).toBeTruthy();
    const refused = await refusalOf(
      caller.auth.updateProfile({ fullName: 'Ayşe Yılmaz', companyName: null, phone: '12' }),
      'auth.updateProfile',
    );
    expect(refused.data.fieldErrors?.phone).toBe(M.validation.phoneInvalid);
    expect((await caller.auth.me()).user?.phone).toBe(stored);
    const landline = await caller.auth.updateProfile({ fullName: 'Ayşe Yılmaz', companyName: null, phone: '0212 345 67 89' });
    expect(landline.user.phone).toBe('+902123456789');
    const cleared = await caller.auth.updateProfile({ fullName: 'Ayşe Yılmaz', companyName: null, phone: '' });
    expect(cleared.user.phone).toBeNull();
  });
});

test('the migration rewrites stored Turkish numbers in E.164, blanks to null, and leaves what it cannot read', async () => {
  const h = await freshDatabase();
  try {
    const migrator = migratorFor(h.db);
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
