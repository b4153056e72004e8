import { skipToken } from '@tanstack/react-query';
import { trpc, useRealtimeConnected } from '../../lib/trpc';
import { isUnfinished } from './types';

/** Fallback polling while a job is unfinished: every 2 s without a socket, a slow safety net with one. */
export const POLL_SOCKET_DOWN_MS = 2_000;
export const POLL_SOCKET_UP_MS = 15_000;

export function usePollInterval(): number {
  return useRealtimeConnected() ? POLL_SOCKET_UP_MS : POLL_SOCKET_DOWN_MS;
}

/**
 * One generation, kept live by `generations.onUpdate` (GenerationsLiveSync writes the same
 * cache) and by polling `generations.get` while it is unfinished.
 */
export function useGeneration(id: string | null) {
  const interval = usePollInterval();
  return trpc.generations.get.useQuery(id ? { id } : skipToken, {
    staleTime: 5_000,
    refetchInterval: (q) => (isUnfinished(q.state.data?.status) ? interval : false),
  });
}

/** D28: which provider runs jobs ('local' shows the preview-mode notice). */
export function useProviderName() {
  const query = trpc.generations.provider.useQuery(undefined, { staleTime: 5 * 60_000 });
  return query.data?.name;
}
