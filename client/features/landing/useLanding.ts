import { getQueryKey } from '@trpc/react-query';
import { queryClient } from '../../lib/queryClient';
import { trpc, trpcClient, type RouterOutputs } from '../../lib/trpc';
import { activeLanguage } from '../../../shared/messages/language';

export type LandingData = RouterOutputs['content']['landing'];

const STALE_MS = 60_000;

/**
 * Landing texts and lists from `content.landing` (server-cached, defaults filled in), in the page's
 * language: the language is the query's input, so a switch reads (and keeps) each language apart
 * (issue 38 item 5).
 */
export function useLanding() {
  return trpc.content.landing.useQuery({ language: activeLanguage() }, { staleTime: STALE_MS });
}

/**
 * Starts reading `content.landing` while the landing page's code is still downloading, so both
 * arrive together instead of one after the other. Safe to call more than once.
 */
export function prefetchLanding(): void {
  const input = { language: activeLanguage() };
  void queryClient.prefetchQuery({
    queryKey: getQueryKey(trpc.content.landing, input, 'query'),
    queryFn: () => trpcClient.content.landing.query(input),
    staleTime: STALE_MS,
  });
}
