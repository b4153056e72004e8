import { replaceEqualDeep, skipToken } from '@tanstack/react-query';
import { trpc, useRealtimeConnected } from '../../lib/trpc';
import { isUnfinished, type GenerationView } from './types';

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
    structuralSharing: keepProgressForward,
  });
}

/**
 * The database stores progress about once a second while the socket reports every step, so a
 * fetched answer can be a little behind what the socket already showed: never move backwards
 * within the same status.
 */
function keepProgressForward(oldData: unknown, newData: unknown): unknown {
  const prev = oldData as GenerationView | undefined;
  const next = newData as GenerationView | undefined;
  if (prev && next && prev.id === next.id && prev.status === next.status && prev.progress > next.progress) {
    return { ...next, progress: prev.progress };
  }
  return replaceEqualDeep(oldData, newData);
}

/** docs/decisions.md D28: which provider runs jobs ('local' shows the preview-mode notice). */
export function useProviderName() {
  const query = trpc.generations.provider.useQuery(undefined, { staleTime: 5 * 60_000 });
  return query.data?.name;
}
