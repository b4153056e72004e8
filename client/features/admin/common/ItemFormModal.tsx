import { Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { M } from '../../../../shared/messages/public';

interface ItemFormModalProps {
  opened: boolean;
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  onClose: () => void;
  /** The fields. */
  children: ReactNode;
}

/** The add/edit modal of a landing item: its fields above cancel and save. */
export function ItemFormModal({ opened, title, onSubmit, saving, onClose, children }: ItemFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl" centered radius="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {M.common.cancel}
            </Button>
            <Button type="submit" loading={saving}>
              {M.common.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
