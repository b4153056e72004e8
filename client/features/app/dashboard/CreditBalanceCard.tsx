import { Alert, Button, Card, Divider, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCoins, IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { LOW_BALANCE_THRESHOLD } from '../../../../shared/constants';
import { M } from '../../../../shared/messages/app';
import { readAppError } from '../../../lib/appError';
import { formatCredits } from '../../credits/formatCredits';
import { useCreditBalance } from '../../credits/useCreditBalance';
import { useSite } from '../../site/useSite';
import { formatDate, formatNumber } from '../../../lib/format';

/** Real (live) balance from `credits.balance`, package type ('trial' → 'Deneme'), expiry, costs from settings (docs/decisions.md D3), low-balance hint (< 10). */
export function CreditBalanceCard() {
  const { balance, loading, error, query } = useCreditBalance();
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

      {loading ? (
        <Stack gap="xs">
          <Skeleton h={36} w="50%" />
          <Skeleton h={14} w="70%" />
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
            <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ letterSpacing: '0.06em' }}>
              {M.common.creditBalance}
            </Text>
            <Text fz={36} fw={800} lh={1.15} style={{ letterSpacing: '-0.02em' }}>
              {formatCredits(balance.balance, balance.unlimited)}
            </Text>
          </div>
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {M.credits.plan}
              </Text>
              <Text size="sm" fw={600} data-testid="credit-plan">
                {balance.planCode ? (M.credits.planNames[balance.planCode] ?? balance.planCode) : M.credits.noPlan}
              </Text>
            </Group>
            {balance.expiresAt && !balance.unlimited && (
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" c="dimmed">
                  {balance.planCode && balance.planCode !== 'trial' ? M.subscription.nextRenewal : M.credits.expiresAt}
                </Text>
                <Text size="sm" fw={600}>
                  {formatDate(balance.expiresAt)}
                </Text>
              </Group>
            )}
          </Stack>
          <Divider />
          <Text size="sm" c="dimmed" data-testid="credit-costs">
            {M.credits.imageCost(formatNumber(site.imageCreditCost))} · {M.credits.videoCost(formatNumber(site.videoCreditCost))}
          </Text>
          {!balance.unlimited && balance.balance < LOW_BALANCE_THRESHOLD && (
            <Alert color="orange" variant="light" mt="xs">
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
