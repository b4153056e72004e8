import { z } from '../../shared/zod';
import { router, publicProcedure, protectedProcedure } from '../trpc/init';
import { ZCheckoutPaid, ZInvoiceDetails, ZInvoiceDetailsView, ZPaymentOptions, ZTestCheckout } from '../../shared/schemas/billing';
import { priceList } from '../services/prices';
import { getCachedSettings } from '../services/settings';
import { getInvoiceDetails, saveInvoiceDetails } from '../services/invoice-details';
import { testCheckoutView } from '../services/test-checkout';
import { findSession } from '../services/checkout';
import { AppError } from '../errors';
import { M } from '../../shared/messages';

/** Issue 16 (docs/history.md): how packages are paid here, the buyer's invoice details, the local test checkout. */
export const paymentsRouter = router({
  /**
   * Which provider the package buttons use, the install's price list (one currency, KDV
   * included, each paid plan's price in cents) and whether the local test checkout is on.
   */
  options: publicProcedure.output(ZPaymentOptions).query(async ({ ctx }) => {
    const provider = ctx.payments.checkout;
    return { provider, ...priceList(await getCachedSettings(ctx.db), provider), testMode: provider === 'test' };
  }),

  invoiceDetails: protectedProcedure.output(ZInvoiceDetailsView.nullable()).query(({ ctx }) => getInvoiceDetails(ctx.db, ctx.userId)),

  saveInvoiceDetails: protectedProcedure
    .input(ZInvoiceDetails)
    .output(ZInvoiceDetailsView)
    .mutation(({ ctx, input }) => saveInvoiceDetails(ctx.db, ctx.userId, input)),

  /** One of the caller's test checkout sessions (NOT_FOUND for others', when it is off, or to a caller not on this machine). */
  testCheckout: protectedProcedure
    .input(z.object({ id: z.uuid() }))
    .output(ZTestCheckout)
    .query(async ({ ctx, input }) => {
      if (ctx.payments.test.enabled && !ctx.localCaller) throw new AppError('NOT_FOUND', M.payments.testLocalOnly);
      const view = ctx.payments.test.enabled ? await testCheckoutView(ctx.db, ctx.userId, input.id) : null;
      if (!view) throw new AppError('NOT_FOUND', M.payments.testInvalid);
      return view;
    }),

  /** Whether one of the caller's iyzico checkouts is paid: the billing page waits for it after the return. */
  checkoutStatus: protectedProcedure
    .input(z.object({ id: z.uuid() }))
    .output(ZCheckoutPaid)
    .query(async ({ ctx, input }) => {
      const session = await findSession(ctx.db, { id: input.id, userId: ctx.userId, provider: 'iyzico' });
      if (!session) throw new AppError('NOT_FOUND', M.common.notFound);
      return { paid: session.completed_at !== null };
    }),
});
