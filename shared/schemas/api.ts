import { z } from '../zod';
import { M } from '../messages/app';
import { ZLine } from './text';
import { ZCreateImage, ZCreateVideo, ZCutoutBox, ZSceneControls } from './generations';
import { EXPORT_PRESET_IDS } from '../export-presets';

/**
 * The seller API's schemas: the tRPC inputs of the API page, and the REST forms and answers that
 * validate the requests under /api/v1 and are the OpenAPI document (server/http/api-v1/openapi.ts).
 */

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'vk_live_';
/** Active keys one seller may hold. */
export const MAX_API_KEYS = 10;

export const ZApiKeyCreate = z.object({ name: ZLine().min(1, M.api.keyNameRequired).max(60, M.validation.tooLong) });
export const ZApiKeyId = z.object({ id: z.uuid() });
export const ZWebhookSet = z.object({ url: ZLine().max(2000).pipe(z.url(M.api.errors.webhookInvalid)) });

/** A multipart text field holding JSON, read by `schema`; unreadable JSON is refused with `message`. */
function jsonField<T extends z.ZodType>(schema: T, message: string) {
  return z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** The seller's box around the product, fractions 0..1 of the photo. */
const ZSubjectField = jsonField(
  ZCutoutBox.meta({ description: 'Ürünün kutusu, fotoğrafın oranları (0..1)' }),
  M.api.errors.badSubject,
).meta({
  description: 'JSON: {"x":0.1,"y":0.1,"width":0.5,"height":0.6}',
});

/** The scene controls the page shows beside the prompt (background, shadow, reflection, product size, seed). */
const ZSceneField = jsonField(ZSceneControls, M.api.errors.badScene).meta({
  description: 'JSON: {"background":"#ffffff","shadow":0.6,"reflection":true,"productSize":0.7,"seed":42}',
});

/** The photo: checked by its content on the server, not by its name or type. */
const ZPhoto = z.file(M.api.errors.needPhoto).meta({ description: 'Ürün fotoğrafı (JPEG, PNG veya WEBP)' });

/** Multipart text: without a trustworthy cut-out the run is refused uncharged unless this is "true". */
const ZAllowFramedField = z
  .enum(['true', 'false'], M.api.errors.badAllowFramed)
  .transform((v) => v === 'true')
  .optional()
  .meta({ description: 'Dekupaj güvenilir değilse fotoğraf çerçeveli kullanılsın mı' });

export const ZApiImageForm = z
  .object({
    photo: ZPhoto,
    prompt: ZCreateImage.shape.prompt.meta({ description: 'Sahne açıklaması (Türkçe), ör. "mermer zemin, gün ışığı"' }),
    category: ZCreateImage.shape.category,
    subject: ZSubjectField.optional(),
    scene: ZSceneField.optional(),
    allowFramed: ZAllowFramedField,
  })
  .meta({ id: 'ImageForm' });

export const ZApiVideoForm = z
  .object({
    photo: ZPhoto,
    prompt: ZCreateVideo.shape.prompt,
    duration: z.coerce.number().pipe(ZCreateVideo.shape.duration).meta({ description: 'Saniye' }),
    aspectRatio: ZCreateVideo.shape.aspectRatio,
    scene: ZSceneField.optional(),
    allowFramed: ZAllowFramedField,
  })
  .meta({ id: 'VideoForm' });

export const ZApiCutoutForm = z.object({ photo: ZPhoto, subject: ZSubjectField.optional() }).meta({ id: 'CutoutForm' });

export const ZApiGenerationParams = z.object({ id: z.uuid() });
export const ZApiExportParams = z.object({ id: z.uuid(), preset: z.enum(EXPORT_PRESET_IDS) });
export const ZApiOutputParams = z.object({ id: z.uuid(), index: z.coerce.number().int().min(0).max(16) });

const ZStatus = z.enum(['queued', 'processing', 'completed', 'failed']);

export const ZApiAccepted = z.object({ id: z.uuid(), status: ZStatus }).meta({ id: 'Accepted' });

export const ZApiOutput = z
  .object({
    url: z.string().meta({ description: 'Aynı API anahtarıyla okunur' }),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    role: z.enum(['white', 'scene', 'framed', 'video']).nullable(),
  })
  .meta({ id: 'Output' });

export const ZApiGeneration = z
  .object({
    id: z.uuid(),
    type: z.enum(['image', 'video']),
    status: ZStatus,
    progress: z.number().int().min(0).max(100),
    errorMessage: z.string().optional(),
    outputs: z.array(ZApiOutput),
    cutoutId: z.uuid().nullable().meta({ description: 'Bu üretimin kullandığı dekupaj (yoksa null)' }),
    cutoutUrl: z.string().optional(),
  })
  .meta({ id: 'Generation' });
export type TApiGeneration = z.output<typeof ZApiGeneration>;

export const ZApiCutout = z
  .object({
    cutoutUrl: z.string().nullable(),
    width: z.number().int(),
    height: z.number().int(),
    note: z.string().nullable().meta({ description: 'Dekupaj yapılamadıysa nedeni ve öneri' }),
  })
  .meta({ id: 'Cutout' });

export const ZApiError = z.object({ error: z.object({ code: z.string(), message: z.string() }) }).meta({ id: 'Error' });

/** The body of every webhook: the run as GET /api/v1/generations/{id} answers it. */
export const ZWebhookEvent = z
  .object({ type: z.enum(['generation.completed', 'generation.failed']), data: ZApiGeneration })
  .meta({ id: 'WebhookEvent' });
export type TWebhookEvent = z.output<typeof ZWebhookEvent>;
