import { Grid, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { M } from '../../../../shared/messages/app';
import { PLANS } from '../../../../shared/plans';
import { usePageTitle } from '../../site/pageTitle';
import { useCreditBalance } from '../../credits/useCreditBalance';
import { PlanCard } from '../../plans/PlanCard';
import { usePlanCheckout } from '../../plans/usePlanCheckout';
import { useMoneyDataSync } from '../../plans/useMoneyDataSync';
import { TestModeNotice } from '../../plans/TestModeNotice';
import { usePlanPrices } from '../../plans/usePlanPrices';
import { useBillingSummary } from '../../common/billingQueries';
import { useDashboard } from '../../common/useDashboard';
import { PageHeader } from '../../common/PageHeader';
import { AnnouncementCard } from './AnnouncementCard';
import { CurrentPlanCard } from './CurrentPlanCard';
import { InvoicesCard } from './InvoicesCard';
import { UsageStats } from './UsageStats';

/** /app/subscription (docs/product.md §2): announcement, current package, the four packages, real usage, invoices. */
export default function SubscriptionPage() {
  usePageTitle(M.titles.subscription);
  const { balance, loading } = useCreditBalance();
  const summary = useBillingSummary();
  const dashboard = useDashboard();
  const checkout = usePlanCheckout();
  const prices = usePlanPrices();
  useMoneyDataSync();
  const currentCode = balance?.planCode ?? null;

  return (
    <Stack maw={1200} gap={0}>
      <PageHeader title={M.titles.subscription} subtitle={M.subscription.subtitle} />
      <Stack gap="lg">
        <AnnouncementCard />
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <CurrentPlanCard summary={summary} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <UsageStats query={dashboard} />
          </Grid.Col>
        </Grid>

        <Stack gap="xs" mt="sm">
          <Title order={2} fz="xl">
            {M.subscription.plansTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {prices.taxNote}
          </Text>
          <TestModeNotice />
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          {PLANS.map((plan) => {
            const current = plan.id === currentCode;
            return (
              <PlanCard
                key={plan.id}
                plan={plan}
                current={current}
                buttonLabel={current ? M.plans.currentPlan : plan.id === 'trial' ? M.plans.startFree : M.plans.choosePlan}
                disabled={current || loading || (!!checkout.pendingPlan && checkout.pendingPlan !== plan.id)}
                loading={checkout.pendingPlan === plan.id}
                onSelect={(p) => void checkout.select(p)}
              />
            );
          })}
        </SimpleGrid>

        <InvoicesCard summary={summary} />
      </Stack>
    </Stack>
  );
}
