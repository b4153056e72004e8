import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatCredits } from '../../credits/formatCredits';
import { CreditStatusBadge } from './StatusBadges';

/** A table cell's bold first line (a name) over a dimmed second one (an e-mail), when there is one. */
export function PersonCell({ name, detail }: { name: ReactNode; detail?: ReactNode }) {
  return (
    <>
      <Text size="sm" fw={600}>
        {name}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </>
  );
}

/** A balance in tabular figures with its empty/low/ok badge. */
export function CreditsCell({ balance, testId }: { balance: number; testId?: string }) {
  return (
    <Group gap={8} wrap="nowrap">
      <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-testid={testId}>
        {formatCredits(balance)}
      </Text>
      <CreditStatusBadge balance={balance} />
    </Group>
  );
}
