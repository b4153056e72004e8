import { z } from '../zod';
import { M } from '../messages/app';
import {
  ASPECT_RATIOS,
  CUTOUT_LIMITS,
  IMAGES_PER_RUN,
  PROMPT_MAX,
  SCENE_PRODUCT_SIZE,
  VIDEO_DURATIONS,
  VIDEO_RESOLUTION,
  type AspectRatio,
} from '../constants';
import { ZLine, ZText } from './text';
import { pageOf } from './common';

export { ASPECT_RATIOS, IMAGES_PER_RUN, PROMPT_MAX, VIDEO_DURATIONS, VIDEO_RESOLUTION, type AspectRatio };

const G = M.generation;

/**
 * The seller's scene controls beside the prompt. All optional: a run without them (older rows,
 * other clients) gets the studio's choice from the prompt. `seed`: the same prompt and controls
 * with the same seed give the same images; "Yeniden üret" sends a new one. Without it the studio
 * derives one from the prompt and controls, so a plain repeat is the same too.
 */
export const ZSceneControls = z.object({
  /** Surface colour as #rrggbb; #ffffff is the marketplaces' pure white (no tint, no texture). */
  background: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, G.backgroundColour)
    .transform((c) => c.toLowerCase())
    .optional(),
  /** Shadow strength 0..1; 0 turns it off. */
  shadow: z.number(G.sceneControl).min(0, G.sceneControl).max(1, G.sceneControl).optional(),
  /** The fading floor reflection (side views). */
  reflection: z.boolean(G.sceneControl).optional(),
  /** The product's share of the frame's shorter fit, 0.3..0.9. */
  productSize: z.number(G.sceneControl).min(SCENE_PRODUCT_SIZE.min, G.sceneControl).max(SCENE_PRODUCT_SIZE.max, G.sceneControl).optional(),
  seed: z
    .number(G.sceneControl)
    .int(G.sceneControl)
    .min(0, G.sceneControl)
    .max(2 ** 31 - 1, G.sceneControl)
    .optional(),
});
export type SceneControls = z.output<typeof ZSceneControls>;

/** An image run's prompt (single and batch): required, at most PROMPT_MAX characters. */
export const ZImagePrompt = ZText(G.needPhotoAndPrompt).min(1, G.needPhotoAndPrompt).max(PROMPT_MAX, G.promptTooLong);
/** A video's prompt is optional (the studio moves the camera on its own). */
export const ZVideoPrompt = ZText().max(PROMPT_MAX, G.promptTooLong).optional().default('');

export const ZCreateImage = z.object({
  uploadId: z.uuid(G.needPhotoAndPrompt),
  prompt: ZImagePrompt,
  /** The preset category the seller picked (read by the local studio's scene plan). */
  category: ZLine().max(60).optional(),
  scene: ZSceneControls.optional(),
  /** The seller agreed to framed images when the photo has no trustworthy cut-out (else the run is refused, uncharged). */
  allowFramed: z.boolean().optional(),
  /** The cut-out of this photo the run uses (issue 37); default: the seller's accepted one, else the automatic one. */
  cutoutId: z.uuid().optional(),
});
export type TCreateImage = z.input<typeof ZCreateImage>;

export const ZCreateVideo = z.object({
  uploadId: z.uuid(G.needPhoto),
  prompt: ZVideoPrompt,
  duration: z.number().int(G.durationRange).min(VIDEO_DURATIONS.min, G.durationRange).max(VIDEO_DURATIONS.max, G.durationRange),
  aspectRatio: z.enum(ASPECT_RATIOS, G.aspectRatio),
  /** The same scene controls as images (the local studio's video is staged on the same scene). */
  scene: ZSceneControls.optional(),
  /** As for images: consent to the framed video when the photo has no trustworthy cut-out. */
  allowFramed: z.boolean().optional(),
  /** As for images: the cut-out the run uses. */
  cutoutId: z.uuid().optional(),
});
export type TCreateVideo = z.input<typeof ZCreateVideo>;

export const ZGenerationList = z.object({
  page: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(50).default(12),
});

export const ZGenerationId = z.object({ id: z.uuid() });

/** A point or box in fractions 0..1 of the photo as displayed (after EXIF orientation). */
const fraction = z.number().min(0).max(1);
export const ZCutoutPoint = z.object({ x: fraction, y: fraction });
export const ZCutoutBox = z
  .object({ x: fraction, y: fraction, width: fraction, height: fraction })
  .refine((b) => b.width > 0.01 && b.height > 0.01 && b.x + b.width <= 1.0001 && b.y + b.height <= 1.0001);

/** `studio.cutout` input (issue 11 (docs/history.md)): the seller's box and keep/remove strokes are optional. */
export const ZCutoutInput = z.object({
  uploadId: z.uuid(G.needPhoto),
  subject: ZCutoutBox.optional(),
  keep: z.array(ZCutoutPoint).max(CUTOUT_LIMITS.maxStrokePoints).optional(),
  remove: z.array(ZCutoutPoint).max(CUTOUT_LIMITS.maxStrokePoints).optional(),
});
export type TCutoutInput = z.input<typeof ZCutoutInput>;

/**
 * Why a cut-out is not trusted (its Turkish text is M.studio.notes[code]):
 * - fills_frame / no_subject: nothing to cut (the product fills the photo, or none was found);
 * - runs_disagree: the fixed-seed grabCut runs do not agree on the mask;
 * - hole: a hole inside the product where the photo shows product, not background;
 * - straight_cut: the mask stops at a straight line inside the product (no edge in the photo there);
 * - small_for_box: the mask is much smaller than the detector's or the seller's box;
 * - weak_edges: the outline does not follow the photo's edges (or separates weakly from its surroundings);
 * - uncertain: the gate cannot vouch for the mask's extent (an unattended cut-out running out of the
 *   frame or in shards; a surface kept whole around background-coloured parts); older rows' catch-all.
 */
export const CUTOUT_REASONS = [
  'fills_frame',
  'no_subject',
  'runs_disagree',
  'hole',
  'straight_cut',
  'small_for_box',
  'weak_edges',
  'uncertain',
] as const;
export const ZCutoutReason = z.enum(CUTOUT_REASONS);
export type CutoutNoteCode = z.infer<typeof ZCutoutReason>;

/**
 * What the gate decided: 'accepted' (a cut-out the runs may use), 'untrusted' (a mask was made but
 * failed a check: shown as an overlay, never used), 'none' (nothing to show).
 */
export const ZCutoutVerdict = z.enum(['accepted', 'untrusted', 'none']);
export type CutoutVerdict = z.infer<typeof ZCutoutVerdict>;

/**
 * `studio.cutout` output. `cutoutUrl` is a PNG with alpha at the photo's own pixel size, only when
 * the verdict is 'accepted'. `maskUrl` is the mask the gate judged (grey PNG, white = kept, at the
 * photo's size), also for an untrusted one, for the editor's overlay. `note`: the reasons and the
 * next step in Turkish (null when accepted). `id`: the cut-out this answer describes.
 */
export const ZCutoutResult = z.object({
  id: z.uuid(),
  cutoutUrl: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  note: z.string().nullable(),
  verdict: ZCutoutVerdict,
  reasons: z.array(ZCutoutReason),
  maskUrl: z.string().nullable(),
});
export type TCutoutResult = z.infer<typeof ZCutoutResult>;

/**
 * What a generation row stores in `parameters`: one shape for the client, the server, the
 * `generations.parameters` column and the worker, which hands these fields to the provider
 * as they are. The zod inputs above use the same names. These schemas read a stored row (the
 * server's `rowParams()` parses every row with them where it leaves the database): the fixed
 * fields of a kind default to their constant, so a row written by a test or an older version
 * with only the seller's input still reads whole. A row erased by account deletion holds `{}`
 * and is not parsed by them (rowParams says `erased`).
 */
export const ZImageParams = z.object({
  prompt: z.string(),
  /** The preset category the seller picked (the local studio's scene plan reads it). */
  category: z.string().optional(),
  numImages: z.literal(IMAGES_PER_RUN).default(IMAGES_PER_RUN),
  outputFormat: z.literal('jpeg').default('jpeg'),
  /** The batch this image run belongs to (issue 12 (docs/history.md)), when it was started as one. */
  batch: z.string().optional(),
  /** The seller's scene controls (absent on older rows: the studio's choice). */
  scene: ZSceneControls.optional(),
  /** The product's box an API run was sent with (`subject`): the worker cuts with it when it takes the run. */
  subject: ZCutoutBox.optional(),
});
export type ImageParams = z.output<typeof ZImageParams>;

export const ZVideoParams = z.object({
  prompt: z.string(),
  duration: z.number().int(),
  aspectRatio: z.enum(ASPECT_RATIOS),
  resolution: z.literal(VIDEO_RESOLUTION).default(VIDEO_RESOLUTION),
  seed: z.number().int().default(0),
  /** The seller's scene controls (absent on older rows and when none were set). */
  scene: ZSceneControls.optional(),
});
export type VideoParams = z.output<typeof ZVideoParams>;

/** A row's parameters with its kind: the row's `type` column says which shape `parameters` holds. */
export const ZGenerationParams = z.discriminatedUnion('type', [
  z.object({ type: z.literal('image'), parameters: ZImageParams }),
  z.object({ type: z.literal('video'), parameters: ZVideoParams }),
]);
export type TypedParams = z.output<typeof ZGenerationParams>;
export type GenerationParams = TypedParams['parameters'];

export const GENERATION_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export const OUTPUT_ROLES = ['white', 'scene', 'framed', 'video'] as const;

/** What the seller's pages see of a run (`generations.get`, `.list`, `batch.get`, `generations.onUpdate`). */
const viewFields = {
  id: z.string(),
  status: z.enum(GENERATION_STATUSES),
  progress: z.number(),
  prompt: z.string(),
  creditsUsed: z.number(),
  outputs: z.array(z.string()),
  thumbnails: z.array(z.string()),
  /** Real pixel size of each output (null when unknown, e.g. runs made before sizes were recorded). */
  outputSizes: z.array(z.object({ width: z.number(), height: z.number() }).nullable()),
  /** What each output is: 'white' marketplace image, prompt 'scene', 'framed' photo, or 'video'. */
  outputRoles: z.array(z.enum(OUTPUT_ROLES).nullable()),
  /** The cut-out this run uses (fixed when it was accepted; null: none applies, e.g. a fal video). */
  cutoutId: z.string().nullable(),
  /** The transparent PNG this run used ("Şeffaf PNG"), or null when it fell back to the framed photo. */
  cutoutUrl: z.string().nullable(),
  /** Why there was no cut-out (Turkish), when the run fell back. */
  cutoutNote: z.string().nullable(),
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
};
export const ZGenerationView = z.discriminatedUnion('type', [
  z.object({ type: z.literal('image'), parameters: ZImageParams, ...viewFields }),
  z.object({ type: z.literal('video'), parameters: ZVideoParams, ...viewFields }),
]);
export type TGenerationView = z.output<typeof ZGenerationView>;
export const ZGenerationPage = pageOf(ZGenerationView);
/** One live `generations.onUpdate` item: a finished run carries its whole view. */
export const ZGenerationUpdate = z.object({
  id: z.string(),
  status: z.enum(GENERATION_STATUSES),
  progress: z.number(),
  generation: ZGenerationView.nullable(),
});
export const ZGenerationStarted = z.object({ id: z.string() });
export const ZAiProvider = z.object({ name: z.enum(['local', 'fal']) });

/**
 * One stored output (in `outputs`): the file and its WEBP thumbnail, private
 * to the owner, with its real pixel size (docs/decisions.md D31) and what it is.
 */
export const ZStoredOutput = z.object({
  key: z.string(),
  thumbKey: z.string(),
  mime: z.string(),
  width: z.number().optional(),
  height: z.number().optional(),
  /** 'white': the marketplace white image; 'scene': prompt scene; 'framed': the photo kept whole. */
  role: z.enum(['white', 'scene', 'framed', 'video']).optional(),
  /** Local studio scenes: composed as a flat-lay from above ('top') or standing on a floor ('side'). */
  view: z.enum(['top', 'side']).optional(),
});
export type StoredOutput = z.output<typeof ZStoredOutput>;
