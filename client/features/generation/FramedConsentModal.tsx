import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { M } from '../../../shared/messages/app';

/**
 * The question before any framed run: the photo has no trustworthy cut-out, so the run would show
 * it framed. Nothing was charged; only "Evet" sends the run again with `allowFramed`.
 */
export function FramedConsentModal({
  opened,
  question = M.studio.framedQuestion,
  costText,
  onAnswer,
}: {
  opened: boolean;
  question?: string;
  costText: string;
  onAnswer: (agree: boolean) => void;
}) {
  return (
    <Modal opened={opened} onClose={() => onAnswer(false)} title={M.studio.untrustedTitle} centered>
      <Stack gap="md">
        <Text fw={600}>{question}</Text>
        <Text size="sm" c="dimmed">
          {costText}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onAnswer(false)}>
            {M.studio.framedDecline}
          </Button>
          <Button onClick={() => onAnswer(true)}>{M.studio.framedAccept}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
