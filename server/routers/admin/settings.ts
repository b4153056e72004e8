import { router, adminProcedure } from '../../trpc/init';
import { ZAdminSettings } from '../../../shared/schemas/admin';
import { listSettings, saveSettings } from '../../services/admin/settings';

/** admin.settings: site, credit and system settings; effective on the next request (D23). */
export const adminSettingsRouter = router({
  list: adminProcedure.query(({ ctx }) => listSettings(ctx.db)),
  save: adminProcedure.input(ZAdminSettings).mutation(({ ctx, input }) => saveSettings(ctx.db, ctx.adminId, input)),
});
