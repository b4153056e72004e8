import { afterAll, beforeAll, expect, test } from 'vitest';
import { freshDatabase } from '../helpers/db';
import { userWithUpload } from '../helpers/fixtures';
import { getBalance } from '../../server/services/credits';
import { setSetting } from '../../server/services/settings';
import type { DbHandle } from '../../server/db';

// Issue 38 item 4: the balance says where "low" starts for this seller — a share of the period's
// credits (the trial's from the install's setting, or the package's) — the same line as the e-mail.

let h: DbHandle;
beforeAll(async () => {
  h = await freshDatabase();
});
afterAll(async () => {
  await h.close();
});

test('a 10-credit trial is low below 2, a basic package (60) below 12, a 50-credit trial below 10', async () => {
  const { user } = await userWithUpload(h.db);
  const set = (plan_code: string | null, credits_balance: number) =>
    h.db.updateTable('users').set({ plan_code, credits_balance, credits_expire_at: null }).where('id', '=', user.id).execute();

  await set('trial', 9);
  expect(await getBalance(h.db, user.id)).toMatchObject({ balance: 9, lowBelow: 2 });
  await set('basic', 11);
  expect(await getBalance(h.db, user.id)).toMatchObject({ balance: 11, lowBelow: 12 });
  await set(null, 0);
  expect((await getBalance(h.db, user.id)).lowBelow).toBe(2);
  await setSetting(h.db, 'default_trial_credits', '50');
  await set('trial', 9);
  expect((await getBalance(h.db, user.id)).lowBelow).toBe(10);
});
