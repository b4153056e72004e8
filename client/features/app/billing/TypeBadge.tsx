import { Badge } from '@mantine/core';
import { ledgerTypeLabel } from '../../../../shared/ledger-text';

const COLORS: Record<string, string> = {
  purchase: 'brand',
  usage: 'gray',
  refund: 'teal',
  bonus: 'grape',
  expire: 'orange',
  admin_adjustment: 'indigo',
};

export function TypeBadge({ type }: { type: string }) {
  return (
    <Badge variant="light" color={COLORS[type] ?? 'gray'} radius="sm" style={{ textTransform: 'none' }} data-testid="tx-type">
      {ledgerTypeLabel(type)}
    </Badge>
  );
}
