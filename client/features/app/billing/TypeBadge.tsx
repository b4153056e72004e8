import { Badge } from '@mantine/core';
import { M } from '../../../../shared/messages/app';

const COLORS: Record<string, string> = { purchase: 'brand', usage: 'gray', refund: 'teal', bonus: 'grape', expire: 'orange' };

/** docs/product.md §3 transaction type: purchase 'Satın Alma', usage 'Kullanım', refund 'İade'; unknown 'Bilinmiyor'. */
export function transactionTypeLabel(type: string): string {
  return M.billing.types[type] ?? M.billing.unknownType;
}

export function TypeBadge({ type }: { type: string }) {
  return (
    <Badge variant="light" color={COLORS[type] ?? 'gray'} radius="sm" style={{ textTransform: 'none' }} data-testid="tx-type">
      {transactionTypeLabel(type)}
    </Badge>
  );
}
