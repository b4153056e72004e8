import { Button, Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { M } from '../../../shared/messages/public';

/** A failed load with a retry button; `message` is already Turkish. */
export function LoadError({ message, onRetry, minHeight = '60vh' }: { message: string; onRetry: () => void; minHeight?: string | number }) {
  return (
    <Center mih={minHeight} p="md">
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
