import { router, openProcedure, publicProcedure } from '../trpc/init';
import { getCachedSettings } from '../services/settings';
import { getLanding } from '../services/landing';
import { landingClaims } from '../services/landing-stats';
import { submitContactMessage } from '../services/contact';
import { ZContactMessage } from '../../shared/schemas/contact';
import { ZLanding, ZLandingInput, ZPlans, ZSiteInfo } from '../../shared/schemas/content';
import { activeLanguage } from '../../shared/messages/language';
import { ZOk } from '../../shared/schemas/common';
import { PLANS } from '../../shared/plans';

export const contentRouter = router({
  /** Public site facts the shell needs everywhere, readable even in maintenance mode. */
  site: openProcedure.output(ZSiteInfo).query(async ({ ctx }) => {
    const s = await getCachedSettings(ctx.db);
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
      /** "4K" may be promised only where an upscaler is configured. */
      upscale4k: landingClaims(ctx).upscale4k,
    };
  }),

  /**
   * Everything the landing page shows: site texts by section and key, and the active stats,
   * features, testimonials and reference works by display order (built-in features when that list is
   * empty), and what this install's configuration makes true (`claims`). In the page's language: the
   * admin's English texts for English, Turkish where the English one is empty (issue 38 item 5).
   * Served from a short-lived cache that admin edits invalidate (services/landing.ts).
   */
  landing: publicProcedure
    .input(ZLandingInput)
    .output(ZLanding)
    .query(({ ctx, input }) => getLanding(ctx.db, landingClaims(ctx), input?.language ?? activeLanguage())),

  /** The four built-in packages (docs/product.md §9). */
  plans: publicProcedure.output(ZPlans).query(() => PLANS),

  /** docs/decisions.md D19: the landing page contact form; rate-limited per IP (docs/decisions.md D15). */
  submitContact: publicProcedure
    .input(ZContactMessage)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await submitContactMessage(ctx, ctx.ip, input);
      return { ok: true as const };
    }),
});
