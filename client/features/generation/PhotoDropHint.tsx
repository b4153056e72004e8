import { Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconPhotoPlus, IconPhotoX, IconUpload } from '@tabler/icons-react';
import { M } from '../../../shared/messages/app';

/** The empty drop zone's invitation, changing while a file is dragged over it (accepted or refused). */
export function PhotoDropHint() {
  return (
    <Stack align="center" justify="center" gap="xs" mih={{ base: 200, sm: 240 }} style={{ pointerEvents: 'none' }} ta="center">
      <Dropzone.Accept>
        <ThemeIcon size={56} radius="xl" variant="light" color="brand">
          <IconUpload size={28} stroke={1.6} />
        </ThemeIcon>
      </Dropzone.Accept>
      <Dropzone.Reject>
        <ThemeIcon size={56} radius="xl" variant="light" color="red">
          <IconPhotoX size={28} stroke={1.6} />
        </ThemeIcon>
      </Dropzone.Reject>
      <Dropzone.Idle>
        <ThemeIcon size={56} radius="xl" variant="light" color="brand">
          <IconPhotoPlus size={28} stroke={1.6} />
        </ThemeIcon>
      </Dropzone.Idle>
      <Text fw={600} mt={4}>
        <Dropzone.Accept>{M.generation.dropActive}</Dropzone.Accept>
        <Dropzone.Reject>{M.generation.fileType}</Dropzone.Reject>
        <Dropzone.Idle>{M.generation.dropTitle}</Dropzone.Idle>
      </Text>
      <Text size="sm" c="dimmed">
        {M.generation.dropSubtitle}
      </Text>
      <Text size="xs" c="dimmed">
        {M.generation.uploadHint}
      </Text>
    </Stack>
  );
}
