import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { FullPageLoader } from '../common/FullPageLoader';
import { useSite } from '../site/useSite';
import { MaintenancePage } from './MaintenancePage';
import { lowerMaintenanceSignal, useMaintenanceSignal } from '../../lib/maintenanceSignal';

/**
 * Wraps the public site and the customer area (never /admin): shows the
 * maintenance page when the settings say so or any call answered MAINTENANCE.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const { site, query } = useSite();
  const raisedAt = useMaintenanceSignal();
  const { refetch, dataUpdatedAt, data } = query;

  // A call said MAINTENANCE: re-read the settings now and every 30 s until they say otherwise.
  useEffect(() => {
    if (raisedAt === null) return;
    void refetch();
    const timer = window.setInterval(() => void refetch(), 30_000);
    return () => window.clearInterval(timer);
  }, [raisedAt, refetch]);

  // Only settings read after the signal was raised may lower it.
  useEffect(() => {
    if (raisedAt !== null && data && !data.maintenanceMode && dataUpdatedAt > raisedAt) lowerMaintenanceSignal();
  }, [raisedAt, data, dataUpdatedAt]);

  // When the site comes back, re-run whatever failed while it was down.
  const inMaintenance = site.maintenanceMode || raisedAt !== null;
  const wasInMaintenance = useRef(inMaintenance);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (wasInMaintenance.current && !inMaintenance) void queryClient.invalidateQueries();
    wasInMaintenance.current = inMaintenance;
  }, [inMaintenance, queryClient]);

  if (query.isPending && raisedAt === null) return <FullPageLoader minHeight="100dvh" />;
  if (inMaintenance) {
    return <MaintenancePage onRetry={() => void refetch()} retrying={query.isFetching} />;
  }
  return <>{children}</>;
}
