import { useNavigate } from 'react-router-dom';
import { clearAdminQueries } from '../../lib/queryClient';
import { resetRealtime, trpc } from '../../lib/trpc';
import { clearActivity } from './common/activityStore';

/** Ends the admin session and returns to /admin/login, whatever the server answered. */
export function useAdminLogout() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const mutation = trpc.admin.logout.useMutation();

  async function logout(): Promise<void> {
    try {
      await mutation.mutateAsync();
    } catch {
      // The local admin session is dropped either way.
    }
    // Dropping the admin first lets the /admin guard hand over to /admin/login cleanly.
    utils.admin.me.setData(undefined, (old) => (old ? { ...old, admin: null } : old));
    clearAdminQueries();
    clearActivity();
    void resetRealtime();
    await navigate('/admin/login', { replace: true });
  }

  return { logout, pending: mutation.isPending };
}
