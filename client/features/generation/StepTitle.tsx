import { Group, Text, ThemeIcon } from '@mantine/core';

/** "1 Ürün fotoğrafı" style heading inside the generate form. */
export function StepTitle({ n, children }: { n: number; children: string }) {
  return (
    <Group gap={10} wrap="nowrap">
      <ThemeIcon size={24} radius="xl" variant="gradient" fz="xs" fw={700}>
        {n}
      </ThemeIcon>
      <Text fw={700}>{children}</Text>
    </Group>
  );
}
