import { useNavigate } from 'react-router-dom';
import { clearCustomerQueries } from '../../lib/queryClient';
import { resetRealtime, trpc } from '../../lib/trpc';

/**
 * Signs out and always lands on the site root, even when the call fails
 * (docs/product.md §4): the local session is dropped either way.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const mutation = trpc.auth.signOut.useMutation();

  async function signOut(): Promise<void> {
    try {
      await mutation.mutateAsync();
    } catch {
      // Ignored on purpose: the user is signed out locally and sent home anyway.
    }
    // Leave the guarded area first (committed synchronously, not as a transition),
    // so the /app guard never sees the signed-out state and bounces to /auth.
    await navigate('/', { replace: true, flushSync: true });
    utils.auth.me.setData(undefined, (old) => (old ? { ...old, user: null } : old));
    clearCustomerQueries();
    // The server closes this session's socket; drop ours too so the next sign-in opens a fresh one.
    void resetRealtime();
  }

  return { signOut, pending: mutation.isPending };
}
