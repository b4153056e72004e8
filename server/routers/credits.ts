import { z } from '../../shared/zod';
import { router, protectedProcedure } from '../trpc/init';
import { liveFeed } from '../events/live-feed';
import { getBalance } from '../services/credits';
import { UNLIMITED_BALANCE } from '../../shared/constants';
import { PLAN_CODES } from '../../shared/plans';
import { customerDashboard } from '../services/dashboard';
import { billingSummary, listTransactions } from '../services/billing';
import { installCurrency } from '../services/prices';
import { getCachedSettings } from '../services/settings';
import { startCheckout } from '../services/checkout';
import { liveOutput } from '../trpc/live-output';
import {
  ZBalance,
  ZBalanceChange,
  ZBillingSummary,
  ZCheckoutResult,
  ZCustomerDashboard,
  ZTransactionPage,
} from '../../shared/schemas/billing';

export const creditsRouter = router({
  balance: protectedProcedure.output(ZBalance).query(({ ctx }) => getBalance(ctx.db, ctx.userId, { known: ctx.session.credits })),

  /**
   * Where a package button leads (docs/product.md §4, docs/decisions.md D25, issue 16 (docs/history.md)): the trial goes to /app; a paid plan
   * to the invoice details form when none are saved yet, else to the configured provider's
   * checkout (see services/checkout.ts).
   */
  checkout: protectedProcedure
    .input(z.object({ plan: z.enum(PLAN_CODES) }))
    .output(ZCheckoutResult)
    .mutation(({ ctx, input }) => startCheckout(ctx, ctx.userId, input.plan)),

  transactions: protectedProcedure
    .input(z.object({ page: z.number().int().min(1).default(1), pageSize: z.number().int().min(1).max(100).default(20) }))
    .output(ZTransactionPage)
    .query(({ ctx, input }) => listTransactions(ctx.db, ctx.userId, input)),

  dashboard: protectedProcedure.output(ZCustomerDashboard).query(({ ctx }) => customerDashboard(ctx.db, ctx.userId)),

  billing: protectedProcedure
    .output(ZBillingSummary)
    .query(async ({ ctx }) => billingSummary(ctx.db, ctx.userId, installCurrency(await getCachedSettings(ctx.db), ctx.payments.checkout))),

  /** The caller's balance, now and after every change (purchase, usage, refund, admin). */
  onChange: protectedProcedure.output(liveOutput(ZBalanceChange)).subscription(({ ctx, signal }) =>
    liveFeed(ctx.bus, signal, {
      snapshot: async () => {
        const now = await getBalance(ctx.db, ctx.userId);
        return [{ balance: now.balance, unlimited: now.unlimited }];
      },
      fromEvent: (e) =>
        e.type === 'credits.changed' && e.userId === ctx.userId ? { balance: e.balance, unlimited: e.balance === UNLIMITED_BALANCE } : null,
    }),
  ),
});
