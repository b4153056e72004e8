import { router, openProcedure, adminProcedure } from '../../trpc/init';
import { ZAdminLogin } from '../../../shared/schemas/auth';
import { checkAdminCredentials, getPublicAdmin } from '../../services/admin/accounts';
import { createSession, deleteSession } from '../../auth/sessions';
import { clearedCookie, sessionCookie } from '../../auth/cookies';
import { announceEndedSessions } from '../../events/announce';
import { signInWithLimits } from '../../auth/rate-limit';
import { adminUsersRouter } from './users';
import { adminCreditsRouter } from './credits';
import { adminWebhooksRouter } from './webhooks';
import { adminPaymentsRouter } from './payments';
import { adminMessagesRouter } from './messages';
import { adminContentRouter } from './content';
import { adminPortfolioRouter } from './portfolio';
import { adminTestimonialsRouter } from './testimonials';
import { adminSettingsRouter } from './settings';
import { ZAdminMe, ZAdminPing, ZAdminSignedIn } from '../../../shared/schemas/admin-outputs';
import { ZOk } from '../../../shared/schemas/common';
import { adminLogsRouter } from './logs';
import { adminEmailsRouter } from './emails';
import { adminDeletionRouter } from './deletion';
import { adminApiKeysRouter } from './api-keys';
import { adminJobsRouter } from './jobs';
import { dashboardProcedure, onActivityProcedure } from './dashboard';

export const adminRouter = router({
  /** Same limiter as customer sign-in (docs/decisions.md D15), under its own keys. */
  login: openProcedure
    .input(ZAdminLogin)
    .output(ZAdminSignedIn)
    .mutation(async ({ ctx, input }) => {
      // Counted atomically before argon2 runs, exactly as auth.signIn.
      const adminId = await signInWithLimits(ctx.db, 'admin', { email: input.email, ip: ctx.ip }, () =>
        checkAdminCredentials(ctx.db, input.email, input.password),
      );
      if (ctx.adminSession) {
        await deleteSession(ctx.db, 'admin', ctx.adminSession.id);
        announceEndedSessions(ctx.bus, [ctx.adminSession.id]);
      }
      const { token, session } = await createSession(ctx.db, 'admin', adminId, false);
      ctx.setCookie(sessionCookie('admin', token, session, ctx.secureCookies));
      return { admin: (await getPublicAdmin(ctx.db, adminId))! };
    }),

  logout: openProcedure.output(ZOk).mutation(async ({ ctx }) => {
    if (ctx.adminSession) {
      await deleteSession(ctx.db, 'admin', ctx.adminSession.id);
      announceEndedSessions(ctx.bus, [ctx.adminSession.id]);
    }
    ctx.setCookie(clearedCookie('admin', ctx.secureCookies));
    return { ok: true as const };
  }),

  me: openProcedure.output(ZAdminMe).query(async ({ ctx }) => ({
    admin: ctx.adminSession ? await getPublicAdmin(ctx.db, ctx.adminSession.ownerId) : null,
  })),

  /** A cheap probe of the admin session (used by the authorization tests). */
  ping: adminProcedure.output(ZAdminPing).query(({ ctx }) => ({ adminId: ctx.adminId })),

  // The back-office. Every procedure below is an adminProcedure; every change writes admin_logs.
  dashboard: dashboardProcedure,
  onActivity: onActivityProcedure,
  users: adminUsersRouter,
  credits: adminCreditsRouter,
  webhooks: adminWebhooksRouter,
  payments: adminPaymentsRouter,
  messages: adminMessagesRouter,
  content: adminContentRouter,
  portfolio: adminPortfolioRouter,
  testimonials: adminTestimonialsRouter,
  settings: adminSettingsRouter,
  logs: adminLogsRouter,
  emails: adminEmailsRouter,
  deletion: adminDeletionRouter,
  apiKeys: adminApiKeysRouter,
  jobs: adminJobsRouter,
});
