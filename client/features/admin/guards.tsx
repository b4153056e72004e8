import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { readAppError } from '../../lib/appError';
import { FullPageLoader } from '../common/FullPageLoader';
import { LoadError } from '../common/LoadError';
import { useAdminSession } from './useAdminSession';

/** /admin/*: admins only, everyone else goes to /admin/login. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { admin, loading, error, refetch } = useAdminSession();
  if (loading) return <FullPageLoader minHeight="100dvh" />;
  if (!admin) {
    if (error && readAppError(error).network) {
      return <LoadError message={readAppError(error).message} onRetry={() => void refetch()} minHeight="100dvh" />;
    }
    return <Navigate to="/admin/login" replace />;
  }
  return <>{children}</>;
}

/** /admin/login: an admin who is already signed in goes to /admin. */
export function AdminGuestOnly({ children }: { children: ReactNode }) {
  const { admin, loading } = useAdminSession();
  if (loading) return <FullPageLoader minHeight="100dvh" />;
  if (admin) return <Navigate to="/admin" replace />;
  return <>{children}</>;
}
