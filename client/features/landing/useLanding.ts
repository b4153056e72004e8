import { getQueryKey } from '@trpc/react-query';
import { queryClient } from '../../lib/queryClient';
import { trpc, trpcClient, type RouterOutputs } from '../../lib/trpc';

export type LandingData = RouterOutputs['content']['landing'];

const STALE_MS = 60_000;

/** Landing texts and lists from `content.landing` (server-cached, defaults filled in). */
export function useLanding() {
  return trpc.content.landing.useQuery(undefined, { staleTime: STALE_MS });
}

/**
 * Starts reading `content.landing` while the landing page's code is still downloading, so both
 * arrive together instead of one after the other. Safe to call more than once.
 */
export function prefetchLanding(): void {
  void queryClient.prefetchQuery({
    queryKey: getQueryKey(trpc.content.landing, undefined, 'query'),
    queryFn: () => trpcClient.content.landing.query(),
    staleTime: STALE_MS,
  });
}
