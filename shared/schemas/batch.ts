import { z } from '../zod';
import { M } from '../messages/app';
import { ZLine } from './text';
import { ZCutoutResult, ZCutoutVerdict, ZGenerationView, ZImagePrompt } from './generations';

/** Batch runs (issue 12 (docs/history.md)): at most this many photos in one go, each its own generation. */
export const BATCH_MAX_PHOTOS = 20;

export const ZCreateBatch = z.object({
  uploadIds: z
    .array(z.uuid(M.generation.needPhotoAndPrompt))
    .min(1, M.generation.needPhotoAndPrompt)
    .max(BATCH_MAX_PHOTOS, { error: () => M.exports.batchTooMany(BATCH_MAX_PHOTOS) }), // written when it applies, in its language
  prompt: ZImagePrompt,
  category: ZLine().max(60).optional(),
  /** Photos (of uploadIds) the seller agreed to run framed because they have no trustworthy cut-out. */
  allowFramed: z.array(z.uuid()).max(BATCH_MAX_PHOTOS).optional(),
  /** Add these photos to a batch already started (the framed ones, after the seller agreed). */
  batchId: z.uuid().optional(),
  /** The cut-out each photo's run uses (upload id → cut-out id); default: the seller's accepted one, else the automatic one. */
  cutoutIds: z.record(z.uuid(), z.uuid()).optional(),
  /** Each photo's file name as picked (upload id → name), kept with the batch for its page after a reload. */
  fileNames: z.record(z.uuid(), ZLine().max(255)).optional(),
  /** Photos of this batch (`batchId`) to run again with their current cut-out (fixed on the review): one run each. */
  rerun: z.array(z.uuid()).max(BATCH_MAX_PHOTOS).optional(),
});
export type TCreateBatch = z.input<typeof ZCreateBatch>;

export const ZBatchId = z.object({ batchId: z.uuid() });

/**
 * One photo of a batch as accepted: its generation, or why it was not started (nothing was charged for
 * it). `needsConsent`: refused only because it has no trustworthy cut-out; the page asks once for all
 * such photos and sends them again in `allowFramed`. `cutout`: the gate's verdict for the photo.
 */
export const ZBatchItem = z.object({
  uploadId: z.string(),
  generationId: z.string().nullable(),
  error: z.string().nullable(),
  needsConsent: z.boolean(),
  cutout: ZCutoutVerdict.nullable(),
});
export type TBatchItem = z.output<typeof ZBatchItem>;
export const ZBatchCreated = z.object({ batchId: z.string(), items: z.array(ZBatchItem) });

/**
 * One photo of a kept batch, in its place: its file name, its latest run (`generationId`) or why it
 * has none (`state`: waiting for the framed consent, or refused with `error`), and its cut-out.
 */
export const ZBatchPhoto = z.object({
  position: z.number(),
  uploadId: z.string().nullable(),
  fileName: z.string().nullable(),
  photoUrl: z.string().nullable(),
  cutout: ZCutoutResult.nullable(),
  generationId: z.string().nullable(),
  state: z.enum(['run', 'needs_consent', 'refused']),
  error: z.string().nullable(),
});
export type TBatchPhoto = z.output<typeof ZBatchPhoto>;

/** `batch.get`: every photo of the batch with its run, and the batch's prompt and category. */
export const ZBatchView = z.object({
  batchId: z.string(),
  prompt: z.string(),
  category: z.string().nullable(),
  items: z.array(ZGenerationView),
  photos: z.array(ZBatchPhoto),
});
