import { Badge, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { M } from '../../../../shared/messages/app';
import { isFreePlan } from '../../../../shared/plans';
import { formatDate, formatNumber } from '../../../lib/format';
import { QueryView } from '../../common/QueryView';
import { LowBalanceAlert, SummaryRow, usePlanSummary } from '../../plans/PlanSummary';
import type { useBillingSummary } from '../../common/billingQueries';

/** Package type, live balance, 'Aktif', and the real renewal / expiry date (docs/decisions.md D10), not static text. */
export function CurrentPlanCard({ summary }: { summary: ReturnType<typeof useBillingSummary> }) {
  const s = usePlanSummary(summary.data?.renewsAt);
  const { plan } = s;

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
        {s.balance && (
          <Badge variant="light" color={plan ? 'teal' : 'gray'} radius="sm" style={{ textTransform: 'none' }}>
            {plan ? M.subscription.active : M.subscription.inactive}
          </Badge>
        )}
      </Group>

      {s.loading ? (
        <Stack gap="xs">
          <Skeleton h={30} w="40%" />
          <Skeleton h={14} w="70%" />
          <Skeleton h={14} w="60%" />
        </Stack>
      ) : (
        <QueryView query={s.query} error={s.errorText} inline>
          <Stack gap="sm">
            <div>
              <Text fz={28} fw={800} lh={1.15} data-testid="current-plan-name">
                {s.planName}
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
            <SummaryRow label={M.subscription.remaining} value={s.balanceText} testId="current-plan-balance" />
            {plan && (
              <SummaryRow
                label={s.untilLabel}
                value={s.until ? formatDate(s.until) : M.subscription.noDate}
                sub={s.daysLeft !== null ? M.subscription.daysLeft(s.daysLeft) : undefined}
                testId="current-plan-renewal"
              />
            )}
            <LowBalanceAlert s={s} />
          </Stack>
        </QueryView>
      )}
    </Card>
  );
}
