import { router, adminProcedure } from '../../trpc/init';
import { ZAdminDeletionList, ZAdminId } from '../../../shared/schemas/accounts';
import { executeDeletion, listDeletionRequests, rejectDeletion } from '../../services/account-deletion';
import { ZDeletionExecuted, ZDeletionRequestView } from '../../../shared/schemas/admin-outputs';
import { ZOk } from '../../../shared/schemas/common';
import { z } from '../../../shared/zod';

/** The procedures below that answer only that they were done. */
const adminOk = adminProcedure.output(ZOk);

/** admin.deletion: sellers' deletion requests (docs/decisions.md D32); carrying one out is audited. */
export const adminDeletionRouter = router({
  list: adminProcedure
    .input(ZAdminDeletionList)
    .output(z.array(ZDeletionRequestView))
    .query(({ ctx, input }) => listDeletionRequests(ctx.db, input.status)),
  execute: adminProcedure
    .input(ZAdminId)
    .output(ZDeletionExecuted)
    .mutation(async ({ ctx, input }) => {
      const r = await executeDeletion(ctx, ctx.adminId, input.id);
      return { ok: true as const, files: r.files };
    }),
  reject: adminOk.input(ZAdminId).mutation(async ({ ctx, input }) => {
    await rejectDeletion(ctx.db, ctx.adminId, input.id);
    return { ok: true as const };
  }),
});
