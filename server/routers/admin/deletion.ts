import { router, adminProcedure } from '../../trpc/init';
import { ZAdminDeletionList, ZAdminId } from '../../../shared/schemas/accounts';
import { executeDeletion, listDeletionRequests, rejectDeletion } from '../../services/account-deletion';

/** admin.deletion: sellers' deletion requests (D32); carrying one out is audited. */
export const adminDeletionRouter = router({
  list: adminProcedure.input(ZAdminDeletionList).query(({ ctx, input }) => listDeletionRequests(ctx.db, input.status)),
  execute: adminProcedure.input(ZAdminId).mutation(async ({ ctx, input }) => {
    const r = await executeDeletion(ctx.db, ctx.storage, ctx.adminId, input.id);
    for (const sessionId of r.endedSessions) ctx.bus.publish({ type: 'session.ended', sessionId });
    ctx.bus.publish({ type: 'credits.changed', userId: r.userId, balance: 0 });
    return { ok: true as const, files: r.files };
  }),
  reject: adminProcedure.input(ZAdminId).mutation(async ({ ctx, input }) => {
    await rejectDeletion(ctx.db, ctx.adminId, input.id);
    return { ok: true as const };
  }),
});
