import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page section in a card: its title, an optional one-line description, then the content. */
export function SectionCard({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
        {children}
      </Stack>
    </Card>
  );
}
