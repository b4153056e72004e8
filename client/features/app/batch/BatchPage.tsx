import { Alert, Badge, Button, Card, Group, Image, Progress, Stack, Text, Textarea } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileZip, IconPhotoPlus, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { M } from '../../../../shared/messages/app';
import { BATCH_MAX_PHOTOS } from '../../../../shared/schemas/batch';
import { usePageTitle } from '../../../lib/pageTitle';
import { trpc } from '../../../lib/trpc';
import { downloadOne, useDownloads } from '../../generation/download';
import { ExportMenu } from '../../generation/ExportMenu';
import { StatusBadge } from '../../generation/StatusBadge';
import { isUnfinished } from '../../generation/types';
import { checkPhotoFile, PHOTO_ACCEPT, uploadPhoto } from '../../generation/uploadPhoto';
import { useSite } from '../../site/useSite';
import { PageHeader } from '../PageHeader';

type Row = {
  key: string;
  file: File;
  preview: string;
  /** Before the batch exists: waiting, uploading, or refused (with its Turkish reason). */
  phase: 'waiting' | 'uploading' | 'rejected' | 'started';
  uploadId?: string;
  generationId?: string;
  error?: string;
};

/**
 * /app/batch (issue 12): up to 20 photos, one prompt; each photo is uploaded,
 * then all become separate image generations in one `batch.create`. Each row
 * shows its own status and progress; at the end one zip of the white images.
 */
export default function BatchPage() {
  usePageTitle(M.exports.batchTitle);
  const { site } = useSite();
  const cost = site.imageCreditCost;
  const [rows, setRows] = useState<Row[]>([]);
  const [prompt, setPrompt] = useState('');
  const [pickError, setPickError] = useState<string | null>(null);
  const [batchId, setBatchId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const create = trpc.batch.create.useMutation();
  const utils = trpc.useUtils();
  const downloads = useDownloads();

  const batch = trpc.batch.get.useQuery(
    { batchId: batchId ?? '00000000-0000-4000-8000-000000000000' },
    {
      enabled: !!batchId,
      refetchInterval: (q) => (q.state.data?.items.some((g) => isUnfinished(g.status)) === false ? false : 1500),
    },
  );
  const byGeneration = useMemo(() => new Map((batch.data?.items ?? []).map((g) => [g.id, g])), [batch.data]);
  const started = rows.filter((r) => r.generationId);
  const finished = started.filter((r) => {
    const g = byGeneration.get(r.generationId!);
    return g && !isUnfinished(g.status);
  });
  const completed = started.filter((r) => byGeneration.get(r.generationId!)?.status === 'completed');
  const allDone = !!batchId && started.length > 0 && finished.length === started.length;

  useEffect(() => () => rows.forEach((r) => URL.revokeObjectURL(r.preview)), []); // eslint-disable-line react-hooks/exhaustive-deps

  function pick(files: File[]) {
    setPickError(null);
    if (rows.length + files.length > BATCH_MAX_PHOTOS) {
      setPickError(M.exports.batchTooMany(BATCH_MAX_PHOTOS));
      files = files.slice(0, Math.max(0, BATCH_MAX_PHOTOS - rows.length));
    }
    setRows((old) => [
      ...old,
      ...files.map((file, i) => ({ key: `${Date.now()}-${i}-${file.name}`, file, preview: URL.createObjectURL(file), phase: 'waiting' as const })),
    ]);
  }

  const update = (key: string, patch: Partial<Row>) => setRows((old) => old.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  async function start() {
    if (!rows.length || !prompt.trim()) {
      setPickError(M.generation.needPhotoAndPrompt);
      return;
    }
    setStarting(true);
    const uploaded: Array<{ key: string; uploadId: string }> = [];
    for (const row of rows) {
      update(row.key, { phase: 'uploading' });
      try {
        await checkPhotoFile(row.file);
        const { uploadId } = await uploadPhoto(row.file);
        uploaded.push({ key: row.key, uploadId });
        update(row.key, { uploadId });
      } catch (err) {
        update(row.key, { phase: 'rejected', error: err instanceof Error ? err.message : M.generation.uploadFailed });
      }
    }
    if (uploaded.length) {
      try {
        const res = await create.mutateAsync({ uploadIds: uploaded.map((u) => u.uploadId), prompt });
        res.items.forEach((item, i) =>
          update(uploaded[i].key, item.generationId ? { phase: 'started', generationId: item.generationId } : { phase: 'rejected', error: item.error ?? undefined }),
        );
        setBatchId(res.batchId);
        void utils.credits.balance.invalidate();
      } catch (err) {
        setPickError(err instanceof Error ? err.message : M.generation.unknown);
        uploaded.forEach((u) => update(u.key, { phase: 'waiting' }));
      }
    }
    setStarting(false);
  }

  function reset() {
    rows.forEach((r) => URL.revokeObjectURL(r.preview));
    setRows([]);
    setBatchId(null);
    setPickError(null);
  }

  const locked = starting || !!batchId;
  return (
    <Stack gap="lg">
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
              <Text fw={600} data-testid="batch-summary">
                {M.exports.batchSummary(completed.length, started.length)}
              </Text>
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
              {batchId && (
                <Button
                  leftSection={<IconFileZip size={16} />}
                  disabled={!allDone || completed.length === 0}
                  loading={downloads.busy === 'batch-zip'}
                  data-testid="batch-zip"
                  onClick={() =>
                    void downloads.run('batch-zip', () => downloadOne({ url: `/api/batches/${batchId}/white.zip`, name: M.exports.batchZipName }), M.generation.allDownloaded)
                  }
                >
                  {M.exports.batchZip}
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
      </Card>

      <Stack gap="xs" data-testid="batch-items">
        {rows.map((row) => {
          const g = row.generationId ? byGeneration.get(row.generationId) : undefined;
          const status = g?.status ?? (row.phase === 'started' ? 'queued' : row.phase);
          return (
            <Card key={row.key} padding="xs" data-testid="batch-item" data-status={status}>
              <Group wrap="nowrap" gap="sm">
                <Image src={g?.thumbnails[0] ?? row.preview} w={64} h={64} radius="sm" fit="cover" alt="" />
                <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="sm" fw={600} truncate>
                      {row.file.name}
                    </Text>
                    {g ? (
                      <StatusBadge status={g.status} />
                    ) : (
                      <Badge variant="light" color={row.phase === 'rejected' ? 'red' : 'gray'} style={{ textTransform: 'none' }}>
                        {M.exports.batchItem[row.phase === 'started' ? 'queued' : row.phase]}
                      </Badge>
                    )}
                  </Group>
                  {(row.phase === 'uploading' || (g && isUnfinished(g.status)) || (row.phase === 'started' && !g)) && (
                    <Progress value={Math.max(3, g?.progress ?? 0)} size="sm" radius="xl" striped animated aria-label={M.generation.progressLabel} />
                  )}
                  {row.error && (
                    <Text size="xs" c="red">
                      {row.error}
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
    </Stack>
  );
}
