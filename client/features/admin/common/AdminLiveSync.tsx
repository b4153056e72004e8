import { useEffect, useRef } from 'react';
import { trpc, useRealtimeEpoch } from '../../../lib/trpc';
import { mergeActivity } from './activityStore';

/** While nothing live arrives, refetches are spread out; a burst of events causes one refetch. */
const REFRESH_DEBOUNCE_MS = 600;

/**
 * One `admin.onActivity` subscription for the whole admin area (mounted in AdminLayout): it
 * feeds the dashboard's activity list and, on every live event (signup, purchase, message,
 * generation created / completed), refreshes the admin data those events change.
 */
export function AdminLiveSync() {
  const epoch = useRealtimeEpoch();
  return <ActivitySubscription key={epoch} />;
}

function ActivitySubscription() {
  const utils = trpc.useUtils();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  trpc.admin.onActivity.useSubscription(undefined, {
    onData: ({ data }) => {
      mergeActivity([data]);
      if (!data.live) return;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        void utils.admin.dashboard.invalidate();
        void utils.admin.users.list.invalidate();
        void utils.admin.credits.list.invalidate();
        if (data.kind === 'message') void utils.admin.messages.list.invalidate();
        if (data.kind === 'purchase') void utils.admin.webhooks.list.invalidate();
      }, REFRESH_DEBOUNCE_MS);
    },
  });
  return null;
}
