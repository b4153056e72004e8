import { expect, test } from 'vitest';
import { migrationDatabase } from '../helpers/migration-db';

// Issue 38 item 12: admin balance changes written before their own ledger type (a "purchase" or a
// "usage" with an English "Admin adjustment: " prefix) become `admin_adjustment` rows carrying only
// the admin's reason; a real purchase or usage is left alone; down restores them.
const BEFORE = '2026-11-25T16-40-fal-provider-inputs';

const t = migrationDatabase();

test('old admin adjustments move to their own type; other rows stay; the type is accepted; down and up again', async () => {
  expect((await t.migrator.migrateTo(BEFORE)).error).toBeUndefined();
  const db = t.old;
  const user = await db
    .insertInto('users')
    .values({ email: 'eski@example.com', password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = (type: string, amount: number, description: string, extra: object = {}) => ({
    user_id: user.id,
    user_email: 'eski@example.com',
    type,
    amount,
    description,
    ...extra,
  });
  await db
    .insertInto('credit_transactions')
    .values([
      row('purchase', 41, 'Admin adjustment: Manuel güncelleme'),
      row('usage', -10, 'Admin adjustment: 10 kredi düşüldü'),
      row('purchase', 60, 'Temel paket satın alımı', { amount_paid_cents: 14990, provider: 'test', plan_code: 'basic' }),
      row('usage', -1, 'Fotoğraf oluşturma'),
    ])
    .execute();
  // The old constraint refuses the new type.
  await expect(
    db
      .insertInto('credit_transactions')
      .values(row('admin_adjustment', 1, ''))
      .execute(),
  ).rejects.toThrow();

  expect((await t.migrator.migrateToLatest()).error).toBeUndefined();
  const read = () => db.selectFrom('credit_transactions').select(['type', 'amount', 'description']).orderBy('amount').execute();
  expect(await read()).toEqual([
    { type: 'admin_adjustment', amount: -10, description: '10 kredi düşüldü' },
    { type: 'usage', amount: -1, description: 'Fotoğraf oluşturma' },
    { type: 'admin_adjustment', amount: 41, description: 'Manuel güncelleme' },
    { type: 'purchase', amount: 60, description: 'Temel paket satın alımı' },
  ]);
  await db
    .insertInto('credit_transactions')
    .values(row('admin_adjustment', 2, 'Telafi'))
    .execute();
  await expect(
    db
      .insertInto('credit_transactions')
      .values(row('gift', 1, ''))
      .execute(),
  ).rejects.toThrow();

  expect((await t.migrator.migrateTo(BEFORE)).error).toBeUndefined();
  expect((await read()).map((r) => [r.type, r.description])).toEqual([
    ['usage', 'Admin adjustment: 10 kredi düşüldü'],
    ['usage', 'Fotoğraf oluşturma'],
    ['purchase', 'Admin adjustment: Telafi'],
    ['purchase', 'Admin adjustment: Manuel güncelleme'],
    ['purchase', 'Temel paket satın alımı'],
  ]);
  expect((await t.migrator.migrateToLatest()).error).toBeUndefined();
});
