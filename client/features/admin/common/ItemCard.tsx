import { Card } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { ItemActions } from './ItemActions';

/** One landing item in the admin grid: dimmed while hidden, with the show/hide, edit and delete footer. */
export function ItemCard({
  testId,
  actions,
  children,
}: {
  testId: string;
  actions: ComponentProps<typeof ItemActions>;
  children: ReactNode;
}) {
  return (
    <Card padding="md" data-testid={testId} style={{ opacity: actions.active ? 1 : 0.7 }}>
      {children}
      <Card.Section withBorder inheritPadding py="xs" mt="sm">
        <ItemActions {...actions} />
      </Card.Section>
    </Card>
  );
}
