import { afterAll, beforeAll, expect, test } from 'vitest';
import { freshDatabase } from '../helpers/db';
import { balanceOf, ledgerSum, userWithUpload } from '../helpers/fixtures';
import { createGeneration } from '../../server/services/generations';
import { LocalEventBus } from '../../server/events/bus';
import { AppError } from '../../server/errors';
import { M } from '../../shared/messages';
import type { DbHandle } from '../../server/db';
import { sql } from 'kysely';

let h: DbHandle;
beforeAll(async () => {
  h = await freshDatabase({ poolSize: 20 });
});
afterAll(async () => {
  await h.close();
});

test('25 concurrent image runs on 10 credits: exactly 10 accepted, balance 0, 10 usage rows (docs/security.md property 1)', async () => {
  const { user, uploadId } = await userWithUpload(h.db);
  const bus = new LocalEventBus();
  const results = await Promise.allSettled(
    Array.from({ length: 25 }, () => createGeneration({ db: h.db, bus }, user.id, { type: 'image', uploadId, prompt: 'stüdyo' })),
  );
  const ok = results.filter((r) => r.status === 'fulfilled');
  const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  expect(ok).toHaveLength(10);
  expect(refused).toHaveLength(15);
  for (const r of refused) {
    expect(r.reason).toBeInstanceOf(AppError);
    expect(r.reason.message).toBe('Krediniz yetersiz, lütfen kredi satın alın.');
    expect(r.reason.message).toBe(M.generation.insufficient);
  }
  expect(await balanceOf(h.db, user.id)).toBe(0);
  const usage = await h.db
    .selectFrom('credit_transactions')
    .select('id')
    .where('user_id', '=', user.id)
    .where('type', '=', 'usage')
    .execute();
  expect(usage).toHaveLength(10);
  const gens = await h.db.selectFrom('generations').select('id').where('user_id', '=', user.id).execute();
  expect(gens).toHaveLength(10);
  expect(await ledgerSum(h.db, user.id)).toBe(0);
});

test('a refused run writes nothing: no generation, no transaction, no ledger row', async () => {
  const { user, uploadId } = await userWithUpload(h.db);
  await h.db.updateTable('users').set({ credits_balance: 5 }).where('id', '=', user.id).execute();
  await h.db.insertInto('credit_ledger').values({ user_id: user.id, delta: -5, reason: 'test_adjust', ref: user.id }).execute();
  const before = await h.db.selectFrom('credit_ledger').select('id').where('user_id', '=', user.id).execute();
  await expect(
    createGeneration({ db: h.db, bus: new LocalEventBus() }, user.id, {
      type: 'video',
      uploadId,
      prompt: '',
      duration: 5,
      aspectRatio: '16:9',
    }),
  ).rejects.toThrow(M.generation.insufficient);
  expect(await balanceOf(h.db, user.id)).toBe(5);
  expect(await h.db.selectFrom('generations').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0);
  expect(await h.db.selectFrom('credit_ledger').select('id').where('user_id', '=', user.id).execute()).toHaveLength(before.length);
});

test('video costs video_credit_cost (6 by default) and follows the setting', async () => {
  const { user, uploadId } = await userWithUpload(h.db);
  await createGeneration({ db: h.db, bus: new LocalEventBus() }, user.id, {
    type: 'video',
    uploadId,
    prompt: '',
    duration: 5,
    aspectRatio: '9:16',
  });
  expect(await balanceOf(h.db, user.id)).toBe(4);
  await h.db
    .insertInto('settings')
    .values({ key: 'video_credit_cost', value: '3' })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: '3' }))
    .execute();
  await createGeneration({ db: h.db, bus: new LocalEventBus() }, user.id, {
    type: 'video',
    uploadId,
    prompt: '',
    duration: 5,
    aspectRatio: '9:16',
  });
  expect(await balanceOf(h.db, user.id)).toBe(1);
  await h.db.updateTable('settings').set({ value: '6' }).where('key', '=', 'video_credit_cost').execute();
});

test('unlimited balance (999999) records usage without lowering it (D7)', async () => {
  const { user, uploadId } = await userWithUpload(h.db);
  await h.db.updateTable('users').set({ credits_balance: 999999 }).where('id', '=', user.id).execute();
  await createGeneration({ db: h.db, bus: new LocalEventBus() }, user.id, {
    type: 'image',
    uploadId,
    prompt: 'x',
  });
  expect(await balanceOf(h.db, user.id)).toBe(999999);
  const usage = await h.db
    .selectFrom('credit_transactions')
    .select('amount')
    .where('user_id', '=', user.id)
    .where('type', '=', 'usage')
    .execute();
  expect(usage).toEqual([{ amount: -1 }]);
});

test("another user's upload cannot be used (docs/security.md property 16)", async () => {
  const a = await userWithUpload(h.db);
  const b = await userWithUpload(h.db);
  await expect(
    createGeneration({ db: h.db, bus: new LocalEventBus() }, b.user.id, {
      type: 'image',
      uploadId: a.uploadId,
      prompt: 'x',
    }),
  ).rejects.toMatchObject({
    appCode: 'NOT_FOUND',
  });
  expect(await balanceOf(h.db, b.user.id)).toBe(10);
});

test('the database refuses a negative balance (docs/security.md property 2)', async () => {
  const { user } = await userWithUpload(h.db);
  await expect(sql`update users set credits_balance = -1 where id = ${user.id}`.execute(h.db)).rejects.toThrow();
  expect(await balanceOf(h.db, user.id)).toBe(10);
});

test('expired credits are zeroed on spend with an expired ledger row (D8)', async () => {
  const { user, uploadId } = await userWithUpload(h.db);
  await h.db
    .updateTable('users')
    .set({ credits_expire_at: new Date(Date.now() - 1000) })
    .where('id', '=', user.id)
    .execute();
  await expect(
    createGeneration({ db: h.db, bus: new LocalEventBus() }, user.id, {
      type: 'image',
      uploadId,
      prompt: 'x',
    }),
  ).rejects.toThrow(M.generation.insufficient);
  const u = await h.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
  expect(u).toMatchObject({ credits_balance: 0, plan_code: null, credits_expire_at: null });
  const expired = await h.db
    .selectFrom('credit_ledger')
    .selectAll()
    .where('user_id', '=', user.id)
    .where('reason', '=', 'expired')
    .execute();
  expect(expired).toHaveLength(1);
  expect(expired[0]!.delta).toBe(-10);
  expect(await ledgerSum(h.db, user.id)).toBe(0);
});
