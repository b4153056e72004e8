import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { raiseMaintenanceSignal } from '../features/maintenance/maintenanceSignal';
import { isFinalError, readAppError } from './appError';

/** tRPC query keys start with the procedure path as an array, e.g. [['auth','me'], {...}]. */
export const AUTH_ME_KEY = [['auth', 'me']];
export const ADMIN_ME_KEY = [['admin', 'me']];

function isKey(queryKey: readonly unknown[], path: string[]): boolean {
  const head = queryKey[0];
  return Array.isArray(head) && head.length === path.length && head.every((p, i) => p === path[i]);
}

function areaOf(key: readonly unknown[] | undefined): string | undefined {
  const head = key?.[0];
  return Array.isArray(head) && typeof head[0] === 'string' ? head[0] : undefined;
}

/** Reactions every failed call shares: maintenance switch and sessions that ended on the server. */
function onAnyError(err: unknown, key?: readonly unknown[]): void {
  const { appCode } = readAppError(err);
  if (appCode === 'MAINTENANCE') raiseMaintenanceSignal();
  if (appCode !== 'UNAUTHENTICATED' && appCode !== 'NOT_ADMIN') return;
  // Re-read the session the call needed, so the guards send the visitor to the right sign-in page.
  const sessionKey = areaOf(key) === 'admin' ? ADMIN_ME_KEY : AUTH_ME_KEY;
  const isSessionQuery = key ? isKey(key, sessionKey[0]) : false;
  if (!isSessionQuery) void queryClient.invalidateQueries({ queryKey: sessionKey });
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (err, query) => onAnyError(err, query.queryKey) }),
  mutationCache: new MutationCache({ onError: (err, _vars, _ctx, mutation) => onAnyError(err, mutation.options.mutationKey) }),
  defaultOptions: {
    // 'always': a dead connection fails fast with the connection text instead of waiting silently.
    queries: {
      networkMode: 'always',
      staleTime: 30_000,
      refetchOnWindowFocus: true,
      retry: (failureCount, err) => !isFinalError(err) && failureCount < 2,
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});

/** Forget everything cached for the previous customer account (public data and the admin area stay). */
export function clearCustomerQueries(): void {
  queryClient.removeQueries({
    predicate: (q) => {
      const head = q.queryKey[0];
      const area = Array.isArray(head) ? head[0] : undefined;
      return area !== 'admin' && !isKey(q.queryKey, ['content', 'site']) && !isKey(q.queryKey, ['auth', 'me']);
    },
  });
}

/** Forget the admin area's data after an admin logout (admin.me itself is kept, set to null). */
export function clearAdminQueries(): void {
  queryClient.removeQueries({
    predicate: (q) => {
      const head = q.queryKey[0];
      return Array.isArray(head) && head[0] === 'admin' && !isKey(q.queryKey, ['admin', 'me']);
    },
  });
}
