import { Card, Divider, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { M } from '../../../../shared/messages/app';
import { formatCredits } from '../../credits/formatCredits';
import { useSite } from '../../site/useSite';
import { formatNumber } from '../../../lib/format';
import { QueryView } from '../../common/QueryView';
import { LowBalanceAlert, SummaryRow, UntilRow, usePlanSummary } from '../../plans/PlanSummary';

/** Real (live) balance from `credits.balance`, package type ('trial' → 'Deneme'), expiry, costs from settings (docs/decisions.md D3), low-balance hint (below a share of the period's credits). */
export function CreditBalanceCard() {
  const s = usePlanSummary();
  const { balance } = s;
  const { site } = useSite();

  return (
    <Card>
      <Group justify="space-between" mb="md">
        <Group gap="sm">
          <ThemeIcon variant="gradient" size={40} radius="md">
            <IconCoins size={22} stroke={1.7} />
          </ThemeIcon>
          <Text fw={700}>{M.credits.cardTitle}</Text>
        </Group>
      </Group>

      {s.loading ? (
        <Stack gap="xs">
          <Skeleton h={36} w="50%" />
          <Skeleton h={14} w="70%" />
        </Stack>
      ) : (
        <QueryView query={s.query} error={s.errorText} inline>
          {balance && (
            <Stack gap="sm">
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ letterSpacing: '0.06em' }}>
                  {M.common.creditBalance}
                </Text>
                <Text fz={36} fw={800} lh={1.15} style={{ letterSpacing: '-0.02em' }}>
                  {formatCredits(balance.balance, balance.unlimited)}
                </Text>
              </div>
              <Stack gap={4}>
                <SummaryRow label={M.credits.plan} value={s.planName} testId="credit-plan" />
                <UntilRow s={s} />
              </Stack>
              <Divider />
              <Text size="sm" c="dimmed" data-testid="credit-costs">
                {M.credits.imageCost(formatNumber(site.imageCreditCost))} · {M.credits.videoCost(formatNumber(site.videoCreditCost))}
              </Text>
              <LowBalanceAlert s={s} />
            </Stack>
          )}
        </QueryView>
      )}
    </Card>
  );
}
