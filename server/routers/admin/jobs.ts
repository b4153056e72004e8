import { router, adminProcedure } from '../../trpc/init';
import { liveFeed } from '../../events/live-feed';
import { ZAdminJobs, ZJobsTick, ZRetryRun, ZRetryRunResult, type TJobsTick } from '../../../shared/schemas/admin-jobs';
import { liveOutput } from '../../trpc/live-output';
import { adminJobs, jobsTickOf, retryFailedRun } from '../../services/admin/jobs';

/** admin.jobs ("İşler", issue 35 item 5): the queues at a glance, a live tick, and the audited, free retry of a failed run. */
export const adminJobsRouter = router({
  overview: adminProcedure.output(ZAdminJobs).query(({ ctx }) => adminJobs(ctx.db, ctx.aiProvider)),

  retry: adminProcedure
    .input(ZRetryRun)
    .output(ZRetryRunResult)
    .mutation(async ({ ctx, input }) => ({ outcome: await retryFailedRun(ctx, ctx.adminId, input.id) })),

  /**
   * A tick whenever a run changes state (one at once, and again after the bus was down): the page
   * reads `overview` again. Each tick is parsed as it is yielded (liveOutput).
   */
  onChange: adminProcedure.output(liveOutput(ZJobsTick)).subscription(({ ctx, signal }) =>
    liveFeed<TJobsTick>(ctx.bus, signal, {
      snapshot: async () => [{ at: new Date().toISOString(), status: 'queued' }],
      fromEvent: jobsTickOf,
    }),
  ),
});
