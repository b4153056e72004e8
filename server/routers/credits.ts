import { tracked } from '@trpc/server';
import { z } from 'zod';
import { router, protectedProcedure } from '../trpc/init';
import { getBalance } from '../services/credits';
import { UNLIMITED_BALANCE } from '../../shared/constants';

export const creditsRouter = router({
  balance: protectedProcedure.query(({ ctx }) => getBalance(ctx.db, ctx.userId)),

  /** The caller's balance, now and after every change (purchase, usage, refund, admin). */
  onChange: protectedProcedure
    .input(z.object({ lastEventId: z.string().nullish() }).optional())
    .subscription(async function* ({ ctx, signal }) {
      const events = ctx.bus.subscribe(signal)[Symbol.asyncIterator]();
      let seq = 0;
      const current = await getBalance(ctx.db, ctx.userId);
      yield tracked(`${Date.now()}-${seq++}`, { balance: current.balance, unlimited: current.unlimited });
      while (true) {
        const next = await events.next();
        if (next.done) return;
        const e = next.value;
        if (e.type !== 'credits.changed' || e.userId !== ctx.userId) continue;
        yield tracked(`${Date.now()}-${seq++}`, { balance: e.balance, unlimited: e.balance === UNLIMITED_BALANCE });
      }
    }),
});
