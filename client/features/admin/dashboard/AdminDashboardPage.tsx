import { Grid, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { M } from '../../../../shared/messages/admin';
import { trpc } from '../../../lib/trpc';
import { QueryView } from '../../common/QueryView';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { mergeActivity } from '../common/activityStore';
import { ConnectionBadge, usePollWhileOffline } from '../common/ConnectionBadge';
import { ActivityFeed } from './ActivityFeed';
import { DashboardCharts } from './DashboardCharts';
import { QuickLinks } from './QuickLinks';
import { StatCards } from './StatCards';
import { IssuerAlert } from './IssuerAlert';

const POLL_SECONDS = 30;

/** /admin: six statistics, 30-day charts, the live activity feed and quick links (docs/product.md §2, docs/decisions.md D24). */
export default function AdminDashboardPage() {
  const refetchInterval = usePollWhileOffline(POLL_SECONDS);
  const query = trpc.admin.dashboard.useQuery(undefined, { refetchInterval, staleTime: 10_000 });

  // The query carries the feed's latest entries too, so the feed stays fresh while polling.
  useEffect(() => {
    if (query.data) mergeActivity(query.data.activity);
  }, [query.data]);

  const badge = <ConnectionBadge pollSeconds={POLL_SECONDS} />;
  const failed = query.isError && !query.data;

  return (
    <Stack gap="md" maw={1280}>
      <AdminPageHeader title={M.admin.navDashboard} subtitle={M.adminDashboard.subtitle} actions={failed ? badge : undefined} />
      <QueryView query={query} error={M.admin.dashboardLoadFailed} minHeight="40vh">
        {query.data && <IssuerAlert issuer={query.data.issuer} />}
        <StatCards stats={query.data?.stats} />
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, lg: 8 }} order={{ base: 2, lg: 1 }}>
            {query.data && <DashboardCharts days={query.data.charts} />}
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }} order={{ base: 1, lg: 2 }}>
            <Stack gap="md">
              <ActivityFeed connectionBadge={badge} />
              <QuickLinks unread={query.data?.stats.unreadMessages} />
            </Stack>
          </Grid.Col>
        </Grid>
      </QueryView>
    </Stack>
  );
}
