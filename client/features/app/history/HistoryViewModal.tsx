import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { M } from '../../../../shared/messages/app';
import { downloadOne, historyFileName, withDownloadFlag, type useDownloads } from '../../generation/download';
import { ImageViewer } from '../../generation/ImageViewer';
import { generationTitle } from '../../generation/title';
import type { GenerationView } from '../../generation/types';
import { VideoPlayer } from '../../generation/VideoPlayer';
import { formatLongDateTime } from '../../../lib/format';

interface HistoryViewModalProps {
  item: GenerationView | null;
  index: number | null;
  onIndexChange: (index: number | null) => void;
  onClose: () => void;
  downloads: ReturnType<typeof useDownloads>;
}

/** Full outputs of one history entry: the image viewer, or a video player. */
export function HistoryViewModal({ item, index, onIndexChange, onClose, downloads }: HistoryViewModalProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  if (!item) return null;
  const title = generationTitle(item);
  const download = (i: number) => {
    const url = item.outputs[i];
    if (!url) return;
    void downloads.run(
      `${item.id}:${i}`,
      () =>
        downloadOne({ url: withDownloadFlag(url), name: historyFileName(item.type, item.id, i, item.type === 'video' ? 'mp4' : 'jpg') }),
      item.type === 'video' ? M.generation.videoDownloaded : M.generation.imageDownloaded,
    );
  };

  if (item.type !== 'video') {
    return (
      <ImageViewer
        images={item.outputs}
        index={index}
        onIndexChange={(i) => (i === null ? onClose() : onIndexChange(i))}
        title={title}
        onDownload={download}
        downloading={downloads.busy === `${item.id}:${index}`}
      />
    );
  }

  const video = item.outputs[0];
  if (!video) return null;
  const portrait = item.parameters.aspectRatio === '9:16';
  return (
    <Modal
      opened
      onClose={onClose}
      title={<Text fw={700}>{title}</Text>}
      size={portrait ? 'md' : 'min(1000px, 92vw)'}
      fullScreen={phone}
      centered
      closeButtonProps={{ 'aria-label': M.common.close }}
    >
      <Stack gap="md">
        <VideoPlayer src={video} aspectRatio={item.parameters.aspectRatio} autoPlay />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {formatLongDateTime(item.createdAt)}
          </Text>
          <Button leftSection={<IconDownload size={16} />} onClick={() => download(0)} loading={downloads.busy === `${item.id}:0`}>
            {M.generation.downloadVideo}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
