import { router, adminProcedure } from '../../trpc/init';
import { ZAdminLogsList } from '../../../shared/schemas/admin';
import { listLogs } from '../../services/admin/logs';

/** admin.logs: the audit log, 50 per page. */
export const adminLogsRouter = router({
  list: adminProcedure.input(ZAdminLogsList).query(({ ctx, input }) => listLogs(ctx.db, input)),
});
