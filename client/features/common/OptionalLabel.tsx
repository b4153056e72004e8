import { Group, Text } from '@mantine/core';

/** A field label followed by a dimmed "(isteğe bağlı)"-style note. */
export function OptionalLabel({ label, note }: { label: string; note: string }) {
  return (
    <Group gap={6} component="span" wrap="nowrap">
      <span>{label}</span>
      <Text span size="xs" c="dimmed" fw={400}>
        {note}
      </Text>
    </Group>
  );
}
