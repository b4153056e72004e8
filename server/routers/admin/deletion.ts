import { router, adminProcedure } from '../../trpc/init';
import { ZAdminDeletionList, ZAdminId } from '../../../shared/schemas/accounts';
import { executeDeletion, listDeletionRequests, rejectDeletion } from '../../services/account-deletion';

/** admin.deletion: sellers' deletion requests (docs/decisions.md D32); carrying one out is audited. */
export const adminDeletionRouter = router({
  list: adminProcedure.input(ZAdminDeletionList).query(({ ctx, input }) => listDeletionRequests(ctx.db, input.status)),
  execute: adminProcedure.input(ZAdminId).mutation(async ({ ctx, input }) => {
    const r = await executeDeletion(ctx, ctx.adminId, input.id);
    return { ok: true as const, files: r.files };
  }),
  reject: adminProcedure.input(ZAdminId).mutation(async ({ ctx, input }) => {
    await rejectDeletion(ctx.db, ctx.adminId, input.id);
    return { ok: true as const };
  }),
});
