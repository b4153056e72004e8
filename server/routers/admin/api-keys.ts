import { router, adminProcedure } from '../../trpc/init';
import { ZAdminUserId } from '../../../shared/schemas/admin';
import { ZApiKeyId } from '../../../shared/schemas/api';
import { adminRevokeApiKey, apiUsage } from '../../services/api-keys';
import { ZAdminApiUsage } from '../../../shared/schemas/admin-outputs';
import { ZOk } from '../../../shared/schemas/common';

/** The procedures below that answer only that they were done. */
const adminOk = adminProcedure.output(ZOk);

/** admin.apiKeys: a seller's API usage on their user page, and revoking a key (audited). */
export const adminApiKeysRouter = router({
  usage: adminProcedure
    .input(ZAdminUserId)
    .output(ZAdminApiUsage)
    .query(({ ctx, input }) => apiUsage(ctx.db, input.id)),

  revoke: adminOk.input(ZApiKeyId).mutation(async ({ ctx, input }) => {
    await adminRevokeApiKey(ctx.db, ctx.adminId, input.id);
    return { ok: true as const };
  }),
});
