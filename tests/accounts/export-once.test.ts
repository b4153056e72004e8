import { afterAll, beforeAll, expect, test } from 'vitest';
import { freshDatabase } from '../helpers/db';
import { userWithUpload } from '../helpers/fixtures';
import { requestExport } from '../../server/services/data-export';
import type { DbHandle } from '../../server/db';

/**
 * Issue 33 item 15: `requestExport` checked for a running export, then inserted one; 10 parallel
 * asks of one seller made 2 exports. Now one at a time per seller: the same 10 asks make one,
 * and every ask answers with it.
 */
let handle: DbHandle;
beforeAll(async () => {
  handle = await freshDatabase();
});
afterAll(async () => {
  await handle?.close();
});

test('10 parallel export requests of one seller queue exactly one export', async () => {
  const { user } = await userWithUpload(handle.db);
  const views = await Promise.all(Array.from({ length: 10 }, () => requestExport(handle.db, user.id)));
  const rows = await handle.db.selectFrom('data_exports').select(['id', 'status']).where('user_id', '=', user.id).execute();
  expect(rows).toHaveLength(1);
  expect(new Set(views.map((v) => v.id))).toEqual(new Set([rows[0]!.id]));
});

test('two sellers asking at once each get their own export', async () => {
  const [a, b] = [await userWithUpload(handle.db), await userWithUpload(handle.db)];
  await Promise.all([
    ...Array.from({ length: 5 }, () => requestExport(handle.db, a.user.id)),
    ...Array.from({ length: 5 }, () => requestExport(handle.db, b.user.id)),
  ]);
  for (const u of [a, b]) {
    const n = await handle.db.selectFrom('data_exports').select('id').where('user_id', '=', u.user.id).execute();
    expect(n).toHaveLength(1);
  }
});
