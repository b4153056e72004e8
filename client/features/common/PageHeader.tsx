import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Title + one-line subtitle at the top of a customer page. */
export function PageHeader({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <Stack gap={4} mb="xl">
      <Title order={1} fz={{ base: 24, sm: 30 }} style={{ letterSpacing: '-0.01em' }}>
        {title}
      </Title>
      {subtitle && <Text c="dimmed">{subtitle}</Text>}
      {children}
    </Stack>
  );
}
