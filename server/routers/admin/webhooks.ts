import { z } from '../../../shared/zod';
import { router, adminProcedure } from '../../trpc/init';
import { listWebhookLogs } from '../../services/admin/webhooks';
import { retryPaymentEvent } from '../../services/payments';
import { ZAdminWebhookLog, ZAdminWebhookRetry } from '../../../shared/schemas/admin-outputs';

/** admin.webhooks: processed webhook events and credit-ledger rows, 20 each; retry of an unmatched payment. */
export const adminWebhooksRouter = router({
  list: adminProcedure.output(ZAdminWebhookLog).query(({ ctx }) => listWebhookLogs(ctx.db)),

  retry: adminProcedure
    .input(z.object({ id: z.uuid() }))
    .output(ZAdminWebhookRetry)
    .mutation(async ({ ctx, input }) => ({ outcome: await retryPaymentEvent(ctx, ctx.adminId, input.id) })),
});
