import { MAX_UPLOAD_BYTES } from '../../../shared/constants';
import { IMAGE_SNIFF_BYTES, sniffImageType, type ImageMime } from '../../../shared/image-type';
import { M } from '../../../shared/messages/app';
import { raiseMaintenanceSignal } from '../../lib/maintenanceSignal';
import { AUTH_ME_KEY, queryClient } from '../../lib/queryClient';
import type { SelectedPhoto } from './types';

/** Dropzone accept list: PNG, JPG/JPEG (and WEBP, which the server also takes; docs/decisions.md D14). */
export const PHOTO_ACCEPT = ['image/png', 'image/jpeg', 'image/webp'];

/** A refusal whose `message` is Turkish and ready to show. */
export class PhotoError extends Error {}

/** Identifies the format by its first bytes, like the server does, so a renamed file is caught early. */
async function sniff(file: File): Promise<ImageMime | null> {
  return sniffImageType(new Uint8Array(await file.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer()));
}

/** docs/decisions.md D14 in the browser: size first (cheap), then the content. Throws PhotoError with the docs/decisions.md D14 text. */
export async function checkPhotoFile(file: File): Promise<void> {
  if (file.size > MAX_UPLOAD_BYTES) throw new PhotoError(M.generation.fileTooLarge);
  if (file.type && !PHOTO_ACCEPT.includes(file.type)) throw new PhotoError(M.generation.fileType);
  let kind: Awaited<ReturnType<typeof sniff>> = null;
  try {
    kind = await sniff(file);
  } catch {
    throw new PhotoError(M.generation.uploadFailed);
  }
  if (!kind) throw new PhotoError(M.generation.fileType);
}

interface UploadAnswer {
  uploadId: string;
  url: string;
  width: number;
  height: number;
}

/** POST /api/uploads (multipart `file`); the server checks the content again and re-encodes it. */
export async function uploadPhoto(file: File): Promise<SelectedPhoto> {
  const body = new FormData();
  body.append('file', file);
  let res: Response;
  try {
    res = await fetch('/api/uploads', { method: 'POST', body, credentials: 'same-origin' });
  } catch {
    throw new PhotoError(M.generation.uploadFailed);
  }
  if (res.ok) {
    const answer = (await res.json().catch(() => null)) as UploadAnswer | null;
    if (!answer?.uploadId || !answer.url) throw new PhotoError(M.generation.uploadFailed);
    return { uploadId: answer.uploadId, url: answer.url, width: answer.width, height: answer.height };
  }
  const payload = (await res.json().catch(() => null)) as { error?: { message?: unknown; data?: { appCode?: unknown } } } | null;
  const appCode = payload?.error?.data?.appCode;
  if (appCode === 'MAINTENANCE') raiseMaintenanceSignal();
  if (appCode === 'UNAUTHENTICATED') void queryClient.invalidateQueries({ queryKey: AUTH_ME_KEY });
  const message = payload?.error?.message;
  // The server's Turkish text when it sent one (docs/decisions.md D14 texts, maintenance, session); otherwise docs/product.md §8's.
  throw new PhotoError(typeof message === 'string' && message && appCode !== 'INTERNAL' ? message : M.generation.uploadFailed);
}
