import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { M } from '../../../shared/messages/app';
import { GenerationProgress } from './GenerationProgress';
import type { GenerationRun } from './useGenerationRun';

interface GenerationResultProps {
  run: GenerationRun;
  kind: 'image' | 'video';
  /** Shown before the first run. */
  placeholder: ReactNode;
  /** The finished outputs; rendered only while `run.completed` is set. */
  children: ReactNode;
}

/** The result column of both generate screens: live progress, the outputs, the failure (with the refund note) or the placeholder. */
export function GenerationResult({ run, kind, placeholder, children }: GenerationResultProps) {
  if (run.running) return <GenerationProgress kind={kind} phase={run.phase} progress={run.progress} />;
  if (run.completed) return children;
  if (run.failed) {
    return (
      <Alert color="red" variant="light" radius="lg" icon={<IconAlertCircle size={20} />} title={M.generation.failedTitle} role="alert">
        <Stack gap={6}>
          <Text size="sm">{run.failed.errorMessage || M.generation.unknown}</Text>
          <Text size="sm" c="dimmed">
            {M.generation.refundNote}
          </Text>
        </Stack>
      </Alert>
    );
  }
  return placeholder;
}
