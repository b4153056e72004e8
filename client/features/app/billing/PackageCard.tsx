import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCrown, IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { LOW_BALANCE_THRESHOLD } from '../../../../shared/constants';
import { M } from '../../../../shared/messages/app';
import { findPlan } from '../../../../shared/plans';
import { formatCredits } from '../../credits/formatCredits';
import { useCreditBalance } from '../../credits/useCreditBalance';
import { daysUntil, formatDate } from '../../../lib/format';
import type { useBillingSummary } from './billingQueries';

function Row({ label, value, sub, testId }: { label: string; value: string; sub?: string; testId?: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <div style={{ textAlign: 'right' }}>
        <Text size="sm" fw={600} data-testid={testId}>
          {value}
        </Text>
        {sub && (
          <Text size="xs" c="dimmed">
            {sub}
          </Text>
        )}
      </div>
    </Group>
  );
}

/** Current package, live balance, renewal/expiry; below 10 credits a hint and a buy button (→ /pricing). */
export function PackageCard({ summary }: { summary: ReturnType<typeof useBillingSummary> }) {
  const { balance, loading } = useCreditBalance();
  const planCode = balance?.planCode ?? summary.data?.planCode ?? null;
  const plan = findPlan(planCode);
  const until = balance?.expiresAt ?? summary.data?.renewsAt ?? null;
  const days = daysUntil(until);
  const low = !!balance && !balance.unlimited && balance.balance < LOW_BALANCE_THRESHOLD;

  return (
    <Card h="100%">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color="orange" size={38} radius="md">
            <IconCrown size={20} stroke={1.7} />
          </ThemeIcon>
          <Title order={2} fz="lg">
            {M.billing.packageTitle}
          </Title>
        </Group>
        {plan && (
          <Badge variant="light" color="teal" radius="sm" style={{ textTransform: 'none' }}>
            {M.subscription.active}
          </Badge>
        )}
      </Group>
      {loading ? (
        <Stack gap="xs">
          <Skeleton h={16} w="70%" />
          <Skeleton h={16} w="50%" />
        </Stack>
      ) : (
        <Stack gap={8}>
          <Row label={M.credits.plan} value={plan?.name ?? (balance || summary.data ? M.credits.noPlan : '—')} testId="billing-plan" />
          <Row
            label={M.subscription.remaining}
            value={balance ? formatCredits(balance.balance, balance.unlimited) : '—'}
            testId="billing-balance"
          />
          {until && (
            <Row
              label={planCode === 'trial' ? M.subscription.trialEnds : M.subscription.nextRenewal}
              value={formatDate(until)}
              sub={days !== null ? M.subscription.daysLeft(days) : undefined}
              testId="billing-renewal"
            />
          )}
          {low ? (
            <Alert color="orange" variant="light" mt="xs">
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{M.credits.lowBalance}</Text>
                <Button component={Link} to="/pricing" size="xs" leftSection={<IconShoppingCart size={14} />}>
                  {M.credits.buyCredits}
                </Button>
              </Stack>
            </Alert>
          ) : (
            <Group gap="sm" mt="xs">
              <Button component={Link} to="/app/subscription" variant="light" size="xs">
                {M.billing.changePlan}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Card>
  );
}
