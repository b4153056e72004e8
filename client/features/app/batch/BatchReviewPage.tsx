import { Alert, Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconEdit, IconPlayerPlay, IconPlus, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { M } from '../../../../shared/messages/app';
import { usePageTitle } from '../../site/pageTitle';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { useDownloads } from '../../generation/download';
import { BatchZipButton } from './BatchZipButton';
import { CutoutEditorModal, VerdictBadge } from '../../generation/editor/CutoutEditorModal';
import { ExportMenu } from '../../generation/ExportMenu';
import { FramedConsentModal } from '../../generation/FramedConsentModal';
import { ProgressMeter } from '../../generation/ProgressMeter';
import { StatusBadge } from '../../generation/StatusBadge';
import { isUnfinished } from '../../generation/types';
import { PageHeader } from '../../common/PageHeader';
import { useSite } from '../../site/useSite';

type Batch = RouterOutputs['batch']['get'];
type Photo = Batch['photos'][number];

/**
 * /app/batch/:batchId (issue 26 (docs/history.md)): a batch opened again after a reload or from the
 * history: every photo given, with its file name, its state (running, done, waiting for the framed
 * consent, not started), its cut-out and the editor, its downloads, and the zip. A photo not started
 * runs from here; a photo whose cut-out was fixed after its run runs again (one run each, issue 37).
 */
export default function BatchReviewPage() {
  const { batchId = '' } = useParams();
  return <BatchReview batchId={batchId} />;
}

export function BatchReview({ batchId }: { batchId: string }) {
  usePageTitle(M.exports.reviewTitle);
  const { site } = useSite();
  const cost = site.imageCreditCost;
  const downloads = useDownloads();
  const utils = trpc.useUtils();
  const [editing, setEditing] = useState<{ uploadId: string; photoUrl: string } | null>(null);
  const [askFramed, setAskFramed] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [runError, setRunError] = useState<string | null>(null);
  const create = trpc.batch.create.useMutation();
  const batch = trpc.batch.get.useQuery(
    { batchId },
    { refetchInterval: (q) => (q.state.data?.items.some((g) => isUnfinished(g.status)) === false ? false : 1500) },
  );
  const items = batch.data?.items ?? [];
  const photos = batch.data?.photos ?? [];
  const byId = new Map(items.map((g) => [g.id, g]));
  const completed = photos.filter((p) => p.generationId && byId.get(p.generationId)?.status === 'completed');
  const allDone = items.length > 0 && items.every((g) => !isUnfinished(g.status));

  /** One photo's run: first or again (`rerun`), framed only with the seller's consent. */
  async function run(uploadId: string, opts: { rerun?: boolean; framed?: boolean }) {
    if (!batch.data) return;
    setBusy(uploadId);
    setRunError(null);
    try {
      const res = await create.mutateAsync({
        uploadIds: [uploadId],
        prompt: batch.data.prompt,
        category: batch.data.category ?? undefined,
        batchId,
        ...(opts.rerun ? { rerun: [uploadId] } : {}),
        ...(opts.framed ? { allowFramed: [uploadId] } : {}),
      });
      const item = res.items[0];
      if (item?.needsConsent) setAskFramed(uploadId);
      else if (item?.error) setRunError(item.error);
      void utils.credits.balance.invalidate();
      void utils.batch.get.invalidate();
    } catch (err) {
      setRunError(err instanceof Error ? err.message : M.generation.unknown);
    }
    setBusy(null);
  }

  const name = (p: Photo) => p.fileName ?? M.exports.photoName(p.position + 1);

  return (
    <Stack gap="lg">
      <FramedConsentModal
        opened={!!askFramed && !busy}
        question={M.studio.framedQuestionBatch(1)}
        costText={M.studio.framedCostBatch(cost, 1)}
        onAnswer={(agree) => {
          const uploadId = askFramed;
          setAskFramed(null);
          if (agree && uploadId) void run(uploadId, { framed: true });
        }}
      />
      <PageHeader title={M.exports.reviewTitle} subtitle={M.exports.reviewSubtitle} />
      {batch.isError && (
        <Alert color="red" variant="light">
          {batch.error.message}
        </Alert>
      )}
      {runError && (
        <Alert color="red" variant="light" data-testid="batch-run-error">
          {runError}
        </Alert>
      )}
      <Card>
        <Group justify="space-between">
          <Text fw={600} data-testid="batch-summary">
            {M.exports.batchSummary(completed.length, photos.length)}
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
        {photos.map((photo) => {
          const g = photo.generationId ? byId.get(photo.generationId) : undefined;
          const status = g?.status ?? (photo.state === 'needs_consent' ? 'framed' : 'rejected');
          // Fixed after its run: the photo's current cut-out is not the one the run used.
          const fixed = g?.status === 'completed' && !!photo.cutout && photo.cutout.id !== g.cutoutId;
          const canRun = !!photo.uploadId && (!g || g.status === 'failed');
          return (
            <Card key={photo.position} padding="xs" data-testid="batch-item" data-status={status}>
              <Group wrap="nowrap" gap="sm">
                <Image src={g?.thumbnails[0] ?? photo.photoUrl} w={64} h={64} radius="sm" fit="cover" alt="" />
                <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="sm" fw={600} truncate data-testid="batch-photo-name">
                      {name(photo)}
                    </Text>
                    {g ? (
                      <StatusBadge status={g.status} />
                    ) : (
                      <Badge variant="light" color={photo.state === 'refused' ? 'red' : 'orange'} style={{ textTransform: 'none' }}>
                        {M.exports.batchItem[status]}
                      </Badge>
                    )}
                  </Group>
                  {g && isUnfinished(g.status) && <ProgressMeter progress={g.progress} size="sm" />}
                  <Group gap="xs">
                    <VerdictBadge verdict={photo.cutout?.verdict} framed={g?.status === 'completed' && !g.cutoutUrl} />
                    {photo.uploadId && photo.photoUrl && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        leftSection={<IconEdit size={14} />}
                        onClick={() => setEditing({ uploadId: photo.uploadId!, photoUrl: photo.photoUrl! })}
                        aria-label={`${M.editor.open}: ${name(photo)}`}
                      >
                        {M.editor.open}
                      </Button>
                    )}
                    {(canRun || fixed) && (
                      <Button
                        size="compact-xs"
                        variant={fixed ? 'filled' : 'light'}
                        leftSection={fixed ? <IconRefresh size={14} /> : <IconPlayerPlay size={14} />}
                        loading={busy === photo.uploadId}
                        disabled={!!busy}
                        onClick={() => void run(photo.uploadId!, { rerun: fixed })}
                        aria-label={`${fixed ? M.exports.rerunPhoto(cost) : M.exports.runPhoto(cost)}: ${name(photo)}`}
                      >
                        {fixed ? M.exports.rerunPhoto(cost) : M.exports.runPhoto(cost)}
                      </Button>
                    )}
                  </Group>
                  {fixed && (
                    <Text size="xs" c="dimmed">
                      {M.exports.rerunHint}
                    </Text>
                  )}
                  {!g && photo.error && (
                    <Text size="xs" c={photo.state === 'refused' ? 'red' : 'dimmed'}>
                      {photo.error}
                    </Text>
                  )}
                  {g?.status === 'failed' && (
                    <Text size="xs" c="red">
                      {M.exports.batchItem.failed}
                    </Text>
                  )}
                </Stack>
                {g?.status === 'completed' && <ExportMenu generationId={g.id} downloads={downloads} size="xs" />}
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
