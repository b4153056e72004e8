import { trpc } from '../../lib/trpc';
import { useSession } from '../auth/useSession';

/** `credits.dashboard`: real counts, docs/decisions.md D10 changes and recent activity for the signed-in user. */
export function useDashboard() {
  const { user } = useSession();
  return trpc.credits.dashboard.useQuery(undefined, { enabled: !!user, staleTime: 5_000 });
}
