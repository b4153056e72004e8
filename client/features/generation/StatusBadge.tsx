import { Badge, Loader, type BadgeProps } from '@mantine/core';
import { M } from '../../../shared/messages/app';
import { perLanguage } from '../../../shared/messages/localize';

const STATUS: Record<string, { label: string; color: string }> = perLanguage(() => ({
  completed: { label: M.generation.statusCompleted, color: 'green' },
  processing: { label: M.generation.statusProcessing, color: 'brand' },
  failed: { label: M.generation.statusFailed, color: 'red' },
  queued: { label: M.generation.statusQueued, color: 'gray' },
}));

/** docs/product.md §4 generation status: colour, Turkish text, a spinner while processing. */
export function StatusBadge({ status, ...props }: { status: string } & BadgeProps) {
  const s = STATUS[status] ?? { label: M.generation.statusUnknown, color: 'gray' };
  return (
    <Badge
      color={s.color}
      variant="light"
      radius="sm"
      leftSection={status === 'processing' ? <Loader size={10} color={s.color} type="oval" /> : undefined}
      style={{ textTransform: 'none' }}
      {...props}
    >
      {s.label}
    </Badge>
  );
}
