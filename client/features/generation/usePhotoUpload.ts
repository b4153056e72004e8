import { useEffect, useRef, useState } from 'react';
import { M } from '../../../shared/messages/app';
import { toastError } from '../../lib/toast';
import { checkPhotoFile, PhotoError, uploadPhoto } from './uploadPhoto';
import type { SelectedPhoto } from './types';

/**
 * A photo checked in the browser and uploaded at once (docs/decisions.md D14): the refusal text when it fails, and
 * the preview URL (our object URL while uploading or for the photo it became; otherwise the
 * server's). A newer choice or a removal makes an older upload's answer count for nothing.
 */
export function usePhotoUpload(
  photo: SelectedPhoto | null,
  onChange: (photo: SelectedPhoto | null) => void,
  onUploadingChange?: (uploading: boolean) => void,
) {
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Object URL of the file being uploaded, kept after success so the preview does not flicker.
  const [local, setLocal] = useState<{ url: string; uploadId?: string } | null>(null);
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
    setError(message);
    toastError(message);
  }

  async function accept(file: File) {
    const mine = ++attempt.current;
    setError(null);
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
    setError(null);
    onChange(null);
  }

  const previewUrl = uploading ? local?.url : local && local.uploadId === photo?.uploadId ? local.url : photo?.url;
  return { uploading, error, previewUrl, accept, remove, refuse };
}
