import { Card } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { ItemActions } from './ItemActions';

/** One landing item in the admin grid: a dashed border while hidden (a draft), with the show/hide, edit and delete footer. */
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
    <Card
      padding="md"
      withBorder
      data-testid={testId}
      data-active={actions.active}
      style={actions.active ? undefined : { borderStyle: 'dashed' }}
    >
      {children}
      <Card.Section withBorder inheritPadding py="xs" mt="sm">
        <ItemActions {...actions} />
      </Card.Section>
    </Card>
  );
}
