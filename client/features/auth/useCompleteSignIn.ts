import { useNavigate } from 'react-router-dom';
import { clearCustomerQueries } from '../../lib/queryClient';
import { toastSuccess } from '../../lib/toast';
import { resetRealtime, trpc, type RouterOutputs } from '../../lib/trpc';

type SignedInUser = NonNullable<RouterOutputs['auth']['me']['user']>;

/** After a successful sign-in or sign-up: adopt the new user, say so, go to /app. */
export function useCompleteSignIn() {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  return (user: SignedInUser, message: string) => {
    clearCustomerQueries();
    // The socket still carries the previous identity (or none): reopen it with the new cookie.
    void resetRealtime();
    utils.auth.me.setData(undefined, (old) => ({ ...old, user }));
    void utils.auth.me.invalidate();
    toastSuccess(message);
    void navigate('/app', { replace: true });
  };
}
