import { Alert, Anchor, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Dropzone } from '@mantine/dropzone';
import { IconPhotoPlus, IconPlayerPlay } from '@tabler/icons-react';
import { M } from '../../../../shared/messages/app';
import { BATCH_MAX_PHOTOS } from '../../../../shared/schemas/batch';
import { usePageTitle } from '../../site/pageTitle';
import { useDownloads } from '../../generation/download';
import { BatchZipButton } from './BatchZipButton';
import { FramedConsentModal } from '../../generation/FramedConsentModal';
import { PHOTO_ACCEPT } from '../../generation/uploadPhoto';
import { useSite } from '../../site/useSite';
import { PageHeader } from '../../common/PageHeader';
import { BatchItemCard } from './BatchItemCard';
import { CutoutEditorModal } from '../../generation/editor/CutoutEditorModal';
import { useBatchRun } from './useBatchRun';

/**
 * /app/batch (issue 12 (docs/history.md)): up to 20 photos, one prompt; each photo is uploaded,
 * then all become separate image generations in one `batch.create`. Each row
 * shows its own status and progress; at the end one zip of the white images.
 */
export default function BatchPage() {
  usePageTitle(M.exports.batchTitle);
  const { site } = useSite();
  const cost = site.imageCreditCost;
  const downloads = useDownloads();
  const {
    rows,
    prompt,
    setPrompt,
    pickError,
    batchId,
    starting,
    byGeneration,
    sent,
    completed,
    allDone,
    pick,
    start,
    reset,
    askFramed,
    answerFramed,
    setCutout,
  } = useBatchRun();
  const locked = starting || !!batchId;
  const [editing, setEditing] = useState<{ key: string; uploadId: string; photoUrl: string } | null>(null);
  // The address becomes the batch's own, so a reload opens it again (/app/batch/:id) instead of an empty form.
  useEffect(() => {
    if (batchId) window.history.replaceState(window.history.state, '', `/app/batch/${batchId}`);
  }, [batchId]);
  return (
    <Stack gap="lg">
      <FramedConsentModal
        opened={askFramed.length > 0 && !starting}
        question={M.studio.framedQuestionBatch(askFramed.length)}
        costText={M.studio.framedCostBatch(cost * askFramed.length, askFramed.length)}
        onAnswer={(agree) => void answerFramed(agree)}
      />
      <PageHeader title={M.exports.batchTitle} subtitle={M.exports.batchSubtitle(BATCH_MAX_PHOTOS)} />
      <Card>
        <Stack gap="md">
          {!locked && (
            <Dropzone
              onDrop={pick}
              accept={PHOTO_ACCEPT}
              multiple
              maxFiles={BATCH_MAX_PHOTOS}
              data-testid="batch-dropzone"
              inputProps={{ 'aria-label': M.generation.photoLabel }}
            >
              <Group justify="center" gap="sm" mih={90} style={{ pointerEvents: 'none' }}>
                <IconPhotoPlus size={28} />
                <Text fw={600}>{M.exports.batchPick}</Text>
              </Group>
            </Dropzone>
          )}
          <Textarea
            label={M.generation.promptLabel}
            value={prompt}
            onChange={(e) => setPrompt(e.currentTarget.value)}
            disabled={locked}
            autosize
            minRows={2}
            maxLength={1000}
            data-testid="batch-prompt"
          />
          {pickError && (
            <Alert color="red" variant="light">
              {pickError}
            </Alert>
          )}
          <Group justify="space-between">
            {batchId ? (
              <Stack gap={2}>
                <Text fw={600} data-testid="batch-summary">
                  {M.exports.batchSummary(completed.length, sent.length)}
                </Text>
                <Anchor component={Link} to={`/app/batch/${batchId}`} size="xs" data-testid="batch-link">
                  {M.exports.batchLink}
                </Anchor>
              </Stack>
            ) : (
              <span />
            )}
            <Group gap="xs">
              {(rows.length > 0 || batchId) && (
                <Button variant="default" onClick={reset} disabled={starting}>
                  {M.exports.batchClear}
                </Button>
              )}
              {!batchId && (
                <Button leftSection={<IconPlayerPlay size={16} />} onClick={() => void start()} loading={starting} disabled={!rows.length}>
                  {M.exports.batchStart(rows.length, rows.length * cost)}
                </Button>
              )}
              {batchId && <BatchZipButton batchId={batchId} disabled={!allDone || completed.length === 0} downloads={downloads} />}
            </Group>
          </Group>
        </Stack>
      </Card>

      <Stack gap="xs" data-testid="batch-items">
        {rows.map((row) => (
          <BatchItemCard
            key={row.key}
            row={row}
            generation={row.generationId ? byGeneration.get(row.generationId) : undefined}
            downloads={downloads}
            onEdit={
              row.uploadId
                ? () => setEditing({ key: row.key, uploadId: row.uploadId!, photoUrl: `/api/files/uploads/${row.uploadId}` })
                : undefined
            }
          />
        ))}
      </Stack>
      {editing && (
        <CutoutEditorModal
          opened
          onClose={() => setEditing(null)}
          uploadId={editing.uploadId}
          photoUrl={editing.photoUrl}
          onAccepted={(r) => setCutout(editing.key, r.verdict)}
        />
      )}
    </Stack>
  );
}
