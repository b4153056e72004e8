import { useSession } from '../auth/useSession';
import { trpc } from '../../lib/trpc';

/** The signed-in user's balance; idle while signed out. */
export function useCreditBalance() {
  const { user } = useSession();
  const query = trpc.credits.balance.useQuery(undefined, {
    enabled: !!user,
    staleTime: 15_000,
  });
  return { balance: query.data, loading: query.isPending && !!user, error: query.error, query };
}
