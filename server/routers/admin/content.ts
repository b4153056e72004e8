import { router, adminProcedure } from '../../trpc/init';
import { ZAdminContentSave } from '../../../shared/schemas/admin';
import { listContent, resetContent, saveContent } from '../../services/admin/content';
import { ZAdminContentList, ZAdminContentReset, ZAdminContentSaved } from '../../../shared/schemas/admin-outputs';

/** admin.content: the landing page texts by section, plus counters of the content lists. */
export const adminContentRouter = router({
  list: adminProcedure.output(ZAdminContentList).query(({ ctx }) => listContent(ctx.db)),
  save: adminProcedure
    .input(ZAdminContentSave)
    .output(ZAdminContentSaved)
    .mutation(({ ctx, input }) => saveContent(ctx.db, ctx.adminId, input.items)),
  reset: adminProcedure.output(ZAdminContentReset).mutation(({ ctx }) => resetContent(ctx.db, ctx.adminId)),
});
