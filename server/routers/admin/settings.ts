import { router, adminProcedure } from '../../trpc/init';
import { ZAdminSettings } from '../../../shared/schemas/admin';
import { listSettings, saveSettings } from '../../services/admin/settings';
import { AppError } from '../../errors';
import { M } from '../../../shared/messages';
import { ZAdminSettingsSaved, ZAdminSettingsView } from '../../../shared/schemas/admin-outputs';

/** admin.settings: site, credit and system settings; effective on the next request (docs/decisions.md D23). */
export const adminSettingsRouter = router({
  list: adminProcedure.output(ZAdminSettingsView).query(({ ctx }) => listSettings(ctx.db)),
  save: adminProcedure
    .input(ZAdminSettings)
    .output(ZAdminSettingsSaved)
    .mutation(({ ctx, input }) => {
      // iyzico charges lira only: a dollar install selling through it would show one currency and charge another.
      if (input.currency !== 'TRY' && ctx.payments.checkout === 'iyzico') throw new AppError('VALIDATION', M.adminSettings.currencyIyzico);
      return saveSettings(ctx.db, ctx.adminId, input);
    }),
});
