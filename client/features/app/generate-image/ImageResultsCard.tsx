import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconFileZip, IconMovie } from '@tabler/icons-react';
import { M } from '../../../../shared/messages/app';
import { downloadOne, downloadZip, generatedImageName, type useDownloads } from '../../generation/download';
import { ExportMenu } from '../../generation/ExportMenu';
import { OutputGrid } from '../../generation/OutputGrid';
import type { useGenerationRun } from '../../generation/useGenerationRun';
import classes from './GenerateImagePage.module.css';

type CompletedRun = NonNullable<ReturnType<typeof useGenerationRun>['completed']>;

/** The four studio images of a finished run: downloads (each, all as zip, the cut-out PNG), exports, make a video. */
export function ImageResultsCard({
  completed,
  downloads,
  onToVideo,
}: {
  completed: CompletedRun;
  downloads: ReturnType<typeof useDownloads>;
  onToVideo: () => void;
}) {
  function downloadImage(i: number) {
    const url = completed.outputs[i];
    if (!url) return;
    void downloads.run(`image-${i}`, () => downloadOne({ url, name: generatedImageName(i + 1) }), M.generation.imageDownloaded);
  }

  function downloadAll() {
    const files = completed.outputs.map((url, i) => ({ url, name: generatedImageName(i + 1) }));
    void downloads.run('zip', () => downloadZip(files, 'generated-images.zip'), M.generation.allDownloaded);
  }

  function downloadCutout() {
    if (!completed?.cutoutUrl) return;
    const url = `${completed.cutoutUrl}?download=1`;
    void downloads.run('png', () => downloadOne({ url, name: 'urun-seffaf.png' }), M.studio.pngDownloaded);
  }

  return (
    <Card>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg">
            {M.generation.resultsTitle}
          </Title>
          <Group gap="xs" className={classes.actions}>
            <Button
              size="sm"
              variant="default"
              leftSection={<IconFileZip size={16} />}
              onClick={downloadAll}
              loading={downloads.busy === 'zip'}
            >
              {M.generation.downloadAll}
            </Button>
            {completed.cutoutUrl && (
              <Button
                size="sm"
                variant="default"
                leftSection={<IconDownload size={16} />}
                onClick={downloadCutout}
                loading={downloads.busy === 'png'}
                aria-label={M.studio.downloadPngLabel}
              >
                {M.studio.downloadPng}
              </Button>
            )}
            <ExportMenu generationId={completed.id} downloads={downloads} />
            <Button size="sm" variant="light" leftSection={<IconMovie size={16} />} onClick={onToVideo}>
              {M.generation.createVideo}
            </Button>
          </Group>
        </Group>
        <OutputGrid
          outputs={completed.outputs}
          thumbnails={completed.thumbnails}
          title={M.generation.resultsTitle}
          onDownload={downloadImage}
          busyIndex={downloads.busy?.startsWith('image-') ? Number(downloads.busy.slice(6)) : null}
        />
        {completed.cutoutNote && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
            {M.studio.framedNote}
          </Alert>
        )}
        <Group gap="md" data-testid="output-sizes">
          {completed.outputSizes.map((size, i) =>
            size ? (
              <Text key={i} size="xs" c="dimmed">
                {`${i + 1}${completed.outputRoles[i] === 'white' ? ` (${M.studio.whiteLabel})` : ''}: ${M.studio.pixelSize(size.width, size.height)}`}
              </Text>
            ) : null,
          )}
        </Group>
      </Stack>
    </Card>
  );
}
