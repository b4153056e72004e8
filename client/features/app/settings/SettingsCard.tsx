import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';

interface SettingsCardProps {
  title: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  children: ReactNode;
  saveLabel: string;
  saving: boolean;
  onSave: () => void;
}

/** One settings section with its own save button. */
export function SettingsCard({ title, icon: Icon, children, saveLabel, saving, onSave }: SettingsCardProps) {
  return (
    <Card>
      <Group gap="sm" mb="lg">
        <ThemeIcon variant="light" size={36} radius="md">
          <Icon size={20} stroke={1.7} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          {title}
        </Title>
      </Group>
      <Stack gap="lg">{children}</Stack>
      <Group justify="flex-end" mt="xl">
        <Button onClick={onSave} loading={saving} leftSection={<IconDeviceFloppy size={18} stroke={1.7} />}>
          {saveLabel}
        </Button>
      </Group>
    </Card>
  );
}

/** A label + description line for a switch row. */
export function SettingLabel({ label, description }: { label: string; description: string }) {
  return (
    <div>
      <Text fw={500} size="sm">
        {label}
      </Text>
      <Text size="xs" c="dimmed">
        {description}
      </Text>
    </div>
  );
}
