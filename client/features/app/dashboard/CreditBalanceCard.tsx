import { Alert, Badge, Button, Card, Divider, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCoins, IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { LOW_BALANCE_THRESHOLD } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import { readAppError } from '../../../lib/appError';
import { formatCredits, formatNumber } from '../../credits/formatCredits';
import { useCreditBalance } from '../../credits/useCreditBalance';
import { useSite } from '../../site/useSite';

const dateFormat = new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'long', year: 'numeric' });

/** Real balance from `credits.balance`, plan, expiry, costs from settings (D3), low-balance hint. */
export function CreditBalanceCard() {
  const { balance, loading, error, query } = useCreditBalance();
  const { site } = useSite();

  return (
    <Card h="100%">
      <Group justify="space-between" mb="md">
        <Group gap="sm">
          <ThemeIcon variant="gradient" size={40} radius="md">
            <IconCoins size={22} stroke={1.7} />
          </ThemeIcon>
          <Text fw={700}>{M.credits.cardTitle}</Text>
        </Group>
        {balance?.planCode && (
          <Badge variant="light" radius="sm" style={{ textTransform: 'none' }}>
            {M.credits.planNames[balance.planCode] ?? balance.planCode}
          </Badge>
        )}
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
          {balance.expiresAt && !balance.unlimited && (
            <Text size="sm" c="dimmed">
              {M.credits.expiresAt}: {dateFormat.format(new Date(balance.expiresAt))}
            </Text>
          )}
          <Divider />
          <Group gap="lg">
            <Text size="sm" c="dimmed">
              {M.credits.imageCost(formatNumber(site.imageCreditCost))}
            </Text>
            <Text size="sm" c="dimmed">
              {M.credits.videoCost(formatNumber(site.videoCreditCost))}
            </Text>
          </Group>
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
