import { FalStudioProvider } from './fal-studio.js';
import { LocalStudioProvider } from './local.js';
import type { AiProvider } from './types.js';

export * from './types.js';
export { ProviderError, isProviderError } from './errors.js';
export { runProviderJob } from './run-job.js';
export { LocalStudioProvider } from './local.js';

export type AiProviderConfig = {
  /** FAL_KEY; when set (non-blank) fal.ai is used, otherwise the offline local studio. */
  falKey?: string;
  /** FAL_IMAGE_MODEL (the studio's scene model) / FAL_VIDEO_MODEL; blank means the defaults. */
  imageModel?: string;
  videoModel?: string;
  /** FAL_CUTOUT_MODEL / FAL_UPSCALE_MODEL (issue 12 (docs/history.md)); blank means the defaults. */
  cutoutModel?: string;
  upscaleModel?: string;
  /** Local studio only: renders at once in this process (default 1). */
  localConcurrency?: number;
  /** Local studio only: ffmpeg binary override (default: bundled). */
  ffmpegPath?: string;
};

export function createAiProvider(config: AiProviderConfig = {}): AiProvider {
  const falKey = config.falKey?.trim();
  if (falKey) {
    return new FalStudioProvider({
      apiKey: falKey,
      imageModel: config.imageModel?.trim() || undefined,
      videoModel: config.videoModel?.trim() || undefined,
      cutoutModel: config.cutoutModel?.trim() || undefined,
      upscaleModel: config.upscaleModel?.trim() || undefined,
    });
  }
  return new LocalStudioProvider({ concurrency: config.localConcurrency, ffmpegPath: config.ffmpegPath });
}
