import { router, adminProcedure } from '../../trpc/init';
import { liveFeed } from '../../events/live-feed';
import { ZAdminJobs, ZRetryRun, ZRetryRunResult, type TJobsTick } from '../../../shared/schemas/admin-jobs';
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
   * reads `overview` again. tRPC's `.output()` parses a procedure's whole result, which for a
   * subscription is the stream itself, so the items are typed here (TJobsTick) rather than parsed.
   */
  onChange: adminProcedure.subscription(({ ctx, signal }) =>
    liveFeed<TJobsTick>(ctx.bus, signal, {
      snapshot: async () => [{ at: new Date().toISOString(), status: 'queued' }],
      fromEvent: jobsTickOf,
    }),
  ),
});
