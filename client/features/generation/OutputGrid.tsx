import { ActionIcon, AspectRatio, Box, SimpleGrid, Tooltip, UnstyledButton } from '@mantine/core';
import { IconDownload, IconZoomIn } from '@tabler/icons-react';
import { useState } from 'react';
import { M } from '../../../shared/messages/app';
import { ImageViewer } from './ImageViewer';
import { SafeImage } from './SafeImage';
import classes from './OutputGrid.module.css';

interface OutputGridProps {
  outputs: string[];
  thumbnails: string[];
  title: string;
  onDownload: (index: number) => void;
  busyIndex: number | null;
}

/** The 4 results: click to view large (Modal), a download button on each. */
export function OutputGrid({ outputs, thumbnails, title, onDownload, busyIndex }: OutputGridProps) {
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <>
      <SimpleGrid cols={2} spacing="sm" data-testid="output-grid">
        {outputs.map((url, i) => (
          <Box key={url} className={classes.tile}>
            <UnstyledButton onClick={() => setViewing(i)} aria-label={M.generation.viewLarge(i + 1)} className={classes.open} w="100%">
              <AspectRatio ratio={1}>
                <SafeImage src={thumbnails[i] ?? url} fallbackSrc={url} alt={M.generation.resultImageAlt(i + 1)} fit="cover" />
              </AspectRatio>
              <span className={classes.zoom} aria-hidden="true">
                <IconZoomIn size={18} />
              </span>
            </UnstyledButton>
            <Tooltip label={M.generation.downloadImage(i + 1)}>
              <ActionIcon
                className={classes.download}
                variant="white"
                color="dark"
                size="lg"
                radius="xl"
                aria-label={M.generation.downloadImage(i + 1)}
                loading={busyIndex === i}
                onClick={() => onDownload(i)}
              >
                <IconDownload size={18} />
              </ActionIcon>
            </Tooltip>
          </Box>
        ))}
      </SimpleGrid>
      <ImageViewer
        images={outputs}
        index={viewing}
        onIndexChange={setViewing}
        title={title}
        onDownload={onDownload}
        downloading={viewing !== null && busyIndex === viewing}
      />
    </>
  );
}
