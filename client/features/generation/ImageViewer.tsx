import { ActionIcon, Box, Button, Group, Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconDownload } from '@tabler/icons-react';
import { M } from '../../../shared/messages/app';
import { SafeImage } from './SafeImage';

interface ImageViewerProps {
  images: string[];
  index: number | null;
  onIndexChange: (index: number | null) => void;
  title: string;
  onDownload?: (index: number) => void;
  downloading?: boolean;
}

/** A large view of one output with previous/next and download. */
export function ImageViewer({ images, index, onIndexChange, title, onDownload, downloading }: ImageViewerProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const current = index === null ? undefined : images[index];
  const open = current !== undefined;
  const i = index ?? 0;
  const go = (delta: number) => onIndexChange((i + delta + images.length) % images.length);

  return (
    <Modal
      opened={open}
      onClose={() => onIndexChange(null)}
      title={<Text fw={700}>{title}</Text>}
      size="min(1100px, 92vw)"
      fullScreen={phone}
      centered
      closeButtonProps={{ 'aria-label': M.common.close }}
      onKeyDown={(e) => {
        if (images.length < 2) return;
        if (e.key === 'ArrowRight') go(1);
        if (e.key === 'ArrowLeft') go(-1);
      }}
    >
      {current !== undefined && (
        <Box>
          <Box
            h={phone ? 'calc(100dvh - 150px)' : 'min(72vh, 760px)'}
            bg="var(--mantine-color-default-hover)"
            style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', position: 'relative' }}
          >
            <SafeImage src={current} alt={M.generation.resultImageAlt(i + 1)} fit="contain" />
            {images.length > 1 && (
              <>
                <ActionIcon
                  variant="white"
                  size="xl"
                  radius="xl"
                  aria-label={M.generation.previousImage}
                  onClick={() => go(-1)}
                  style={{
                    position: 'absolute',
                    left: 12,
                    top: '50%',
                    transform: 'translateY(-50%)',
                    boxShadow: 'var(--mantine-shadow-md)',
                  }}
                >
                  <IconChevronLeft size={22} />
                </ActionIcon>
                <ActionIcon
                  variant="white"
                  size="xl"
                  radius="xl"
                  aria-label={M.generation.nextImage}
                  onClick={() => go(1)}
                  style={{
                    position: 'absolute',
                    right: 12,
                    top: '50%',
                    transform: 'translateY(-50%)',
                    boxShadow: 'var(--mantine-shadow-md)',
                  }}
                >
                  <IconChevronRight size={22} />
                </ActionIcon>
              </>
            )}
          </Box>
          <Group justify="space-between" mt="md">
            <Text size="sm" c="dimmed">
              {i + 1} / {images.length}
            </Text>
            {onDownload && (
              <Button leftSection={<IconDownload size={16} />} onClick={() => onDownload(i)} loading={downloading}>
                {M.generation.download}
              </Button>
            )}
          </Group>
        </Box>
      )}
    </Modal>
  );
}
