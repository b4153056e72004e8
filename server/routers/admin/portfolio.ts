import { router, adminProcedure } from '../../trpc/init';
import { ZAdminItemId, ZAdminToggle, ZPortfolioFields, ZPortfolioUpdate } from '../../../shared/schemas/admin';
import { createPortfolio, deletePortfolio, listPortfolio, togglePortfolio, updatePortfolio } from '../../services/admin/portfolio';
import { ZAdminPortfolioItem, ZAdminItemDeleted } from '../../../shared/schemas/admin-outputs';
import { z } from '../../../shared/zod';

/** Each procedure below answers with the item it wrote. */
const itemProcedure = adminProcedure.output(ZAdminPortfolioItem);

/** admin.portfolio: reference works (before/after) shown on the landing page. */
export const adminPortfolioRouter = router({
  list: adminProcedure.output(z.array(ZAdminPortfolioItem)).query(({ ctx }) => listPortfolio(ctx.db)),
  create: itemProcedure.input(ZPortfolioFields).mutation(({ ctx, input }) => createPortfolio(ctx.db, ctx.adminId, input)),
  update: itemProcedure.input(ZPortfolioUpdate).mutation(({ ctx, input }) => {
    const { id, ...fields } = input;
    return updatePortfolio(ctx.db, ctx.adminId, id, fields);
  }),
  toggle: itemProcedure.input(ZAdminToggle).mutation(({ ctx, input }) => togglePortfolio(ctx.db, ctx.adminId, input.id, input.isActive)),
  delete: adminProcedure
    .input(ZAdminItemId)
    .output(ZAdminItemDeleted)
    .mutation(({ ctx, input }) => deletePortfolio(ctx.db, ctx.adminId, input.id)),
});
