import { router, adminProcedure } from '../../trpc/init';
import { ZAdminUserId, ZAdminUserUpdate, ZAdminUsersList } from '../../../shared/schemas/admin';
import { getUser, listUsers, updateUser } from '../../services/admin/users';

/** admin.users: the customer list (search, filters, paging) and the D21 edit form. */
export const adminUsersRouter = router({
  list: adminProcedure.input(ZAdminUsersList).query(({ ctx, input }) => listUsers(ctx.db, input)),

  get: adminProcedure.input(ZAdminUserId).query(({ ctx, input }) => getUser(ctx.db, input.id)),

  update: adminProcedure.input(ZAdminUserUpdate).mutation(async ({ ctx, input }) => {
    const result = await updateUser(ctx.db, ctx.adminId, input);
    // After commit: the customer's pill follows the new balance; a disabled account's sockets close.
    if (result.credit?.changed) ctx.bus.publish({ type: 'credits.changed', userId: result.credit.userId, balance: result.credit.balance });
    for (const sessionId of result.endedSessions) ctx.bus.publish({ type: 'session.ended', sessionId });
    return { user: result.user, endedSessions: result.endedSessions.length };
  }),
});
