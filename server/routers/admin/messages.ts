import { router, adminProcedure } from '../../trpc/init';
import { ZAdminMessageId, ZAdminMessagesList } from '../../../shared/schemas/admin';
import { listMessages, setMessageRead } from '../../services/admin/messages';
import { ZAdminMessage, ZAdminMessagePage } from '../../../shared/schemas/admin-outputs';

/** admin.messages: contact messages with search and read filter; read/unread persisted (docs/decisions.md D20). */
export const adminMessagesRouter = router({
  list: adminProcedure
    .input(ZAdminMessagesList)
    .output(ZAdminMessagePage)
    .query(({ ctx, input }) => listMessages(ctx.db, input)),
  markRead: adminProcedure
    .input(ZAdminMessageId)
    .output(ZAdminMessage)
    .mutation(({ ctx, input }) => setMessageRead(ctx.db, ctx.adminId, input.id, true)),
  markUnread: adminProcedure
    .input(ZAdminMessageId)
    .output(ZAdminMessage)
    .mutation(({ ctx, input }) => setMessageRead(ctx.db, ctx.adminId, input.id, false)),
});
