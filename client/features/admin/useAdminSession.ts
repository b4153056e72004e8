import { trpc } from '../../lib/trpc';

/** The signed-in admin (separate cookie from the customer session), or null. */
export function useAdminSession() {
  const query = trpc.admin.me.useQuery(undefined, { staleTime: 60_000 });
  return {
    admin: query.data?.admin ?? null,
    loading: query.isPending,
    error: query.error,
    refetch: query.refetch,
  };
}
