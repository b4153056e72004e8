import { router, adminProcedure } from '../../trpc/init';
import { ZAdminUserId } from '../../../shared/schemas/admin';
import { ZApiKeyId } from '../../../shared/schemas/api';
import { adminRevokeApiKey, apiUsage } from '../../services/api-keys';

/** admin.apiKeys: a seller's API usage on their user page, and revoking a key (audited). */
export const adminApiKeysRouter = router({
  usage: adminProcedure.input(ZAdminUserId).query(({ ctx, input }) => apiUsage(ctx.db, input.id)),

  revoke: adminProcedure.input(ZApiKeyId).mutation(async ({ ctx, input }) => {
    await adminRevokeApiKey(ctx.db, ctx.adminId, input.id);
    return { ok: true as const };
  }),
});
