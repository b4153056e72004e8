import { Stack, Text, Title } from '@mantine/core';

/** Centered section title with an optional eyebrow and subtitle. */
export function SectionHeading({ id, eyebrow, title, subtitle }: { id?: string; eyebrow?: string; title: string; subtitle?: string }) {
  return (
    <Stack gap={10} align="center" ta="center" mb={{ base: 32, sm: 48 }} maw={640} mx="auto">
      {eyebrow && (
        <Text size="xs" fw={700} tt="uppercase" c="brand" style={{ letterSpacing: '0.1em' }}>
          {eyebrow}
        </Text>
      )}
      <Title id={id} order={2} fz={{ base: 28, sm: 36 }} style={{ letterSpacing: '-0.02em', textWrap: 'balance' }}>
        {title}
      </Title>
      {subtitle && (
        <Text c="dimmed" fz={{ base: 'md', sm: 'lg' }} style={{ textWrap: 'pretty' }}>
          {subtitle}
        </Text>
      )}
    </Stack>
  );
}
