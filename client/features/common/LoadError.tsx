import { Alert, Button, Center, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { M } from '../../../shared/messages/public';

/** A failed load with a retry button; `message` is already Turkish. */
export function LoadError({ message, onRetry, minHeight = '60vh' }: { message: string; onRetry: () => void; minHeight?: string | number }) {
  return (
    <Center mih={minHeight} p="md" data-testid="load-error">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="red">
          <IconPlugConnectedX size={26} stroke={1.7} />
        </ThemeIcon>
        <Text>{message}</Text>
        <Button variant="light" onClick={onRetry}>
          {M.common.retry}
        </Button>
      </Stack>
    </Center>
  );
}

/** The same inside a card or above a page's tiles: one line with the retry beside it. */
export function InlineLoadError({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying?: boolean }) {
  return (
    <Alert color="red" variant="light" data-testid="load-error">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="white" color="red" loading={retrying} onClick={onRetry}>
          {M.common.retry}
        </Button>
      </Group>
    </Alert>
  );
}
