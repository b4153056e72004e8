import { router, adminProcedure } from '../../trpc/init';
import { ZPaymentsExportRange } from '../../../shared/schemas/billing';
import { paymentsCsv } from '../../services/payments-export';
import { ZPaymentsCsv } from '../../../shared/schemas/admin-outputs';

/** admin.payments: a period's payments with the buyers' invoice details, as CSV (issue 16 (docs/history.md)). */
export const adminPaymentsRouter = router({
  export: adminProcedure
    .input(ZPaymentsExportRange)
    .output(ZPaymentsCsv)
    .query(({ ctx, input }) => paymentsCsv(ctx.db, input)),
});
