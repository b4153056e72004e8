import { Alert, Button, Modal, Stack } from '@mantine/core';
import { M } from '../../../../shared/messages/app';
import { CopyField } from '../../common/CopyField';

/** A secret shown once (a new key, a webhook secret) with a copy button; closing forgets it. */
export function ShownOnce({ title, note, value, onClose }: { title: string; note: string; value: string | null; onClose: () => void }) {
  return (
    <Modal opened={!!value} onClose={onClose} title={title} size="lg">
      <Stack gap="md">
        <Alert color="yellow" variant="light">
          {note}
        </Alert>
        <CopyField
          value={value ?? ''}
          wrap
          testId="shown-once"
          actions={
            <Button size="xs" onClick={onClose}>
              {M.api.close}
            </Button>
          }
        />
      </Stack>
    </Modal>
  );
}
