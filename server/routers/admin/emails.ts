import { router, adminProcedure } from '../../trpc/init';
import { ZAdminEmailsList, ZAdminId } from '../../../shared/schemas/accounts';
import { getEmail, listEmails } from '../../services/admin/emails';
import { ZAdminEmail, ZAdminEmailPage } from '../../../shared/schemas/admin-outputs';

/** admin.emails: the outbox ("E-postalar"): what was sent, what waits, what failed, and how. */
export const adminEmailsRouter = router({
  list: adminProcedure
    .input(ZAdminEmailsList)
    .output(ZAdminEmailPage)
    .query(async ({ ctx, input }) => ({
      ...(await listEmails(ctx.db, input)),
      /** 'log' when SMTP_URL is unset: messages only reach the server log and this page. */
      transport: ctx.env.SMTP_URL ? ('smtp' as const) : ('log' as const),
    })),
  get: adminProcedure
    .input(ZAdminId)
    .output(ZAdminEmail)
    .query(({ ctx, input }) => getEmail(ctx.db, input.id)),
});
