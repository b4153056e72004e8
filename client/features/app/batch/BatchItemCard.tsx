import { Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { ProgressMeter } from '../../generation/ProgressMeter';
import { M } from '../../../../shared/messages/app';
import type { useDownloads } from '../../generation/download';
import { ExportMenu } from '../../generation/ExportMenu';
import { StatusBadge } from '../../generation/StatusBadge';
import { isUnfinished } from '../../generation/types';
import type { RouterOutputs } from '../../../lib/trpc';
import type { BatchRow } from './useBatchRun';

type BatchGeneration = RouterOutputs['batch']['get']['items'][number];

/** One photo of the batch: its thumbnail, name, status, progress while it runs, and its downloads when done. */
export function BatchItemCard({
  row,
  generation: g,
  downloads,
  onEdit,
}: {
  row: BatchRow;
  generation: BatchGeneration | undefined;
  downloads: ReturnType<typeof useDownloads>;
  /** Opens the cut-out editor on this photo (once it is uploaded). */
  onEdit?: () => void;
}) {
  const status = g?.status ?? (row.phase === 'started' ? 'queued' : row.phase);
  return (
    <Card padding="xs" data-testid="batch-item" data-status={status}>
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
            <ProgressMeter progress={g?.progress ?? 0} size="sm" />
          )}
          {row.cutout && (
            // The cut-out state of each photo: a white image, or framed (only with the seller's consent).
            <Text size="xs" c={row.cutout === 'accepted' ? 'teal' : 'orange'} data-testid="batch-cutout">
              {row.cutout === 'accepted' ? M.studio.stateAccepted : row.framed ? M.studio.stateFramed : M.studio.stateUntrusted}
            </Text>
          )}
          {onEdit && (
            <Group>
              <Button
                size="compact-xs"
                variant="subtle"
                leftSection={<IconEdit size={14} />}
                onClick={onEdit}
                aria-label={`${M.editor.open}: ${row.file.name}`}
              >
                {M.editor.open}
              </Button>
            </Group>
          )}
          {row.error && row.phase !== 'framed' && (
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
}
