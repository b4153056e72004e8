import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { M } from '../../../shared/messages/app';
import { useProviderName } from './useGeneration';

/** docs/decisions.md D28: shown on both generate screens while the local studio provider runs jobs. */
export function PreviewModeNotice() {
  const name = useProviderName();
  if (name !== 'local') return null;
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} mb="lg" radius="md" py="xs">
      {M.generation.previewMode}
    </Alert>
  );
}
