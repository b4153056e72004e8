import { router, adminProcedure } from '../../trpc/init';
import { ZAdminContentSave } from '../../../shared/schemas/admin';
import { listContent, resetContent, saveContent } from '../../services/admin/content';

/** admin.content: the landing page texts by section, plus counters of the content lists. */
export const adminContentRouter = router({
  list: adminProcedure.query(({ ctx }) => listContent(ctx.db)),
  save: adminProcedure.input(ZAdminContentSave).mutation(({ ctx, input }) => saveContent(ctx.db, ctx.adminId, input.items)),
  reset: adminProcedure.mutation(({ ctx }) => resetContent(ctx.db, ctx.adminId)),
});
