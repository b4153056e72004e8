import { router, adminProcedure } from '../../trpc/init';
import { ZAdminUserId, ZAdminUserUpdate, ZAdminUsersList } from '../../../shared/schemas/admin';
import { withTurkishPhone } from '../../auth/phone-policy';
import { getUser, listUsers, updateUser } from '../../services/admin/users';
import { ZAdminUserDetail, ZAdminUserPage, ZAdminUserUpdated } from '../../../shared/schemas/admin-outputs';

/** admin.users: the customer list (search, filters, paging) and the docs/decisions.md D21 edit form. */
export const adminUsersRouter = router({
  list: adminProcedure
    .input(ZAdminUsersList)
    .output(ZAdminUserPage)
    .query(({ ctx, input }) => listUsers(ctx.db, input)),

  get: adminProcedure
    .input(ZAdminUserId)
    .output(ZAdminUserDetail)
    .query(({ ctx, input }) => getUser(ctx.db, input.id)),

  update: adminProcedure
    .input(withTurkishPhone(ZAdminUserUpdate))
    .output(ZAdminUserUpdated)
    .mutation(async ({ ctx, input }) => {
      const result = await updateUser(ctx, ctx.adminId, input);
      return { user: result.user, endedSessions: result.endedSessions.length };
    }),
});
