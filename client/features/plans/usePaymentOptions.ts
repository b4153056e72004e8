import { trpc } from '../../lib/trpc';

/**
 * `payments.options`: which provider the package buttons use, the currency the seller pays in
 * (USD, or TRY through iyzico) with each paid plan's price in cents, and whether the local test
 * checkout is active (every screen then says that no real money is taken).
 */
export function usePaymentOptions() {
  return trpc.payments.options.useQuery(undefined, { staleTime: 60_000 });
}
