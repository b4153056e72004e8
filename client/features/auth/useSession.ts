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

/** The part of an e-mail before '@': the name shown only when a profile has no name. */
export function emailPrefix(email: string): string {
  const at = email.indexOf('@');
  return at > 0 ? email.slice(0, at) : email;
}

/** The name the header, menu and greeting show: the seller's own full name ("Ayşe Yılmaz"). */
export function displayName(user: { fullName: string; email: string }): string {
  return user.fullName.trim() || emailPrefix(user.email);
}
