import { router, adminProcedure } from '../../trpc/init';
import type { Context } from '../../trpc/context';
import { ZAdminCreditAdjust, ZAdminCreditSet, ZAdminCreditsList } from '../../../shared/schemas/admin';
import { adjustCreditsByEmail, setCreditsByEmail, type CreditChange } from '../../services/admin/credits';
import { listUsers } from '../../services/admin/users';

function announce(ctx: Context, change: CreditChange) {
  if (change.changed) ctx.bus.publish({ type: 'credits.changed', userId: change.userId, balance: change.balance });
  return { email: change.email, oldBalance: change.oldBalance, balance: change.balance, changed: change.changed };
}

/** admin.credits: balances by e-mail (API contract: `set({ email, balance })`), +10 / -10 via `adjust`. */
export const adminCreditsRouter = router({
  list: adminProcedure
    .input(ZAdminCreditsList)
    .query(({ ctx, input }) => listUsers(ctx.db, { ...input, status: 'all', credit: 'all' })),

  set: adminProcedure
    .input(ZAdminCreditSet)
    .mutation(async ({ ctx, input }) => announce(ctx, await setCreditsByEmail(ctx.db, ctx.adminId, input.email, input.balance))),

  adjust: adminProcedure
    .input(ZAdminCreditAdjust)
    .mutation(async ({ ctx, input }) => announce(ctx, await adjustCreditsByEmail(ctx.db, ctx.adminId, input.email, input.delta))),
});
