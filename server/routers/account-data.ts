import { protectedProcedure } from '../trpc/init';
import { ZDeletionPending, ZDeletionRequest, ZExportView, ZStorageUsage } from '../../shared/schemas/accounts';
import { latestExport, requestExport } from '../services/data-export';
import { pendingDeletion, requestDeletion } from '../services/account-deletion';
import { storageUsage } from '../services/uploads';

/** Procedures of the `auth` router for the seller's own data (issue 13 (docs/history.md)): export and deletion request. */
export const accountDataProcedures = {
  /** "Verilerimi indir": prepared in the background, downloadable for 24 h from /api/exports/{id}. */
  requestExport: protectedProcedure.output(ZExportView).mutation(({ ctx }) => requestExport(ctx.db, ctx.userId)),

  exportStatus: protectedProcedure.output(ZExportView.nullable()).query(({ ctx }) => latestExport(ctx.db, ctx.userId)),

  /** docs/decisions.md D32: not self-service; this sends the request an admin carries out. */
  requestDeletion: protectedProcedure
    .input(ZDeletionRequest)
    .output(ZDeletionPending)
    .mutation(({ ctx, input }) => requestDeletion(ctx.db, ctx.userId, input.reason ?? null)),

  deletionStatus: protectedProcedure.output(ZDeletionPending.nullable()).query(({ ctx }) => pendingDeletion(ctx.db, ctx.userId)),

  /** The profile page's storage bar: bytes of the seller's photos, the quota, the retention days. */
  storageUsage: protectedProcedure.output(ZStorageUsage).query(({ ctx }) => storageUsage(ctx.db, ctx.userId)),
};
