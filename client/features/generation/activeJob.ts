import type { AspectRatio } from '../../../shared/constants';
import type { SelectedPhoto } from './types';

/**
 * The screen's current job and photo, kept for the browser tab (sessionStorage) so leaving a
 * generate screen mid-run and coming back shows its progress or results again.
 */
export interface ActiveJob {
  userId: string;
  jobId: string | null;
  /** The photo the job was started with (the video hand-over uses it). */
  jobPhoto: SelectedPhoto | null;
  photo: SelectedPhoto | null;
  prompt: string;
  duration?: number;
  aspectRatio?: AspectRatio;
}

const key = (kind: 'image' | 'video') => `vitrin.generate.${kind}`;

export function loadActiveJob(kind: 'image' | 'video', userId: string | undefined): ActiveJob | null {
  if (!userId) return null;
  try {
    const raw = sessionStorage.getItem(key(kind));
    const saved = raw ? (JSON.parse(raw) as ActiveJob) : null;
    return saved && saved.userId === userId ? saved : null;
  } catch {
    return null;
  }
}

export function saveActiveJob(kind: 'image' | 'video', job: ActiveJob): void {
  try {
    sessionStorage.setItem(key(kind), JSON.stringify(job));
  } catch {
    // Storage full or blocked: the screen simply starts empty next time.
  }
}
