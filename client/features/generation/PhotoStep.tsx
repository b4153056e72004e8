import { Stack } from '@mantine/core';
import { M } from '../../../shared/messages/app';
import { PhotoPicker } from './PhotoPicker';
import { StepTitle } from './StepTitle';
import type { GenerationRun } from './useGenerationRun';

/** Step 1 of both generate forms: the product photo, locked while a run is going. */
export function PhotoStep({ run, note }: { run: GenerationRun; note?: string }) {
  return (
    <Stack gap="sm">
      <StepTitle n={1}>{M.generation.stepPhoto}</StepTitle>
      <PhotoPicker
        photo={run.photo}
        onChange={run.setPhoto}
        disabled={run.running}
        onUploadingChange={run.setUploading}
        invalid={run.incomplete && !run.photo}
        note={note}
      />
    </Stack>
  );
}
