import { router, openProcedure } from '../trpc/init';
import { getSettings } from '../services/settings';

export const contentRouter = router({
  /** Public site facts the shell needs everywhere, readable even in maintenance mode. */
  site: openProcedure.query(async ({ ctx }) => {
    const s = await getSettings(ctx.db);
    return {
      siteName: s.siteName,
      siteDescription: s.siteDescription,
      supportEmail: s.supportEmail,
      supportPhone: s.supportPhone,
      contactAddress: s.contactAddress,
      maintenanceMode: s.maintenanceMode,
      allowRegistrations: s.allowRegistrations,
      imageCreditCost: s.imageCreditCost,
      videoCreditCost: s.videoCreditCost,
    };
  }),
});
