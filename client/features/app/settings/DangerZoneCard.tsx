import { Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { M } from '../../../../shared/messages';
import { toastInfo } from '../../../lib/toast';

/** Account deletion is not self-service: confirm, then point to support (SPEC §5, §6). */
export function DangerZoneCard() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <Card style={{ borderColor: 'var(--mantine-color-red-light-color)' }}>
      <Group gap="sm" mb="sm">
        <IconAlertTriangle size={22} stroke={1.7} color="var(--mantine-color-red-filled)" />
        <Title order={2} fz="lg" c="red.9">
          {M.settings.dangerZone}
        </Title>
      </Group>
      <Group justify="space-between" gap="md">
        <div>
          <Text fw={500} size="sm">
            {M.settings.deleteAccount}
          </Text>
          <Text size="xs" c="dimmed">
            {M.settings.deleteAccountDesc}
          </Text>
        </div>
        <Button color="red" variant="light" leftSection={<IconTrash size={16} stroke={1.7} />} onClick={open}>
          {M.settings.deleteAccount}
        </Button>
      </Group>

      <Modal opened={opened} onClose={close} title={<Text fw={700}>{M.settings.deleteConfirmTitle}</Text>} centered>
        <Stack gap="lg">
          <Text size="sm">{M.settings.deleteConfirmText}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {M.common.cancel}
            </Button>
            <Button
              color="red"
              onClick={() => {
                close();
                toastInfo(M.settings.deleteContactSupport);
              }}
            >
              {M.settings.deleteConfirmButton}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
