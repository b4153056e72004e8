import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { M } from '../../../shared/messages/app';
import { findPlan } from '../../../shared/plans';
import { readAppError } from '../../lib/appError';
import { daysUntil, formatDate } from '../../lib/format';
import { formatCredits } from '../credits/formatCredits';
import { useCreditBalance } from '../credits/useCreditBalance';

/**
 * The seller's current plan as the dashboard, billing and subscription cards show it: the live
 * balance (`credits.balance`), the plan, until when (the balance's expiry, else the billing
 * summary's renewal) and whether the balance is low (docs/decisions.md D10).
 */
export function usePlanSummary(renewsAt?: string | null) {
  const { balance, loading, error, query } = useCreditBalance();
  const planCode = balance?.planCode ?? null;
  const plan = findPlan(planCode);
  const until = balance && balance.unlimited ? null : (balance?.expiresAt ?? renewsAt ?? null);
  return {
    balance,
    loading,
    query,
    /** The failed load's text, for the card's QueryView. */
    errorText: error ? readAppError(error).message : M.credits.loadFailed,
    planCode,
    plan,
    planName: plan?.name ?? M.credits.noPlan,
    until,
    daysLeft: daysUntil(until),
    /** A trial ends; a package renews. */
    untilLabel: planCode === 'trial' || !planCode ? M.subscription.trialEnds : M.subscription.nextRenewal,
    balanceText: balance ? formatCredits(balance.balance, balance.unlimited) : '—',
    low: !!balance && !balance.unlimited && balance.balance < balance.lowBelow,
  };
}
export type PlanSummary = ReturnType<typeof usePlanSummary>;

/** One label/value line of the summary, the value right-aligned with an optional note below. */
export function SummaryRow({ label, value, sub, testId }: { label: string; value: string; sub?: string; testId?: string }) {
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

/** The "until" line: the date and the days left (nothing for an unlimited balance or no date). */
export function UntilRow({ s, testId }: { s: PlanSummary; testId?: string }) {
  if (!s.until) return null;
  return (
    <SummaryRow
      label={s.untilLabel}
      value={formatDate(s.until)}
      sub={s.daysLeft !== null ? M.subscription.daysLeft(s.daysLeft) : undefined}
      testId={testId}
    />
  );
}

/** Below a share of the period's credits (`lowBelow`, issue 38 item 4): the hint and the buy button (→ /pricing). */
export function LowBalanceAlert({ s }: { s: PlanSummary }) {
  if (!s.low) return null;
  return (
    <Alert color="orange" variant="light" mt="xs">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{M.credits.lowBalance}</Text>
        <Button component={Link} to="/pricing" size="xs" leftSection={<IconShoppingCart size={14} />}>
          {M.credits.buyCredits}
        </Button>
      </Stack>
    </Alert>
  );
}
