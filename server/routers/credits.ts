import { router, protectedProcedure } from '../trpc/init';
import { getBalance } from '../services/credits';

export const creditsRouter = router({
  balance: protectedProcedure.query(({ ctx }) => getBalance(ctx.db, ctx.userId)),
});
