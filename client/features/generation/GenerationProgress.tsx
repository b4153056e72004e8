import { Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { M } from '../../../shared/messages/app';
import { ProgressMeter } from './ProgressMeter';

export type ProgressPhase = 'uploading' | 'starting' | 'queued' | 'processing';

interface GenerationProgressProps {
  kind: 'image' | 'video';
  phase: ProgressPhase;
  progress: number;
}

function phaseText(kind: 'image' | 'video', phase: ProgressPhase): string {
  if (phase === 'uploading') return M.generation.progressUploading;
  if (phase === 'starting') return M.generation.progressStarting;
  if (phase === 'queued') return M.generation.progressQueued;
  return kind === 'image' ? M.generation.progressImage : M.generation.progressVideo;
}

/** Live progress: animated bar with percentage, status text and the expected wait. */
export function GenerationProgress({ kind, phase, progress }: GenerationProgressProps) {
  const text = phaseText(kind, phase);
  return (
    <Paper withBorder p="lg" radius="lg" role="status" aria-live="polite" data-testid="generation-progress">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Loader size="sm" type="dots" />
          <Text fw={600}>{text}</Text>
        </Group>
        <ProgressMeter progress={progress} />
        <Group gap={6} wrap="nowrap">
          <IconClockHour4 size={16} stroke={1.7} color="var(--mantine-color-dimmed)" />
          <Text size="sm" c="dimmed">
            {kind === 'image' ? M.generation.expectedImage : M.generation.expectedVideo}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
