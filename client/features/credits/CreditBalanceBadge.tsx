import { Badge, Loader, type BadgeProps } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { M } from '../../../shared/messages/public';
import { formatCredits } from './formatCredits';
import { useCreditBalance } from './useCreditBalance';

/** The credit balance pill shown in headers. */
export function CreditBalanceBadge(props: BadgeProps) {
  const { balance, loading } = useCreditBalance();
  return (
    <Badge
      size="lg"
      radius="xl"
      variant="light"
      color="brand"
      leftSection={loading ? <Loader size={12} color="brand" /> : <IconCoins size={16} stroke={1.8} />}
      aria-label={M.common.creditBalance}
      style={{ textTransform: 'none', fontWeight: 600 }}
      {...props}
    >
      {balance ? formatCredits(balance.balance, balance.unlimited) : '…'}
    </Badge>
  );
}
