import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ComponentType } from 'react';

/** The empty result panel before the first run. */
export function ResultPlaceholder({
  icon: Icon,
  text,
  hint,
}: {
  icon: ComponentType<{ size?: number; stroke?: number }>;
  text: string;
  hint: string;
}) {
  return (
    <Paper
      radius="lg"
      p="xl"
      mih={{ base: 220, md: 420 }}
      style={{
        border: '1.5px dashed var(--mantine-color-default-border)',
        background: 'transparent',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <Stack align="center" gap="sm" ta="center" maw={320}>
        <ThemeIcon size={64} radius="xl" variant="light" color="brand">
          <Icon size={32} stroke={1.5} />
        </ThemeIcon>
        <Text fw={600}>{text}</Text>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      </Stack>
    </Paper>
  );
}
