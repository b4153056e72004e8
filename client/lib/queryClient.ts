import { MutationCache, QueryCache, QueryClient, partialMatchKey, type QueryKey } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { raiseMaintenanceSignal } from './maintenanceSignal';
import { isFinalError, readAppError } from './appError';
import { trpc } from './trpc';

/** The session queries' keys, from tRPC itself (a procedure's key is its path, `[['auth','me']]`). */
export const AUTH_ME_KEY = getQueryKey(trpc.auth.me);
export const ADMIN_ME_KEY = getQueryKey(trpc.admin.me);
const SITE_KEY = getQueryKey(trpc.content.site);
/** Every query and mutation of the admin area starts with this key. */
const ADMIN_AREA_KEY = getQueryKey(trpc.admin);

/** Whether `key` is `filter`'s procedure (or, for a router's key, any procedure under it). */
function keyMatches(key: QueryKey | undefined, filter: QueryKey): boolean {
  return key !== undefined && partialMatchKey(key, filter);
}

/** Reactions every failed call shares: maintenance switch and sessions that ended on the server. */
function onAnyError(err: unknown, key?: QueryKey): void {
  const { appCode } = readAppError(err);
  if (appCode === 'MAINTENANCE') raiseMaintenanceSignal();
  if (appCode !== 'UNAUTHENTICATED' && appCode !== 'NOT_ADMIN') return;
  // Re-read the session the call needed, so the guards send the visitor to the right sign-in page.
  const sessionKey = keyMatches(key, ADMIN_AREA_KEY) ? ADMIN_ME_KEY : AUTH_ME_KEY;
  if (!keyMatches(key, sessionKey)) void queryClient.invalidateQueries({ queryKey: sessionKey });
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
    predicate: (q) => !keyMatches(q.queryKey, ADMIN_AREA_KEY) && !keyMatches(q.queryKey, SITE_KEY) && !keyMatches(q.queryKey, AUTH_ME_KEY),
  });
}

/** Forget the admin area's data after an admin logout (admin.me itself is kept, set to null). */
export function clearAdminQueries(): void {
  queryClient.removeQueries({
    predicate: (q) => keyMatches(q.queryKey, ADMIN_AREA_KEY) && !keyMatches(q.queryKey, ADMIN_ME_KEY),
  });
}
