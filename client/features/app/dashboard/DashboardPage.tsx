import { Grid, Stack } from '@mantine/core';
import { M } from '../../../../shared/messages/app';
import { usePageTitle } from '../../site/pageTitle';
import { displayName, useSession } from '../../auth/useSession';
import { useMoneyDataSync } from '../../plans/useMoneyDataSync';
import { PageHeader } from '../../common/PageHeader';
import { CreditBalanceCard } from './CreditBalanceCard';
import { DashboardStats } from './DashboardStats';
import { QuickActions } from './QuickActions';
import { RecentActivity } from './RecentActivity';
import { ShortcutTiles } from './ShortcutTiles';
import { useDashboard } from '../../common/useDashboard';

/** /app (docs/product.md §2): greeting, four figures with docs/decisions.md D10 changes, quick actions, real activity (docs/decisions.md D22), credit card, shortcuts. */
export default function DashboardPage() {
  usePageTitle(M.titles.dashboard);
  const { user } = useSession();
  const dashboard = useDashboard();
  useMoneyDataSync();
  if (!user) return null;

  return (
    <Stack maw={1200} gap={0}>
      <PageHeader title={M.app.greeting(displayName(user))} subtitle={M.app.dashboardSubtitle} />
      <Stack gap="lg">
        <DashboardStats query={dashboard} />
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <QuickActions />
              <RecentActivity query={dashboard} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              <CreditBalanceCard />
              <ShortcutTiles />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Stack>
  );
}
