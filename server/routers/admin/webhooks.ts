import { z } from '../../../shared/zod';
import { router, adminProcedure } from '../../trpc/init';
import { listWebhookLogs } from '../../services/admin/webhooks';
import { retryPaymentEvent } from '../../services/payments';

/** admin.webhooks: processed webhook events and credit-ledger rows, 20 each; retry of an unmatched payment. */
export const adminWebhooksRouter = router({
  list: adminProcedure.query(({ ctx }) => listWebhookLogs(ctx.db)),

  retry: adminProcedure
    .input(z.object({ id: z.uuid() }))
    .mutation(async ({ ctx, input }) => ({ outcome: await retryPaymentEvent(ctx, ctx.adminId, input.id) })),
});
