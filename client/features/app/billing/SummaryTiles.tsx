import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarDollar, IconCoins, IconReceipt2, IconWallet } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { M } from '../../../../shared/messages/app';
import { formatCents, formatNumber } from '../../../lib/format';
import type { useBillingSummary } from '../../common/billingQueries';

function Tile({
  label,
  value,
  icon: Icon,
  color,
  loading,
  testId,
}: {
  label: string;
  value: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  color: string;
  loading: boolean;
  testId: string;
}) {
  return (
    <Card padding="md" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs" mb={8}>
        <Text size="sm" c="dimmed" fw={600} lh={1.3}>
          {label}
        </Text>
        <ThemeIcon variant="light" color={color} size={32} radius="md" style={{ flexShrink: 0 }} visibleFrom="xs">
          <Icon size={18} stroke={1.8} />
        </ThemeIcon>
      </Group>
      {loading ? (
        <Skeleton h={28} w="60%" />
      ) : (
        <Text
          fz={{ base: 22, xs: 26 }}
          fw={800}
          lh={1.1}
          style={{ letterSpacing: '-0.02em', fontVariantNumeric: 'tabular-nums' }}
          data-testid={`${testId}-value`}
        >
          {value}
        </Text>
      )}
    </Card>
  );
}

/** This month spent, total spent (in the install's currency), total transactions, credits used. */
export function SummaryTiles({ query }: { query: ReturnType<typeof useBillingSummary> }) {
  const s = query.data;
  const loading = query.isPending || (!s && query.isFetching);
  const dash = '—';
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
      <Tile
        testId="tile-month"
        label={M.billing.thisMonthSpent}
        icon={IconCalendarDollar}
        color="brand"
        loading={loading}
        value={s ? formatCents(s.thisMonthSpentCents, s.currency) : dash}
      />
      <Tile
        testId="tile-total"
        label={M.billing.totalSpent}
        icon={IconWallet}
        color="teal"
        loading={loading}
        value={s ? formatCents(s.totalSpentCents, s.currency) : dash}
      />
      <Tile
        testId="tile-count"
        label={M.billing.totalTransactions}
        icon={IconReceipt2}
        color="grape"
        loading={loading}
        value={s ? formatNumber(s.totalTransactions) : dash}
      />
      <Tile
        testId="tile-used"
        label={M.billing.creditsUsed}
        icon={IconCoins}
        color="orange"
        loading={loading}
        value={s ? formatNumber(s.creditsUsed) : dash}
      />
    </SimpleGrid>
  );
}
