import { trpc } from '../../lib/trpc';
import { useSession } from '../auth/useSession';

export const TRANSACTIONS_PAGE_SIZE = 10;

/** `credits.billing`: money tiles, current plan and renewal, the card the provider reported. */
export function useBillingSummary() {
  const { user } = useSession();
  return trpc.credits.billing.useQuery(undefined, { enabled: !!user, staleTime: 5_000 });
}

/** One page of `credits.transactions`, newest first; the previous page stays visible while the next loads. */
export function useTransactions(page: number, pageSize = TRANSACTIONS_PAGE_SIZE) {
  const { user } = useSession();
  return trpc.credits.transactions.useQuery(
    { page, pageSize },
    { enabled: !!user, staleTime: 5_000, placeholderData: (previous) => previous },
  );
}
