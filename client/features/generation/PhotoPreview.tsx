import { Box, Image, Stack, Text } from '@mantine/core';
import { IconPhotoX } from '@tabler/icons-react';
import { useState } from 'react';
import { M } from '../../../shared/messages/app';

/** The chosen photo inside the drop zone; a neutral placeholder when it cannot be loaded. */
export function PhotoPreview({ url }: { url: string }) {
  // The URL that failed to load (a later, different URL is tried again).
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  return (
    <Box h={{ base: 220, sm: 260 }} style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
      {failedUrl === url ? (
        <Stack h="100%" align="center" justify="center" gap={6} bg="var(--mantine-color-default-hover)">
          <IconPhotoX size={32} stroke={1.5} color="var(--mantine-color-dimmed)" />
          <Text size="sm" c="dimmed">
            {M.history.noPreview}
          </Text>
        </Stack>
      ) : (
        <Image
          src={url}
          alt={M.generation.photoAlt}
          h="100%"
          w="100%"
          fit="contain"
          bg="var(--mantine-color-default-hover)"
          onError={() => setFailedUrl(url)}
        />
      )}
    </Box>
  );
}
