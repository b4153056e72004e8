import { Grid, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { M } from '../../../../shared/messages/app';
import { usePageTitle } from '../../site/pageTitle';
import { useMoneyDataSync } from '../../plans/useMoneyDataSync';
import { TestModeNotice } from '../../plans/TestModeNotice';
import { toastInfo, toastSuccess } from '../../../lib/toast';
import { InvoiceDetailsCard } from './InvoiceDetailsCard';
import { PageHeader } from '../../common/PageHeader';
import { QueryView } from '../../common/QueryView';
import { useBillingSummary } from '../../common/billingQueries';
import { PackageCard } from './PackageCard';
import { PaymentConfirming } from './PaymentConfirming';
import { PaymentMethodCard } from './PaymentMethodCard';
import { SummaryTiles } from './SummaryTiles';
import { TransactionsSection } from './TransactionsSection';

/**
 * /app/billing (docs/product.md §2): money tiles, package, payment method, invoice details (issue 16 (docs/history.md)),
 * transactions and invoices. `?plan=` puts the invoice details first (a package is waiting for
 * them); `?payment=` is the answer of iyzico's return: `paid` only when the purchase is credited,
 * else `pending` with the checkout to wait for (`&checkout=`).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default function BillingPage() {
  usePageTitle(M.titles.billing);
  const summary = useBillingSummary();
  useMoneyDataSync();
  const [params, setParams] = useSearchParams();
  const detailsFirst = params.has('plan');
  const payment = params.get('payment');
  // Kept after the address is cleaned up: the waiting state stays until the purchase is credited.
  const [confirming] = useState(() => {
    const id = params.get('checkout');
    return payment === 'pending' && id && UUID.test(id) ? id : null;
  });
  useEffect(() => {
    if (payment === 'paid') toastSuccess(M.payments.iyzicoPaid);
    else if (payment === 'pending' && !confirming) toastInfo(M.payments.iyzicoPending);
    if (payment) setParams({}, { replace: true });
  }, [payment, confirming, setParams]);

  return (
    <Stack maw={1200} gap={0}>
      <PageHeader title={M.titles.billing} subtitle={M.billing.subtitle} />
      <Stack gap="lg">
        <TestModeNotice />
        {confirming && <PaymentConfirming checkoutId={confirming} />}
        {detailsFirst && <InvoiceDetailsCard />}
        <QueryView query={summary} error={M.billing.summaryFailed} inline />
        <SummaryTiles query={summary} />
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <PackageCard summary={summary} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <PaymentMethodCard summary={summary} />
          </Grid.Col>
        </Grid>
        {!detailsFirst && <InvoiceDetailsCard />}
        <TransactionsSection hasPurchases={(summary.data?.totalSpentCents ?? 0) > 0} />
      </Stack>
    </Stack>
  );
}
