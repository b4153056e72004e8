import { Badge } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';

/**
 * A docs/decisions.md D10 month-over-month change ('+100%', '-33%', '+0%'): green when up, red when down, grey
 * when flat. `neutral` drops the good/bad colouring for figures where "up" is not good news.
 */
export function ChangeBadge({ change, neutral = false }: { change: string; neutral?: boolean }) {
  const flat = /^[+-]?0%$/.test(change);
  const down = !flat && change.startsWith('-');
  const color = flat ? 'gray' : neutral ? 'brand' : down ? 'red' : 'green';
  const Icon = down ? IconArrowDownRight : IconArrowUpRight;
  return (
    <Badge
      color={color}
      variant="light"
      radius="sm"
      size="sm"
      leftSection={flat ? undefined : <Icon size={12} stroke={2.2} />}
      style={{ textTransform: 'none', fontVariantNumeric: 'tabular-nums' }}
      data-testid="change-badge"
    >
      {change.replace('-', '−')}
    </Badge>
  );
}
