import { Alert, Button, Card, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconClockHour4, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { M } from '../../../../shared/messages/app';
import { toastServerError, toastSuccess } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { formatLongDateTime } from '../../../lib/format';

/**
 * Account deletion is not self-service (docs/product.md §6), and the dialog says so (docs/decisions.md D32): it sends a
 * request that an admin carries out, and says what will happen to the data.
 */
export function DangerZoneCard() {
  const [opened, { open, close }] = useDisclosure(false);
  const [reason, setReason] = useState('');
  const utils = trpc.useUtils();
  const pending = trpc.auth.deletionStatus.useQuery();
  const request = trpc.auth.requestDeletion.useMutation({
    onSuccess: (data) => {
      utils.auth.deletionStatus.setData(undefined, data);
      close();
      toastSuccess(M.accountData.deleteRequested);
    },
    onError: toastServerError,
  });

  return (
    <Card style={{ borderColor: 'var(--mantine-color-red-light-color)' }}>
      <Group gap="sm" mb="sm">
        <IconAlertTriangle size={22} stroke={1.7} color="var(--mantine-color-red-filled)" />
        <Title order={2} fz="lg" c="red.9">
          {M.settings.dangerZone}
        </Title>
      </Group>
      {pending.data ? (
        <Alert color="orange" icon={<IconClockHour4 size={18} />} role="status">
          {M.accountData.deletePending(formatLongDateTime(pending.data.createdAt))}
        </Alert>
      ) : (
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
      )}

      <Modal opened={opened} onClose={close} title={<Text fw={700}>{M.settings.deleteConfirmTitle}</Text>} centered>
        <Stack gap="lg">
          <Text size="sm">{M.accountData.deleteConfirmText}</Text>
          <Textarea
            label={M.accountData.deleteReason}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={1000}
            autosize
            minRows={2}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {M.common.cancel}
            </Button>
            <Button color="red" loading={request.isPending} onClick={() => request.mutate({ reason: reason.trim() || null })}>
              {M.accountData.deleteRequestButton}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
