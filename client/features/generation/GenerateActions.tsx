import { Alert, Button } from '@mantine/core';
import { IconAlertCircle, IconSparkles } from '@tabler/icons-react';
import { CostSummary } from './CostSummary';
import type { GenerationRun } from './useGenerationRun';

interface GenerateActionsProps {
  run: GenerationRun;
  cost: number;
  costNote: string;
  /** The Generate button's text. */
  label: string;
  onGenerate: () => void;
}

/** Bottom of both generate forms: cost and balance, the last refusal, the Generate button. */
export function GenerateActions({ run, cost, costNote, label, onGenerate }: GenerateActionsProps) {
  return (
    <>
      <CostSummary cost={cost} note={costNote} />

      {run.formError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} p="sm" role="alert">
          {run.formError}
        </Alert>
      )}

      <Button
        size="md"
        variant="gradient"
        leftSection={<IconSparkles size={18} />}
        onClick={onGenerate}
        loading={run.busy}
        disabled={run.busy}
        fullWidth
      >
        {label}
      </Button>
    </>
  );
}
