import { trpc } from '../../lib/trpc';

/** The signed-in customer (or null), read from `auth.me`. */
export function useSession() {
  const query = trpc.auth.me.useQuery(undefined, { staleTime: 60_000 });
  return {
    user: query.data?.user ?? null,
    /** True only until the first answer (or final error) arrives. */
    loading: query.isPending,
    error: query.error,
    refetch: query.refetch,
  };
}

/** The part of an e-mail before '@', used as a short display name. */
export function emailPrefix(email: string): string {
  const at = email.indexOf('@');
  return at > 0 ? email.slice(0, at) : email;
}
