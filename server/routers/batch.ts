import { router, protectedProcedure } from '../trpc/init';
import { ZBatchCreated, ZBatchId, ZBatchView, ZCreateBatch } from '../../shared/schemas/batch';
import { createBatch, getBatch } from '../services/batch';

export const batchRouter = router({
  /** Up to 20 photos, each its own image generation (1 take of credits each); see services/batch.ts. */
  create: protectedProcedure
    .input(ZCreateBatch)
    .output(ZBatchCreated)
    .mutation(({ ctx, input }) => createBatch(ctx, ctx.userId, input)),

  /** Every photo of the caller's batch with its status and progress. */
  get: protectedProcedure
    .input(ZBatchId)
    .output(ZBatchView)
    .query(({ ctx, input }) => getBatch(ctx.db, ctx.userId, input.batchId)),
});
