import { router, adminProcedure } from '../../trpc/init';
import { listWebhookLogs } from '../../services/admin/webhooks';

/** admin.webhooks: processed webhook events and credit-ledger rows, 20 each. */
export const adminWebhooksRouter = router({
  list: adminProcedure.query(({ ctx }) => listWebhookLogs(ctx.db)),
});
