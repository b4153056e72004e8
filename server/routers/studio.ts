import { router, protectedProcedure } from '../trpc/init';
import { ZCutoutInput } from '../../shared/schemas/generations';
import { runCutout } from '../services/studio';

export const studioRouter = router({
  /**
   * The product's cut-out for an upload, automatic or guided by the seller's
   * box and keep/remove strokes (fractions of the oriented photo). Owner only,
   * rate limited, no credits; runs on the studio worker threads.
   */
  cutout: protectedProcedure.input(ZCutoutInput).mutation(async ({ ctx, input }) => {
    return runCutout({ db: ctx.db, storage: ctx.storage }, ctx.userId, input);
  }),
});
