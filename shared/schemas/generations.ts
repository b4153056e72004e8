import { z } from '../zod';
import { M } from '../messages';

const G = M.generation;

export const VIDEO_DURATIONS = { min: 5, max: 10, default: 5 } as const;
export const ASPECT_RATIOS = ['16:9', '9:16'] as const;

export const ZCreateImage = z.object({
  uploadId: z.uuid(G.needPhotoAndPrompt),
  prompt: z.string(G.needPhotoAndPrompt).trim().min(1, G.needPhotoAndPrompt).max(1000, G.promptTooLong),
});
export type TCreateImage = z.input<typeof ZCreateImage>;

export const ZCreateVideo = z.object({
  uploadId: z.uuid(G.needPhoto),
  prompt: z.string().trim().max(1000, G.promptTooLong).optional().default(''),
  duration: z.number().int(G.durationRange).min(VIDEO_DURATIONS.min, G.durationRange).max(VIDEO_DURATIONS.max, G.durationRange),
  aspectRatio: z.enum(ASPECT_RATIOS, G.aspectRatio),
});
export type TCreateVideo = z.input<typeof ZCreateVideo>;

export const ZGenerationList = z.object({
  page: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(50).default(12),
});

export const ZGenerationId = z.object({ id: z.uuid() });
