import { router, adminProcedure } from '../../trpc/init';
import { ZAdminLogsList } from '../../../shared/schemas/admin';
import { listLogs } from '../../services/admin/logs';
import { ZAdminLogPage } from '../../../shared/schemas/admin-outputs';

/** admin.logs: the audit log, 50 per page. */
export const adminLogsRouter = router({
  list: adminProcedure
    .input(ZAdminLogsList)
    .output(ZAdminLogPage)
    .query(({ ctx, input }) => listLogs(ctx.db, input)),
});
