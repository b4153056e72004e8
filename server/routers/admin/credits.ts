import { router, adminProcedure } from '../../trpc/init';
import { ZAdminCreditAdjust, ZAdminCreditSet, ZAdminCreditsList } from '../../../shared/schemas/admin';
import { adjustCreditsByEmail, setCreditsByEmail, type CreditChange } from '../../services/admin/credits';
import { listUsers } from '../../services/admin/users';
import { ZAdminCreditChange, ZAdminUserPage } from '../../../shared/schemas/admin-outputs';

/** The answer the back-office shows (the service has announced the new balance). */
function answer(change: CreditChange) {
  return { email: change.email, oldBalance: change.oldBalance, balance: change.balance, changed: change.changed };
}

/** admin.credits: balances by e-mail (API contract: `set({ email, balance })`), +10 / -10 via `adjust`. */
export const adminCreditsRouter = router({
  list: adminProcedure
    .input(ZAdminCreditsList)
    .output(ZAdminUserPage)
    .query(({ ctx, input }) => listUsers(ctx.db, { ...input, status: 'all', credit: 'all' })),

  set: adminProcedure
    .input(ZAdminCreditSet)
    .output(ZAdminCreditChange)
    .mutation(async ({ ctx, input }) => answer(await setCreditsByEmail(ctx, ctx.adminId, input.email, input.balance, input.reason))),

  adjust: adminProcedure
    .input(ZAdminCreditAdjust)
    .output(ZAdminCreditChange)
    .mutation(async ({ ctx, input }) => answer(await adjustCreditsByEmail(ctx, ctx.adminId, input.email, input.delta, input.reason))),
});
