import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { M } from '../../../shared/messages/app';
import { formatCredits } from '../credits/formatCredits';
import { useCreditBalance } from '../credits/useCreditBalance';

/** True when the balance is known and below the cost (unlimited always passes, docs/decisions.md D7). */
export function isShort(balance: { balance: number; unlimited: boolean } | undefined, cost: number): boolean {
  return !!balance && !balance.unlimited && balance.balance < cost;
}

/** Cost of this run (docs/decisions.md D3, from settings) next to the live balance; the insufficient text with a link to /pricing. */
export function CostSummary({ cost, note }: { cost: number; note: string }) {
  const { balance, loading } = useCreditBalance();
  const short = isShort(balance, cost);
  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
        <Group justify="space-between" wrap="nowrap" gap="md">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {M.generation.costLabel}
            </Text>
            <Text fw={700} data-testid="generation-cost">
              {formatCredits(cost, false)}{' '}
              <Text span size="sm" c="dimmed" fw={400}>
                · {note}
              </Text>
            </Text>
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="dimmed">
              {M.generation.balanceLabel}
            </Text>
            {loading ? (
              <Skeleton h={20} w={64} mt={2} />
            ) : (
              <Text fw={700} c={short ? 'red' : undefined}>
                {balance ? formatCredits(balance.balance, balance.unlimited) : '…'}
              </Text>
            )}
          </Stack>
        </Group>
      </Paper>
      {short && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} p="sm">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{M.generation.insufficient}</Text>
            <Button component={Link} to="/pricing" size="xs" leftSection={<IconShoppingCart size={14} />}>
              {M.generation.buyCredits}
            </Button>
          </Group>
        </Alert>
      )}
    </Stack>
  );
}
