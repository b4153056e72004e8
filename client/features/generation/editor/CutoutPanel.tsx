import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconEdit, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { M } from '../../../../shared/messages/app';
import { MIN_RECOMMENDED_LONG_SIDE } from '../../../../shared/constants';
import { presetMinimum, presetsTooLargeFor } from '../../../../shared/export-presets';
import type { TCutoutResult } from '../../../../shared/schemas/generations';
import { trpc } from '../../../lib/trpc';
import { downloadOne, useDownloads } from '../download';
import type { SelectedPhoto } from '../types';
import { CutoutEditorModal, VerdictBadge } from './CutoutEditorModal';
import classes from './editor.module.css';

const S = M.studio;

/**
 * The photo's cut-out state on the image and video pages (issues 11 and 26, docs/history.md): the
 * automatic cut-out right after upload, over a checkerboard when the gate accepted it, else the
 * judged mask over the photo with the reasons; "Dekupajı düzenle" opens the editor, whose accepted
 * cut-out is what the next run uses. Nothing is charged here.
 */
export function CutoutPanel({
  photo,
  disabled,
  onCutout,
}: {
  photo: SelectedPhoto;
  disabled?: boolean;
  /** The cut-out a run of this photo uses (what the panel shows): the page names it in the run. */
  onCutout?: (c: { uploadId: string; cutoutId: string }) => void;
}) {
  // The photo's current cut-out (issue 37): the seller's accepted one when there is one, never a
  // fresh automatic cut-out over it; the automatic one only when the photo has none yet.
  const cutout = trpc.studio.current.useMutation();
  const downloads = useDownloads();
  const [accepted, setAccepted] = useState<{ uploadId: string; result: TCutoutResult } | null>(null);
  const [editing, setEditing] = useState(false);
  const { mutate, reset } = cutout;

  // A new photo (or one shown again): its current cut-out.
  useEffect(() => {
    reset();
    mutate({ uploadId: photo.uploadId });
  }, [photo.uploadId, mutate, reset]);

  // The editor's accepted cut-out of this photo is its latest one (what the run uses).
  const edited = accepted?.uploadId === photo.uploadId ? accepted.result : null;
  const result = edited ?? cutout.data;
  const resultId = result?.id;
  useEffect(() => {
    if (resultId) onCutout?.({ uploadId: photo.uploadId, cutoutId: resultId });
  }, [resultId, photo.uploadId, onCutout]);
  const long = Math.max(photo.width ?? 0, photo.height ?? 0);
  const lowRes = long > 0 && long < MIN_RECOMMENDED_LONG_SIDE;
  // Before anything is charged: the marketplace presets this photo is too small for (issue 37 item 8).
  const small = presetsTooLargeFor(long);
  const aspect = result ? result.width / result.height : photo.width && photo.height ? photo.width / photo.height : 4 / 3;

  function downloadPng() {
    if (!result?.cutoutUrl) return;
    void downloads.run('png', () => downloadOne({ url: `${result.cutoutUrl}?download=1`, name: 'urun-seffaf.png' }), S.pngDownloaded);
  }

  return (
    <Card withBorder data-testid="cutout-editor" data-upload-id={photo.uploadId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Title order={3} fz="md">
              {S.cutoutTitle}
            </Title>
            <VerdictBadge verdict={result?.verdict} />
          </Group>
          {result && (
            <Text size="xs" c="dimmed" data-testid="cutout-size">
              {S.pixelSize(result.width, result.height)}
            </Text>
          )}
        </Group>

        {lowRes && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="low-res-warning">
            {S.lowResolution(photo.width ?? 0, photo.height ?? 0, MIN_RECOMMENDED_LONG_SIDE)}
          </Alert>
        )}

        {small.length > 0 && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="preset-size-warning">
            {S.tooSmallForPresets(
              photo.width ?? 0,
              photo.height ?? 0,
              small.map((p) => S.presetMinimum(p.name, presetMinimum(p))).join(', '),
            )}
          </Alert>
        )}

        <div
          className={`${classes.thumb} ${result?.cutoutUrl ? classes.checker : ''}`}
          style={{ aspectRatio: String(aspect), maxWidth: `${Math.round(360 * aspect)}px`, marginInline: 'auto' }}
          data-testid="cutout-stage"
        >
          <img
            src={result?.cutoutUrl ?? photo.url}
            alt={result?.cutoutUrl ? S.cutoutAlt : ''}
            className={classes.thumbImage}
            draggable={false}
            data-testid={result?.cutoutUrl ? 'cutout-image' : 'cutout-photo'}
          />
          {result && !result.cutoutUrl && result.maskUrl && (
            // An untrusted mask over the photo: what it would keep stays bright, the rest darkens.
            <img src={result.maskUrl} alt={S.maskOverlayAlt} className={classes.thumbMask} draggable={false} data-testid="cutout-mask" />
          )}
          {cutout.isPending && (
            <Group className={classes.thumbImage} justify="center" gap="xs" role="status" style={{ background: 'rgb(255 255 255 / 70%)' }}>
              <Loader size="sm" />
              <Text size="sm">{S.cutoutRunning}</Text>
            </Group>
          )}
        </div>

        {cutout.isError && !edited && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="cutout-error">
            <Stack gap={6}>
              <Text size="sm">{cutout.error.message || S.cutoutFailed}</Text>
              <Group>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconRefresh size={14} />}
                  onClick={() => mutate({ uploadId: photo.uploadId })}
                >
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
            title={result.verdict === 'untrusted' ? S.untrustedTitle : undefined}
            data-testid="cutout-note"
          >
            {result.note}
          </Alert>
        )}
        {result?.cutoutUrl && !edited && (
          <Text size="sm" c="dimmed">
            {S.cutoutHint}
          </Text>
        )}

        <Group gap="xs">
          <Button
            size="sm"
            leftSection={<IconEdit size={16} />}
            onClick={() => setEditing(true)}
            disabled={disabled || cutout.isPending}
            variant={result?.verdict === 'accepted' ? 'light' : 'filled'}
          >
            {M.editor.open}
          </Button>
          <Button
            size="sm"
            variant="light"
            leftSection={<IconDownload size={16} />}
            onClick={downloadPng}
            disabled={!result?.cutoutUrl || cutout.isPending}
            loading={downloads.busy === 'png'}
            aria-label={S.downloadPngLabel}
          >
            {S.downloadPng}
          </Button>
        </Group>
      </Stack>
      <CutoutEditorModal
        opened={editing}
        onClose={() => setEditing(false)}
        uploadId={photo.uploadId}
        photoUrl={photo.url}
        onAccepted={(r) => setAccepted({ uploadId: photo.uploadId, result: r })}
      />
    </Card>
  );
}
