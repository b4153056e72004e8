import { Alert, Button, Code, CopyButton, Group, Modal, Stack } from '@mantine/core';
import { M } from '../../../../shared/messages/app';

/** A secret shown once (a new key, a webhook secret) with a copy button; closing forgets it. */
export function ShownOnce({ title, note, value, onClose }: { title: string; note: string; value: string | null; onClose: () => void }) {
  return (
    <Modal opened={!!value} onClose={onClose} title={title} size="lg">
      <Stack gap="md">
        <Alert color="yellow" variant="light">
          {note}
        </Alert>
        <Code block data-testid="shown-once" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {value}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={value ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? M.api.copied : M.api.copy}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{M.api.close}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
