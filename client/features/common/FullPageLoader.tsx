import { Center, Loader, Stack, Text } from '@mantine/core';
import { M } from '../../../shared/messages/public';

/** The 'Yükleniyor...' spinner used while the session or a page chunk loads. */
export function FullPageLoader({ minHeight = '60vh' }: { minHeight?: string | number }) {
  return (
    <Center mih={minHeight} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader color="brand" size="lg" type="dots" />
        <Text c="dimmed" size="sm">
          {M.common.loading}
        </Text>
      </Stack>
    </Center>
  );
}
