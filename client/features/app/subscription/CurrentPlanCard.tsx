import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCrown, IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { LOW_BALANCE_THRESHOLD } from '../../../../shared/constants';
import { M } from '../../../../shared/messages/app';
import { findPlan, isFreePlan } from '../../../../shared/plans';
import { readAppError } from '../../../lib/appError';
import { formatCredits } from '../../credits/formatCredits';
import { useCreditBalance } from '../../credits/useCreditBalance';
import { daysUntil, formatNumber, formatDate } from '../../../lib/format';
import type { useBillingSummary } from '../billing/billingQueries';

/** Package type, live balance, 'Aktif', and the real renewal / expiry date (docs/decisions.md D10), not static text. */
export function CurrentPlanCard({ summary }: { summary: ReturnType<typeof useBillingSummary> }) {
  const { balance, loading, error, query } = useCreditBalance();
  const planCode = balance?.planCode ?? null;
  const plan = findPlan(planCode);
  const until = balance?.expiresAt ?? summary.data?.renewsAt ?? null;
  const days = daysUntil(until);
  const low = !!balance && !balance.unlimited && balance.balance < LOW_BALANCE_THRESHOLD;

  return (
    <Card h="100%" data-testid="current-plan">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="gradient" size={40} radius="md">
            <IconCrown size={22} stroke={1.7} />
          </ThemeIcon>
          <Title order={2} fz="lg">
            {M.subscription.currentTitle}
          </Title>
        </Group>
        {balance && (
          <Badge variant="light" color={plan ? 'teal' : 'gray'} radius="sm" style={{ textTransform: 'none' }}>
            {plan ? M.subscription.active : M.subscription.inactive}
          </Badge>
        )}
      </Group>

      {loading ? (
        <Stack gap="xs">
          <Skeleton h={30} w="40%" />
          <Skeleton h={14} w="70%" />
          <Skeleton h={14} w="60%" />
        </Stack>
      ) : error || !balance ? (
        <Alert color="red" variant="light">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{error ? readAppError(error).message : M.credits.loadFailed}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => void query.refetch()}>
              {M.common.retry}
            </Button>
          </Group>
        </Alert>
      ) : (
        <Stack gap="sm">
          <div>
            <Text fz={28} fw={800} lh={1.15} data-testid="current-plan-name">
              {plan?.name ?? M.credits.noPlan}
            </Text>
            {plan && plan.credits > 0 && !isFreePlan(plan) && (
              <Text size="sm" c="dimmed">
                {M.subscription.monthlyCredits(formatNumber(plan.credits))}
              </Text>
            )}
            {!plan && (
              <Text size="sm" c="dimmed">
                {M.subscription.noPlanText}
              </Text>
            )}
          </div>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {M.subscription.remaining}
            </Text>
            <Text size="sm" fw={700} data-testid="current-plan-balance">
              {formatCredits(balance.balance, balance.unlimited)}
            </Text>
          </Group>
          {plan && (
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text size="sm" c="dimmed">
                {planCode === 'trial' ? M.subscription.trialEnds : M.subscription.nextRenewal}
              </Text>
              <div style={{ textAlign: 'right' }}>
                <Text size="sm" fw={600} data-testid="current-plan-renewal">
                  {until ? formatDate(until) : M.subscription.noDate}
                </Text>
                {days !== null && (
                  <Text size="xs" c="dimmed">
                    {M.subscription.daysLeft(days)}
                  </Text>
                )}
              </div>
            </Group>
          )}
          {low && (
            <Alert color="orange" variant="light">
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{M.credits.lowBalance}</Text>
                <Button component={Link} to="/pricing" size="xs" leftSection={<IconShoppingCart size={14} />}>
                  {M.credits.buyCredits}
                </Button>
              </Stack>
            </Alert>
          )}
        </Stack>
      )}
    </Card>
  );
}
