import { Alert, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { M } from '../../../../shared/messages/app';
import { usePageTitle } from '../../site/pageTitle';
import { trpc } from '../../../lib/trpc';
import { useDownloads } from '../../generation/download';
import { BatchZipButton } from './BatchZipButton';
import { CutoutEditorModal, VerdictBadge } from '../../generation/editor/CutoutEditorModal';
import { ExportMenu } from '../../generation/ExportMenu';
import { ProgressMeter } from '../../generation/ProgressMeter';
import { StatusBadge } from '../../generation/StatusBadge';
import { isUnfinished } from '../../generation/types';
import { PageHeader } from '../../common/PageHeader';

/**
 * /app/batch/:batchId (issue 26 (docs/history.md)): a batch opened again after a reload or from the
 * history: each photo with its status, its cut-out state and the editor, its downloads, and the zip.
 */
export default function BatchReviewPage() {
  usePageTitle(M.exports.reviewTitle);
  const { batchId = '' } = useParams();
  const downloads = useDownloads();
  const utils = trpc.useUtils();
  const [editing, setEditing] = useState<{ uploadId: string; photoUrl: string } | null>(null);
  const batch = trpc.batch.get.useQuery(
    { batchId },
    { refetchInterval: (q) => (q.state.data?.items.some((g) => isUnfinished(g.status)) === false ? false : 1500) },
  );
  const items = batch.data?.items ?? [];
  const photos = batch.data?.photos ?? [];
  const completed = items.filter((g) => g.status === 'completed');
  const allDone = items.length > 0 && items.every((g) => !isUnfinished(g.status));

  return (
    <Stack gap="lg">
      <PageHeader title={M.exports.reviewTitle} subtitle={M.exports.reviewSubtitle} />
      {batch.isError && (
        <Alert color="red" variant="light">
          {batch.error.message}
        </Alert>
      )}
      <Card>
        <Group justify="space-between">
          <Text fw={600} data-testid="batch-summary">
            {M.exports.batchSummary(completed.length, items.length)}
          </Text>
          <Group gap="xs">
            <Button component={Link} to="/app/batch" variant="default" leftSection={<IconPlus size={16} />}>
              {M.exports.newBatch}
            </Button>
            <BatchZipButton batchId={batchId} disabled={!allDone || completed.length === 0} downloads={downloads} />
          </Group>
        </Group>
      </Card>
      <Stack gap="xs" data-testid="batch-items">
        {items.map((g, i) => {
          const photo = photos[i];
          return (
            <Card key={g.id} padding="xs" data-testid="batch-item" data-status={g.status}>
              <Group wrap="nowrap" gap="sm">
                <Image src={g.thumbnails[0] ?? photo?.photoUrl} w={64} h={64} radius="sm" fit="cover" alt="" />
                <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="sm" fw={600} truncate>
                      {M.exports.photoName(i + 1)}
                    </Text>
                    <StatusBadge status={g.status} />
                  </Group>
                  {isUnfinished(g.status) && <ProgressMeter progress={g.progress} size="sm" />}
                  <Group gap="xs">
                    <VerdictBadge verdict={photo?.cutout?.verdict} framed={g.status === 'completed' && !g.cutoutUrl} />
                    {photo?.uploadId && photo.photoUrl && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        leftSection={<IconEdit size={14} />}
                        onClick={() => setEditing({ uploadId: photo.uploadId!, photoUrl: photo.photoUrl! })}
                        aria-label={`${M.editor.open}: ${M.exports.photoName(i + 1)}`}
                      >
                        {M.editor.open}
                      </Button>
                    )}
                  </Group>
                  {g.status === 'failed' && (
                    <Text size="xs" c="red">
                      {M.exports.batchItem.failed}
                    </Text>
                  )}
                </Stack>
                {g.status === 'completed' && <ExportMenu generationId={g.id} downloads={downloads} size="xs" />}
              </Group>
            </Card>
          );
        })}
      </Stack>
      {editing && (
        <CutoutEditorModal
          opened
          onClose={() => setEditing(null)}
          uploadId={editing.uploadId}
          photoUrl={editing.photoUrl}
          onAccepted={() => void utils.batch.get.invalidate()}
        />
      )}
    </Stack>
  );
}
