import { z } from 'zod';
import { router, openProcedure } from '../trpc/init';
import { LEGAL_PAGE_KEYS } from '../../shared/legal';
import { getLegalPage } from '../services/legal';
import { ZLegalPage } from '../../shared/schemas/content';

/** The legal pages' texts (docs/decisions.md D33): public, readable even in maintenance mode. */
export const legalRouter = router({
  page: openProcedure
    .input(z.object({ page: z.enum(LEGAL_PAGE_KEYS as [string, ...string[]]) }))
    .output(ZLegalPage)
    .query(({ ctx, input }) => getLegalPage(ctx.db, input.page as (typeof LEGAL_PAGE_KEYS)[number], ctx.aiProvider)),
});
