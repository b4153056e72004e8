import { Badge, Button, Card, Group, Skeleton, Stack, ThemeIcon, Title } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { M } from '../../../../shared/messages/app';
import { LowBalanceAlert, SummaryRow, UntilRow, usePlanSummary } from '../../plans/PlanSummary';
import type { useBillingSummary } from '../../common/billingQueries';

/** Current package, live balance, renewal/expiry; below 10 credits a hint and a buy button (→ /pricing). */
export function PackageCard({ summary }: { summary: ReturnType<typeof useBillingSummary> }) {
  const s = usePlanSummary(summary.data?.renewsAt);

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
        {s.plan && (
          <Badge variant="light" color="teal" radius="sm" style={{ textTransform: 'none' }}>
            {M.subscription.active}
          </Badge>
        )}
      </Group>
      {s.loading ? (
        <Stack gap="xs">
          <Skeleton h={16} w="70%" />
          <Skeleton h={16} w="50%" />
        </Stack>
      ) : (
        <Stack gap={8}>
          <SummaryRow label={M.credits.plan} value={s.balance ? s.planName : '—'} testId="billing-plan" />
          <SummaryRow label={M.subscription.remaining} value={s.balanceText} testId="billing-balance" />
          <UntilRow s={s} testId="billing-renewal" />
          {s.low ? (
            <LowBalanceAlert s={s} />
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
