import { afterAll, beforeAll, expect, test } from 'vitest';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { freshDatabase } from '../helpers/db';
import { balanceOf, ledgerSum } from '../helpers/fixtures';
import { signUp } from '../../server/services/accounts';
import { LocalEventBus } from '../../server/events/bus';
import { addCredits, takeCredits } from '../../server/services/ledger';
import { applyExpiry } from '../../server/services/credits';
import { adjustCreditsByEmail, setCreditsByEmail } from '../../server/services/admin/credits';
import { getSettings } from '../../server/services/settings';
import { DEFAULT_TRIAL_CREDITS as TRIAL_CREDITS } from '../../shared/constants';
import type { DbHandle } from '../../server/db';

/**
 * Property (issue "Hardening", section 2): any sequence of take / refund / purchase / admin set /
 * admin adjust / expire keeps the balance ≥ 0, equal to its ledger sum, and equal to a plain
 * model of the rules: a take succeeds only when it is covered, a refund gives back a take once.
 */
type Op =
  | { kind: 'take'; amount: number }
  | { kind: 'refund'; pick: number }
  | { kind: 'purchase'; amount: number }
  | { kind: 'adminSet'; balance: number }
  | { kind: 'adminAdjust'; delta: number }
  | { kind: 'expire' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('take' as const), amount: fc.constantFrom(1, 6, 3) }),
  fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('purchase' as const), amount: fc.constantFrom(60, 180, 500) }),
  fc.record({ kind: fc.constant('adminSet' as const), balance: fc.integer({ min: 0, max: 300 }) }),
  fc.record({ kind: fc.constant('adminAdjust' as const), delta: fc.constantFrom(-10, 10, -25) }),
  fc.record({ kind: fc.constant('expire' as const) }),
);

let handle: DbHandle;
let adminId: string;
let cap: number;
beforeAll(async () => {
  handle = await freshDatabase();
  const admin = await handle.db
    .insertInto('admin_users')
    .values({ email: 'prop-admin@test.local', password_hash: 'x', full_name: 'Prop Admin' })
    .returning('id')
    .executeTakeFirstOrThrow();
  adminId = admin.id;
  cap = (await getSettings(handle.db)).maxCreditsPerUser;
});
afterAll(async () => {
  await handle?.close();
});

test('random sequences of credit operations keep balance ≥ 0 and equal to the ledger and the model', async () => {
  const db = handle.db;
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 20 }), async (ops) => {
      const email = `prop-${randomUUID().slice(0, 12)}@example.com`;
      const user = await signUp(db, { email, password: 'gizli-sifre', fullName: 'Model Kullanıcı', companyName: null, phone: null });
      let model = TRIAL_CREDITS;
      const takes: Array<{ ref: string; amount: number; refunded: boolean }> = [];
      for (const o of ops) {
        if (o.kind === 'take') {
          const ref = randomUUID();
          const ok = await db
            .transaction()
            .execute((trx) =>
              takeCredits(trx, { userId: user.id, amount: o.amount, reason: 'generation', ref, type: 'usage', description: 'test' }),
            )
            .then(
              () => true,
              () => false,
            );
          expect(ok).toBe(model >= o.amount);
          if (ok) {
            model -= o.amount;
            takes.push({ ref, amount: o.amount, refunded: false });
          }
        } else if (o.kind === 'refund') {
          const open = takes.filter((t) => !t.refunded);
          if (open.length === 0) continue;
          const t = open[o.pick % open.length]!;
          await db
            .transaction()
            .execute((trx) =>
              addCredits(trx, { userId: user.id, amount: t.amount, reason: 'refund', ref: t.ref, type: 'refund', description: 'iade' }),
            );
          t.refunded = true;
          model += t.amount;
          // A second refund of the same take is refused by the ledger's unique (reason, ref).
          const again = await db
            .transaction()
            .execute((trx) =>
              addCredits(trx, { userId: user.id, amount: t.amount, reason: 'refund', ref: t.ref, type: 'refund', description: 'iade' }),
            )
            .then(
              () => true,
              () => false,
            );
          expect(again).toBe(false);
        } else if (o.kind === 'purchase') {
          await db.transaction().execute((trx) =>
            addCredits(trx, {
              userId: user.id,
              amount: o.amount,
              reason: 'purchase',
              ref: randomUUID(),
              type: 'purchase',
              description: 'paket',
            }),
          );
          model += o.amount;
        } else if (o.kind === 'adminSet') {
          const ok = await setCreditsByEmail({ db, bus: new LocalEventBus() }, adminId, email, o.balance).then(
            () => true,
            () => false,
          );
          expect(ok).toBe(!(o.balance > model && o.balance > cap));
          if (ok) model = o.balance;
        } else if (o.kind === 'adminAdjust') {
          const ok = await adjustCreditsByEmail({ db, bus: new LocalEventBus() }, adminId, email, o.delta).then(
            () => true,
            () => false,
          );
          if (o.delta < 0) {
            expect(ok).toBe(true);
            model = Math.max(0, model + o.delta);
          } else {
            expect(ok).toBe(model < cap);
            if (ok) model = Math.min(model + o.delta, cap);
          }
        } else {
          await db
            .updateTable('users')
            .set({ credits_expire_at: new Date(Date.now() - 1000) })
            .where('id', '=', user.id)
            .execute();
          expect(await applyExpiry(db, user.id)).toBe(true);
          model = 0;
        }
        const balance = await balanceOf(db, user.id);
        expect(balance).toBeGreaterThanOrEqual(0);
        expect(balance).toBe(model);
      }
      expect(await ledgerSum(db, user.id)).toBe(await balanceOf(db, user.id));
    }),
    { numRuns: 25 },
  );
}, 120_000);
