import { Group, Progress, Text } from '@mantine/core';
import { M } from '../../../shared/messages/app';

/** The whole percent a run has reached: the one number both the label and the bar show. */
export function progressPercent(progress: number): number {
  return Number.isFinite(progress) ? Math.max(0, Math.min(100, Math.round(progress))) : 0;
}

/**
 * A run's progress bar with its "%NN" label, both drawn from the same whole percent. The bar does
 * not animate its width: a label that jumps while the bar slides behind it reads as two numbers.
 */
export function ProgressMeter({ progress, size = 'lg', withLabel = true }: { progress: number; size?: 'sm' | 'lg'; withLabel?: boolean }) {
  const pct = progressPercent(progress);
  const bar = (
    <Progress
      value={pct}
      size={size}
      radius="xl"
      striped
      animated
      transitionDuration={0}
      aria-label={M.generation.progressLabel}
      aria-valuetext={`%${pct}`}
      style={{ flex: 1 }}
      data-testid="progress-bar"
    />
  );
  if (!withLabel) return bar;
  return (
    <Group gap="sm" wrap="nowrap">
      {bar}
      <Text fw={700} c="brand" ff="monospace" aria-hidden="true" data-testid="progress-label">
        %{pct}
      </Text>
    </Group>
  );
}
