import { Badge, Button, Card, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { IconChevronDown, IconDownload, IconEye, IconFileZip, IconMovie, IconPhoto, IconStack2 } from '@tabler/icons-react';
import { M } from '../../../../shared/messages/app';
import { downloadOne, downloadZip, historyFileName, withDownloadFlag, type useDownloads } from '../../generation/download';
import { ExportMenu } from '../../generation/ExportMenu';
import { ProgressMeter } from '../../generation/ProgressMeter';
import { StatusBadge } from '../../generation/StatusBadge';
import { generationTitle } from '../../generation/title';
import { isUnfinished, type GenerationView } from '../../generation/types';
import classes from './History.module.css';
import { HistoryMedia } from './HistoryMedia';
import { formatNumber, formatLongDateTime } from '../../../lib/format';

interface HistoryCardProps {
  item: GenerationView;
  onView: (item: GenerationView) => void;
  downloads: ReturnType<typeof useDownloads>;
}

function metaLine(item: GenerationView): string {
  if (item.type === 'video') {
    return M.history.videoMeta(String(item.parameters.duration), item.parameters.aspectRatio);
  }
  return M.history.imageMeta;
}

/** One generation: media, type + status, title (prompt cut at 50), Turkish date, view/download. */
export function HistoryCard({ item, onView, downloads }: HistoryCardProps) {
  const title = generationTitle(item);
  const completed = item.status === 'completed' && item.outputs.length > 0;
  const ext = item.type === 'video' ? 'mp4' : 'jpg';
  const success = item.type === 'video' ? M.generation.videoDownloaded : M.generation.imageDownloaded;
  const files = item.outputs.map((url, i) => ({ url: withDownloadFlag(url), name: historyFileName(item.type, item.id, i, ext) }));
  const busy = downloads.busy?.startsWith(item.id) ?? false;

  const downloadAt = (i: number) => {
    const file = files[i];
    if (file) void downloads.run(`${item.id}:${i}`, () => downloadOne(file), success);
  };
  const downloadAll = () =>
    void downloads.run(`${item.id}:zip`, () => downloadZip(files, `${item.type}-${item.id}.zip`), M.generation.allDownloaded);

  return (
    <Card className={classes.card} padding="sm" data-testid="history-item" data-status={item.status}>
      {completed ? (
        <UnstyledButton className={classes.mediaButton} onClick={() => onView(item)} aria-label={`${M.history.view}: ${title}`}>
          <HistoryMedia item={item} />
        </UnstyledButton>
      ) : (
        <HistoryMedia item={item} />
      )}

      <Stack gap={6} mt="sm" px={4} style={{ flex: 1 }}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            <Badge
              variant="default"
              radius="sm"
              leftSection={item.type === 'video' ? <IconMovie size={12} /> : <IconPhoto size={12} />}
              style={{ textTransform: 'none' }}
            >
              {item.type === 'video' ? M.history.typeVideo : M.history.typeImage}
            </Badge>
            <StatusBadge status={item.status} />
          </Group>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {M.history.creditsUsed(formatNumber(item.creditsUsed))}
          </Text>
        </Group>
        <Text fw={600} lineClamp={2} title={item.prompt || undefined} data-testid="history-title">
          {title}
        </Text>
        <Text size="xs" c="dimmed">
          <time dateTime={item.createdAt}>{formatLongDateTime(item.createdAt)}</time> · {metaLine(item)}
        </Text>
        {item.status === 'failed' && (
          <Text size="sm" c="red">
            {M.history.errorLabel}: {item.errorMessage || M.generation.unknown}
          </Text>
        )}
        {isUnfinished(item.status) && <ProgressMeter progress={item.progress} size="sm" />}
      </Stack>

      {completed && (
        <Group gap="xs" mt="md" grow>
          <Button variant="light" size="sm" leftSection={<IconEye size={16} />} onClick={() => onView(item)}>
            {M.history.view}
          </Button>
          {files.length > 1 ? (
            <Menu position="bottom-end" withinPortal shadow="md" width={200}>
              <Menu.Target>
                <Button
                  variant="default"
                  size="sm"
                  leftSection={<IconDownload size={16} />}
                  rightSection={<IconChevronDown size={14} />}
                  loading={busy}
                >
                  {M.history.download}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconFileZip size={16} />} onClick={downloadAll}>
                  {M.history.downloadAll}
                </Menu.Item>
                <Menu.Divider />
                {files.map((f, i) => (
                  <Menu.Item key={f.name} leftSection={<IconDownload size={16} />} onClick={() => downloadAt(i)}>
                    {M.history.downloadItem(i + 1)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          ) : (
            <Button variant="default" size="sm" leftSection={<IconDownload size={16} />} onClick={() => downloadAt(0)} loading={busy}>
              {M.history.download}
            </Button>
          )}
        </Group>
      )}
      {completed && item.type === 'image' && (
        <Group mt="xs" grow>
          <ExportMenu generationId={item.id} downloads={downloads} />
        </Group>
      )}
      {item.type === 'image' && item.parameters.batch && (
        // A batch's photo: its batch opens again, with every photo, the cut-out editor and the zip.
        <Group mt="xs" grow>
          <Button
            component={Link}
            to={`/app/batch/${item.parameters.batch}`}
            variant="subtle"
            size="sm"
            leftSection={<IconStack2 size={16} />}
          >
            {M.exports.openBatch}
          </Button>
        </Group>
      )}
    </Card>
  );
}
