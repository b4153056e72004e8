import { Alert, Button, Card, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconFlask } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { M } from '../../../../shared/messages/app';
import { usePageTitle } from '../../site/pageTitle';
import { toastError, toastSuccess } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { formatCents, formatNumber } from '../../../lib/format';
import { TestModeNotice } from '../../plans/TestModeNotice';
import { usePlanPrices } from '../../plans/usePlanPrices';

const paymentsText = M.payments;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right">
        {children}
      </Text>
    </Group>
  );
}

/**
 * /app/test-checkout/:id (issue 16 (docs/history.md)): the product's own checkout page for trying the purchase loop
 * on one machine. Paying sends a signed event through the same webhook path as a real provider;
 * the page says on every state that no real money is taken.
 */
export default function TestCheckoutPage() {
  usePageTitle(paymentsText.testTitle);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const query = trpc.payments.testCheckout.useQuery({ id }, { retry: false, staleTime: 0 });
  const prices = usePlanPrices();
  const [paying, setPaying] = useState(false);
  const [done, setDone] = useState(false);
  const s = query.data;

  const pay = async () => {
    setPaying(true);
    try {
      const res = await fetch(`/api/test-checkout/${id}/pay`, { method: 'POST', credentials: 'same-origin' });
      const body = (await res.json().catch(() => ({}))) as { outcome?: string; error?: { message?: string } };
      if (!res.ok) throw new Error(body.error?.message ?? M.common.unexpected);
      setDone(true);
      toastSuccess(body.outcome === 'credited' ? paymentsText.testDone : paymentsText.testAlreadyDone);
      void utils.credits.invalidate();
      void utils.payments.testCheckout.invalidate();
    } catch (err) {
      toastError(err instanceof Error ? err.message : M.common.unexpected);
    } finally {
      setPaying(false);
    }
  };

  const completed = done || !!s?.completed;

  return (
    <Stack maw={560} mx="auto" py="xl" gap="lg" data-testid="test-checkout">
      <TestModeNotice force />
      <Card>
        <Group gap="sm" mb="sm" wrap="nowrap">
          <IconFlask size={24} stroke={1.6} />
          <Title order={1} fz="xl">
            {paymentsText.testTitle}
          </Title>
        </Group>
        {query.isPending ? (
          <Skeleton h={160} />
        ) : !s ? (
          <Stack gap="md">
            <Text c="red">{paymentsText.testInvalid}</Text>
            <Button component={Link} to="/app/subscription" variant="light">
              {M.billing.changePlan}
            </Button>
          </Stack>
        ) : (
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {paymentsText.testIntro}
            </Text>
            <Divider />
            <Row label={paymentsText.summaryPlan}>{s.planName}</Row>
            <Row label={paymentsText.summaryCredits}>{M.credits.amount(formatNumber(s.credits))}</Row>
            <Row label={paymentsText.summaryAmount}>
              {formatCents(s.amountCents, s.currency)} {prices.suffix}
            </Row>
            <Row label={paymentsText.summaryBuyer}>{s.email}</Row>
            {s.details && (
              <Row label={paymentsText.summaryInvoiceTo}>
                {s.details.kind === 'individual'
                  ? `${s.details.fullName} · ${s.details.tckn}`
                  : `${s.details.companyTitle} · ${s.details.vkn}`}
              </Row>
            )}
            <Divider />
            {completed ? (
              <Stack gap="sm">
                <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />}>
                  {paymentsText.testDone}
                </Alert>
                <Button onClick={() => navigate('/app/billing')}>{paymentsText.testGoBilling}</Button>
              </Stack>
            ) : s.expired ? (
              <Text c="red">{paymentsText.testInvalid}</Text>
            ) : (
              <Group justify="space-between">
                <Button variant="default" onClick={() => navigate('/app/subscription')}>
                  {paymentsText.testCancel}
                </Button>
                <Button color="orange" loading={paying} onClick={() => void pay()}>
                  {paymentsText.testPay(formatCents(s.amountCents, s.currency))}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
