import { Alert, Button, Card, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBrush, IconDownload, IconEraser, IconRefresh, IconSquare, IconWand } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { M } from '../../../../shared/messages/app';
import { MIN_RECOMMENDED_LONG_SIDE } from '../../../../shared/constants';
import { trpc } from '../../../lib/trpc';
import { downloadOne, useDownloads } from '../../generation/download';
import type { SelectedPhoto } from '../../generation/types';
import classes from './CutoutEditor.module.css';
import { useCutoutSelection, type CutoutTool } from './useCutoutSelection';

const studioText = M.studio;

/**
 * Issue 11 (docs/history.md): the automatic cut-out over a checkerboard right after upload, and
 * the guided selection (a box around the product, keep/remove brush strokes)
 * that re-runs `studio.cutout` before any credit is spent. "Şeffaf PNG" saves it.
 */
export function CutoutEditor({ photo, disabled }: { photo: SelectedPhoto; disabled?: boolean }) {
  const cutout = trpc.studio.cutout.useMutation();
  const downloads = useDownloads();
  const stage = useRef<HTMLDivElement>(null);
  const selection = useCutoutSelection(stage, !!disabled || cutout.isPending);
  const { tool, box, keep, remove, guided } = selection;
  const { mutate, reset } = cutout;
  const clearSelection = selection.clear;

  // A new photo: forget the old selection and run the automatic cut-out.
  useEffect(() => {
    clearSelection();
    reset();
    mutate({ uploadId: photo.uploadId });
  }, [photo.uploadId, mutate, reset, clearSelection]);

  const result = cutout.data;
  const long = Math.max(photo.width ?? 0, photo.height ?? 0);
  const lowRes = long > 0 && long < MIN_RECOMMENDED_LONG_SIDE;
  const aspect = result ? result.width / result.height : photo.width && photo.height ? photo.width / photo.height : 4 / 3;

  function apply() {
    mutate({
      uploadId: photo.uploadId,
      ...(box ? { subject: box } : {}),
      ...(keep.length ? { keep } : {}),
      ...(remove.length ? { remove } : {}),
    });
  }

  function startOver() {
    clearSelection();
    mutate({ uploadId: photo.uploadId });
  }

  function downloadPng() {
    if (!result?.cutoutUrl) return;
    void downloads.run(
      'png',
      () => downloadOne({ url: `${result.cutoutUrl}?download=1`, name: 'urun-seffaf.png' }),
      studioText.pngDownloaded,
    );
  }

  const shown = result?.cutoutUrl ?? photo.url;
  const hint = tool === 'box' ? studioText.toolBoxHint : tool === 'keep' ? studioText.toolKeepHint : studioText.toolRemoveHint;

  return (
    <Card withBorder data-testid="cutout-editor">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} fz="md">
            {studioText.cutoutTitle}
          </Title>
          {result && (
            <Text size="xs" c="dimmed" data-testid="cutout-size">
              {studioText.pixelSize(result.width, result.height)}
            </Text>
          )}
        </Group>

        {lowRes && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="low-res-warning">
            {studioText.lowResolution(photo.width ?? 0, photo.height ?? 0, MIN_RECOMMENDED_LONG_SIDE)}
          </Alert>
        )}

        <div
          ref={stage}
          className={`${classes.stage} ${result?.cutoutUrl ? classes.checker : ''}`}
          style={{ aspectRatio: String(aspect), width: `min(100%, ${Math.round(420 * aspect)}px)` }}
          {...selection.handlers}
          data-testid="cutout-stage"
          data-tool={tool}
        >
          <img
            src={shown}
            alt={result?.cutoutUrl ? studioText.cutoutAlt : ''}
            className={classes.image}
            draggable={false}
            data-testid={result?.cutoutUrl ? 'cutout-image' : 'cutout-photo'}
          />
          {result && !result.cutoutUrl && result.maskUrl && (
            // An untrusted mask over the photo: what it would keep stays bright, the rest darkens.
            <img
              src={result.maskUrl}
              alt={studioText.maskOverlayAlt}
              className={classes.maskOverlay}
              draggable={false}
              data-testid="cutout-mask"
            />
          )}
          <svg className={classes.overlay} viewBox="0 0 1000 1000" preserveAspectRatio="none" aria-hidden>
            {box && <rect x={box.x * 1000} y={box.y * 1000} width={box.width * 1000} height={box.height * 1000} className={classes.box} />}
            {keep.map((p, i) => (
              <ellipse key={`k${i}`} cx={p.x * 1000} cy={p.y * 1000} rx={15} ry={15 * aspect} className={classes.keep} />
            ))}
            {remove.map((p, i) => (
              <ellipse key={`r${i}`} cx={p.x * 1000} cy={p.y * 1000} rx={15} ry={15 * aspect} className={classes.remove} />
            ))}
          </svg>
          {cutout.isPending && (
            <div className={classes.busy} role="status">
              <Loader size="sm" />
              <Text size="sm">{studioText.cutoutRunning}</Text>
            </div>
          )}
        </div>

        {cutout.isError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="cutout-error">
            <Stack gap={6}>
              <Text size="sm">{cutout.error.message || studioText.cutoutFailed}</Text>
              <Group>
                <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} onClick={apply}>
                  {M.common.retry}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {result?.note && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={result.verdict === 'untrusted' ? studioText.untrustedTitle : undefined}
            data-testid="cutout-note"
          >
            {result.note}
          </Alert>
        )}
        {result?.cutoutUrl && !guided && (
          <Text size="sm" c="dimmed">
            {studioText.cutoutHint}
          </Text>
        )}

        <Stack gap={6}>
          <SegmentedControl
            aria-label={studioText.toolsLabel}
            value={tool}
            onChange={(v) => selection.setTool(v as CutoutTool)}
            disabled={disabled}
            data={[
              { value: 'box', label: <ToolLabel icon={<IconSquare size={14} />} text={studioText.toolBox} /> },
              { value: 'keep', label: <ToolLabel icon={<IconBrush size={14} />} text={studioText.toolKeep} /> },
              { value: 'remove', label: <ToolLabel icon={<IconEraser size={14} />} text={studioText.toolRemove} /> },
            ]}
          />
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </Stack>

        <Group gap="xs" className={classes.actions}>
          <Button
            size="sm"
            leftSection={<IconWand size={16} />}
            onClick={apply}
            disabled={!guided || disabled}
            loading={cutout.isPending && guided}
          >
            {studioText.apply}
          </Button>
          <Button size="sm" variant="default" onClick={startOver} disabled={!guided || disabled || cutout.isPending}>
            {studioText.reset}
          </Button>
          <Button
            size="sm"
            variant="light"
            leftSection={<IconDownload size={16} />}
            onClick={downloadPng}
            disabled={!result?.cutoutUrl || cutout.isPending}
            loading={downloads.busy === 'png'}
            aria-label={studioText.downloadPngLabel}
          >
            {studioText.downloadPng}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function ToolLabel({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Group gap={6} wrap="nowrap" justify="center">
      {icon}
      <span>{text}</span>
    </Group>
  );
}
