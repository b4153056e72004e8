import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { readAppError } from '../../lib/appError';
import { FullPageLoader } from '../common/FullPageLoader';
import { LoadError } from '../common/LoadError';
import { useSession } from './useSession';

/** /app/*: signed-in customers only, everyone else goes to /auth. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user, loading, error, refetch } = useSession();
  if (loading) return <FullPageLoader minHeight="100dvh" />;
  if (!user) {
    // A session we could not read is not a signed-out session: offer a retry instead of bouncing.
    if (error && readAppError(error).network) {
      return <LoadError message={readAppError(error).message} onRetry={() => void refetch()} minHeight="100dvh" />;
    }
    return <Navigate to="/auth" replace />;
  }
  return <>{children}</>;
}

/** /auth: a signed-in customer is sent to /app. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { user, loading } = useSession();
  if (loading) return <FullPageLoader />;
  if (user) return <Navigate to="/app" replace />;
  return <>{children}</>;
}
