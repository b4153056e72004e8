import type { AspectRatio } from '../types.js';

// The studio video's frame: shared by the renderer (video-cutout.ts) and its tests.
export const VIDEO_FPS = 30;

export function videoSize(aspectRatio: AspectRatio): { width: number; height: number } {
  return aspectRatio === '16:9' ? { width: 1920, height: 1080 } : { width: 1080, height: 1920 };
}
