import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { M } from '../../../../shared/messages/public';

/** The SPEC's browser confirm, as a Mantine modal: the exact question, cancel and a confirm button. */
export function ConfirmModal({
  opened,
  title,
  message,
  confirmLabel,
  loading,
  danger = true,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  loading?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered radius="lg">
      <Stack gap="lg">
        <Text>{message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {M.common.cancel}
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
