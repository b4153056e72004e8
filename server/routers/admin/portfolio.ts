import { router, adminProcedure } from '../../trpc/init';
import { ZAdminItemId, ZAdminToggle, ZPortfolioFields, ZPortfolioUpdate } from '../../../shared/schemas/admin';
import { createPortfolio, deletePortfolio, listPortfolio, togglePortfolio, updatePortfolio } from '../../services/admin/portfolio';

/** admin.portfolio: reference works (before/after) shown on the landing page. */
export const adminPortfolioRouter = router({
  list: adminProcedure.query(({ ctx }) => listPortfolio(ctx.db)),
  create: adminProcedure.input(ZPortfolioFields).mutation(({ ctx, input }) => createPortfolio(ctx.db, ctx.adminId, input)),
  update: adminProcedure.input(ZPortfolioUpdate).mutation(({ ctx, input }) => {
    const { id, ...fields } = input;
    return updatePortfolio(ctx.db, ctx.adminId, id, fields);
  }),
  toggle: adminProcedure.input(ZAdminToggle).mutation(({ ctx, input }) => togglePortfolio(ctx.db, ctx.adminId, input.id, input.isActive)),
  delete: adminProcedure.input(ZAdminItemId).mutation(({ ctx, input }) => deletePortfolio(ctx.db, ctx.adminId, input.id)),
});
