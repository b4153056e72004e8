import type { RouterOutputs } from '../../lib/trpc';

export type GenerationView = RouterOutputs['generations']['get'];

/** An uploaded product photo: what a generation needs (docs/decisions.md D16 passes it between the two screens). */
export interface SelectedPhoto {
  uploadId: string;
  /** Private preview served with the session cookie. */
  url: string;
  width?: number;
  height?: number;
}

export function isUnfinished(status: string | undefined): boolean {
  return status === 'queued' || status === 'processing';
}

/** Router state the image screen hands to the video screen (docs/decisions.md D16). */
export interface PhotoRouteState {
  photo?: SelectedPhoto;
}

export function readPhotoRouteState(state: unknown): SelectedPhoto | null {
  const photo = (state as PhotoRouteState | null)?.photo;
  if (!photo || typeof photo.uploadId !== 'string' || typeof photo.url !== 'string') return null;
  // Only our own private preview path is accepted, never an arbitrary URL from history state.
  if (!photo.url.startsWith('/api/files/uploads/')) return null;
  return photo;
}
