import { Group, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { M } from '../../../shared/messages/app';

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
  const pct = Math.max(0, Math.min(100, Math.round(progress)));
  const text = phaseText(kind, phase);
  return (
    <Paper withBorder p="lg" radius="lg" role="status" aria-live="polite" data-testid="generation-progress">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Loader size="sm" type="dots" />
            <Text fw={600}>{text}</Text>
          </Group>
          <Text fw={700} c="brand" ff="monospace" aria-hidden="true">
            %{pct}
          </Text>
        </Group>
        <Progress
          value={Math.max(pct, 3)}
          size="lg"
          radius="xl"
          striped
          animated
          aria-label={M.generation.progressLabel}
          aria-valuetext={`%${pct}`}
          transitionDuration={400}
        />
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
