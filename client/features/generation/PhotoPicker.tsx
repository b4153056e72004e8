import { Button, Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import { useRef } from 'react';
import { MAX_UPLOAD_BYTES } from '../../../shared/constants';
import { M } from '../../../shared/messages/app';
import { PhotoDropHint } from './PhotoDropHint';
import { PhotoPreview } from './PhotoPreview';
import { PHOTO_ACCEPT } from './uploadPhoto';
import { usePhotoUpload } from './usePhotoUpload';
import type { SelectedPhoto } from './types';

interface PhotoPickerProps {
  photo: SelectedPhoto | null;
  onChange: (photo: SelectedPhoto | null) => void;
  /** While a generation runs the photo cannot change. */
  disabled?: boolean;
  onUploadingChange?: (uploading: boolean) => void;
  /** A line under the preview (e.g. "taken over from the image screen"). */
  note?: string;
  /** Red border when the page's validation found no photo. */
  invalid?: boolean;
}

function rejectionText(rejections: FileRejection[]): string {
  const codes = rejections.flatMap((r) => r.errors.map((e) => e.code));
  if (codes.includes('file-too-large')) return M.generation.fileTooLarge;
  if (codes.includes('too-many-files')) return M.generation.singleFile;
  return M.generation.fileType;
}

/**
 * Product photo: Dropzone (PNG/JPG/JPEG, 10 MB, checked by content here and on the server, docs/decisions.md D14),
 * uploaded at once so the generate button only has to start the job; preview with change/remove.
 */
export function PhotoPicker({ photo, onChange, disabled, onUploadingChange, note, invalid }: PhotoPickerProps) {
  const openRef = useRef<() => void>(null);
  const { uploading, error, previewUrl, accept, remove, refuse } = usePhotoUpload(photo, onChange, onUploadingChange);

  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={(files) => files[0] && void accept(files[0])}
        onReject={(rejections) => refuse(rejectionText(rejections))}
        accept={PHOTO_ACCEPT}
        maxSize={MAX_UPLOAD_BYTES}
        multiple={false}
        disabled={disabled || uploading}
        loading={uploading}
        openRef={openRef}
        radius="lg"
        p={previewUrl ? 'xs' : 'lg'}
        aria-label={M.generation.photoLabel}
        inputProps={{ 'aria-label': M.generation.photoLabel }}
        style={{
          borderColor: error || invalid ? 'var(--mantine-color-red-5)' : undefined,
          cursor: disabled ? 'not-allowed' : undefined,
        }}
      >
        {previewUrl ? <PhotoPreview url={previewUrl} /> : <PhotoDropHint />}
      </Dropzone>

      {previewUrl && (
        <Group justify={uploading || note ? 'space-between' : 'flex-end'} gap="xs" wrap="nowrap">
          {(uploading || note) && (
            <Text size="xs" c="dimmed" style={{ minWidth: 0, flex: 1 }} lineClamp={2}>
              {uploading ? M.generation.uploading : note}
            </Text>
          )}
          <Group gap={6} wrap="nowrap">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRefresh size={14} stroke={1.8} />}
              onClick={() => openRef.current?.()}
              disabled={disabled || uploading}
            >
              {M.generation.changePhoto}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} stroke={1.8} />}
              onClick={remove}
              disabled={disabled}
            >
              {M.generation.removePhoto}
            </Button>
          </Group>
        </Group>
      )}

      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
