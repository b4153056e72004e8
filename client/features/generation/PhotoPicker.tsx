import { Box, Button, Group, Image, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconPhotoPlus, IconPhotoX, IconRefresh, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { MAX_UPLOAD_BYTES } from '../../../shared/constants';
import { M } from '../../../shared/messages/app';
import { toastError } from '../../lib/toast';
import { checkPhotoFile, PHOTO_ACCEPT, PhotoError, uploadPhoto } from './uploadPhoto';
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
 * Product photo: Dropzone (PNG/JPG/JPEG, 10 MB, checked by content here and on the server, D14),
 * uploaded at once so the generate button only has to start the job; preview with change/remove.
 */
export function PhotoPicker({ photo, onChange, disabled, onUploadingChange, note, invalid }: PhotoPickerProps) {
  const openRef = useRef<() => void>(null);
  const [uploading, setUploading] = useState(false);
  const [ownError, setOwnError] = useState<string | null>(null);
  // Object URL of the file being uploaded, kept after success so the preview does not flicker.
  const [local, setLocal] = useState<{ url: string; uploadId?: string } | null>(null);
  // The preview URL that failed to load (a neutral placeholder is shown for it).
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const attempt = useRef(0);

  const localUrl = local?.url;
  useEffect(
    () => () => {
      if (localUrl) URL.revokeObjectURL(localUrl);
    },
    [localUrl],
  );

  useEffect(() => {
    onUploadingChange?.(uploading);
  }, [uploading, onUploadingChange]);

  function refuse(message: string) {
    setOwnError(message);
    toastError(message);
  }

  async function accept(file: File) {
    const mine = ++attempt.current;
    setOwnError(null);
    try {
      await checkPhotoFile(file);
    } catch (err) {
      refuse(err instanceof PhotoError ? err.message : M.generation.uploadFailed);
      return;
    }
    const url = URL.createObjectURL(file);
    setLocal({ url });
    setUploading(true);
    try {
      const uploaded = await uploadPhoto(file);
      if (mine !== attempt.current) return;
      setLocal({ url, uploadId: uploaded.uploadId });
      onChange(uploaded);
    } catch (err) {
      if (mine !== attempt.current) return;
      setLocal(null);
      refuse(err instanceof PhotoError ? err.message : M.generation.uploadFailed);
    } finally {
      if (mine === attempt.current) setUploading(false);
    }
  }

  function remove() {
    attempt.current++;
    setLocal(null);
    setUploading(false);
    setOwnError(null);
    onChange(null);
  }

  // Our object URL while uploading or for the photo it became; otherwise the server preview.
  const previewUrl = uploading ? local?.url : local && local.uploadId === photo?.uploadId ? local.url : photo?.url;
  const previewFailed = !!previewUrl && failedUrl === previewUrl;

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
          borderColor: ownError || invalid ? 'var(--mantine-color-red-5)' : undefined,
          cursor: disabled ? 'not-allowed' : undefined,
        }}
      >
        {previewUrl ? (
          <Box h={{ base: 220, sm: 260 }} style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
            {previewFailed ? (
              <Stack h="100%" align="center" justify="center" gap={6} bg="var(--mantine-color-default-hover)">
                <IconPhotoX size={32} stroke={1.5} color="var(--mantine-color-dimmed)" />
                <Text size="sm" c="dimmed">
                  {M.history.noPreview}
                </Text>
              </Stack>
            ) : (
              <Image
                src={previewUrl}
                alt={M.generation.photoAlt}
                h="100%"
                w="100%"
                fit="contain"
                bg="var(--mantine-color-default-hover)"
                onError={() => setFailedUrl(previewUrl)}
              />
            )}
          </Box>
        ) : (
          <Stack align="center" justify="center" gap="xs" mih={{ base: 200, sm: 240 }} style={{ pointerEvents: 'none' }} ta="center">
            <Dropzone.Accept>
              <ThemeIcon size={56} radius="xl" variant="light" color="brand">
                <IconUpload size={28} stroke={1.6} />
              </ThemeIcon>
            </Dropzone.Accept>
            <Dropzone.Reject>
              <ThemeIcon size={56} radius="xl" variant="light" color="red">
                <IconPhotoX size={28} stroke={1.6} />
              </ThemeIcon>
            </Dropzone.Reject>
            <Dropzone.Idle>
              <ThemeIcon size={56} radius="xl" variant="light" color="brand">
                <IconPhotoPlus size={28} stroke={1.6} />
              </ThemeIcon>
            </Dropzone.Idle>
            <Text fw={600} mt={4}>
              <Dropzone.Accept>{M.generation.dropActive}</Dropzone.Accept>
              <Dropzone.Reject>{M.generation.fileType}</Dropzone.Reject>
              <Dropzone.Idle>{M.generation.dropTitle}</Dropzone.Idle>
            </Text>
            <Text size="sm" c="dimmed">
              {M.generation.dropSubtitle}
            </Text>
            <Text size="xs" c="dimmed">
              {M.generation.uploadHint}
            </Text>
          </Stack>
        )}
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

      {ownError && (
        <Text size="sm" c="red" role="alert">
          {ownError}
        </Text>
      )}
    </Stack>
  );
}
