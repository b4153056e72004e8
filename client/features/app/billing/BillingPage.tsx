import { Alert, Button, Grid, Group, Stack, Text } from '@mantine/core';
import { M } from '../../../../shared/messages';
import { usePageTitle } from '../../../lib/pageTitle';
import { useMoneyDataSync } from '../../plans/useMoneyDataSync';
import { PageHeader } from '../PageHeader';
import { useBillingSummary } from './billingQueries';
import { PackageCard } from './PackageCard';
import { PaymentMethodCard } from './PaymentMethodCard';
import { SummaryTiles } from './SummaryTiles';
import { TransactionsSection } from './TransactionsSection';

/** /app/billing (SPEC §2): money tiles, package, payment method, transactions and invoices. */
export default function BillingPage() {
  usePageTitle(M.titles.billing);
  const summary = useBillingSummary();
  useMoneyDataSync();

  return (
    <Stack maw={1200} gap={0}>
      <PageHeader title={M.titles.billing} subtitle={M.billing.subtitle} />
      <Stack gap="lg">
        {summary.isError && !summary.data && (
          <Alert color="red" variant="light">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{M.billing.summaryFailed}</Text>
              <Button size="xs" variant="white" color="red" loading={summary.isFetching} onClick={() => void summary.refetch()}>
                {M.common.retry}
              </Button>
            </Group>
          </Alert>
        )}
        <SummaryTiles query={summary} />
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <PackageCard summary={summary} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <PaymentMethodCard summary={summary} />
          </Grid.Col>
        </Grid>
        <TransactionsSection hasPurchases={(summary.data?.totalSpentCents ?? 0) > 0} />
      </Stack>
    </Stack>
  );
}
