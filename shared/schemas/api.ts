import { z } from '../zod';
import { M } from '../messages/app';
import { ZLine } from './text';
import { ZCreateImage, ZCreateVideo, ZCutoutBox, ZSceneControls } from './generations';
import { EXPORT_PRESET_IDS } from '../export-presets';
import type { AppCode } from '../constants';

/**
 * The seller API's schemas: the tRPC inputs of the API page, and the REST forms and answers that
 * validate the requests under /api/v1 and are the OpenAPI document (server/http/api-v1/openapi.ts).
 */

/** Every live key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'vk_live_';
/** A test key (issue 34 item 4): the same API, no credits taken, small outputs marked "TEST", its runs kept apart. */
export const API_TEST_KEY_PREFIX = 'vk_test_';
/** A key's kind: live runs take credits; test runs do not. */
export const API_KEY_MODES = ['live', 'test'] as const;
/** Active keys one seller may hold. */
export const MAX_API_KEYS = 10;

export const ZApiKeyCreate = z.object({
  name: ZLine().min(1, M.api.keyNameRequired).max(60, M.validation.tooLong),
  /** 'test': a vk_test_… key (issue 34 item 4); live when left out. */
  mode: z.enum(API_KEY_MODES).default('live'),
});
export const ZApiKeyId = z.object({ id: z.uuid() });
export const ZWebhookSet = z.object({ url: ZLine().max(2000).pipe(z.url(M.api.errors.webhookInvalid)) });

// What the API page's procedures send (`apiKeys.*`).
export const ZApiKeyListItem = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  prefix: z.string(),
  mode: z.enum(API_KEY_MODES),
});
export type TApiKeyListItem = z.output<typeof ZApiKeyListItem>;
/** A new key: the only time its secret is shown. */
export const ZApiKeyCreated = z.object({ id: z.string(), name: z.string(), key: z.string(), mode: z.enum(API_KEY_MODES) });
/** A new webhook's signing secret, shown once. */
export const ZWebhookSecret = z.object({ secret: z.string() });
/** A rotated secret, shown once; the previous one keeps signing until `previousValidUntil`. */
export const ZWebhookRotated = ZWebhookSecret.extend({ previousValidUntil: z.string() });
/** The server's public address for the API page's examples (null: PUBLIC_URL unset). */
export const ZApiAddress = z.object({ baseUrl: z.string().nullable() });
export const ZWebhookOverview = z.object({
  url: z.string().nullable(),
  /** While the secret a rotation replaced still signs deliveries: until when. */
  previousSecretUntil: z.string().nullable(),
  deliveries: z.array(
    z.object({
      id: z.string(),
      eventType: z.string(),
      generationId: z.string().nullable(),
      status: z.enum(['queued', 'sending', 'delivered', 'failed']),
      url: z.string(),
      createdAt: z.string(),
      deliveredAt: z.string().nullable(),
      attempts: z.array(
        z.object({ at: z.string(), statusCode: z.number().nullable(), error: z.string().nullable(), durationMs: z.number() }),
      ),
    }),
  ),
});

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

/** The seller's box around the product, fractions 0..1 of the photo (left, top, width, height). */
export const ZApiSubject = ZCutoutBox.meta({
  id: 'Subject',
  description:
    'Ürünün kutusu: fotoğrafın genişliğine/yüksekliğine oranlar (0..1); x + width ≤ 1, y + height ≤ 1, width ve height > 0.01. Örnek: {"x":0.1,"y":0.1,"width":0.5,"height":0.6}',
});
const ZSubjectField = jsonField(ZApiSubject, M.api.errors.badSubject);

/** The scene controls the page shows beside the prompt (background, shadow, reflection, product size, seed). */
export const ZApiScene = ZSceneControls.meta({
  id: 'Scene',
  description:
    'Sahne ayarları, hepsi isteğe bağlı: background #rrggbb, shadow 0..1 (0 gölgesiz), reflection true/false, productSize 0.3..0.9 (ürünün karedeki payı), seed 0..2147483647 tamsayı (aynı seed aynı sonuç). Örnek: {"background":"#ffffff","shadow":0.6,"reflection":true,"productSize":0.7,"seed":42}',
});
const ZSceneField = jsonField(ZApiScene, M.api.errors.badScene);

/** The photo: checked by its content on the server, not by its name or type. */
const ZPhoto = z
  .file(M.api.errors.needPhoto)
  .meta({ description: 'Ürün fotoğrafı: JPEG, PNG veya WEBP, en fazla 10 MB ve 40 megapiksel (dosyanın içeriğine bakılır, adına değil)' });

/** Multipart text: without a trustworthy cut-out the run is refused uncharged unless this is "true". */
const ZAllowFramedField = z
  .enum(['true', 'false'], M.api.errors.badAllowFramed)
  .transform((v) => v === 'true')
  .optional()
  .meta({ description: 'Dekupaj güvenilir değilse fotoğraf çerçeveli kullanılsın mı' });

export const ZApiImageForm = z.object({
  photo: ZPhoto,
  prompt: ZCreateImage.shape.prompt.meta({ description: 'Sahne açıklaması (Türkçe), ör. "mermer zemin, gün ışığı"' }),
  category: ZCreateImage.shape.category,
  subject: ZSubjectField.optional(),
  scene: ZSceneField.optional(),
  allowFramed: ZAllowFramedField,
});

export const ZApiVideoForm = z.object({
  photo: ZPhoto,
  prompt: ZCreateVideo.shape.prompt,
  duration: z.coerce
    .number()
    .pipe(ZCreateVideo.shape.duration)
    .meta({ description: 'Videonun süresi, saniye: 5 ile 10 arasında bir tamsayı' }),
  aspectRatio: ZCreateVideo.shape.aspectRatio,
  scene: ZSceneField.optional(),
  allowFramed: ZAllowFramedField,
});

export const ZApiCutoutForm = z.object({ photo: ZPhoto, subject: ZSubjectField.optional() });

/**
 * The forms as the OpenAPI document shows them: the same fields, with the JSON text fields shown
 * as the objects they hold (sent as JSON parts, `encoding` in the document) and the duration as
 * the integer it must be, rather than the strings multipart carries.
 */
export const ZApiImageFormDoc = ZApiImageForm.extend({ subject: ZApiSubject.optional(), scene: ZApiScene.optional() }).meta({
  id: 'ImageForm',
});
export const ZApiVideoFormDoc = ZApiVideoForm.extend({
  duration: ZCreateVideo.shape.duration.meta({ description: 'Videonun süresi, saniye: 5 ile 10 arasında bir tamsayı' }),
  scene: ZApiScene.optional(),
}).meta({ id: 'VideoForm' });
export const ZApiCutoutFormDoc = ZApiCutoutForm.extend({ subject: ZApiSubject.optional() }).meta({ id: 'CutoutForm' });

/**
 * The same forms as a JSON body (issue 34 item 7): `photoUrl` instead of the file, fetched by the
 * server; booleans and numbers as JSON values (their text form is accepted too).
 */
const ZPhotoUrl = z.url().meta({
  description:
    'Ürün fotoğrafının adresi (http/https); sunucu indirir: en fazla 10 MB, 20 saniye, en fazla 3 yönlendirme; yerel ağ ve özel IP adresleri reddedilir; içeriğine bakılır (JPEG, PNG, WEBP)',
});
const ZAllowFramedJson = z.boolean().optional().meta({ description: 'Dekupaj güvenilir değilse fotoğraf çerçeveli kullanılsın mı' });
export const ZApiImageJsonDoc = ZApiImageFormDoc.omit({ photo: true })
  .extend({ photoUrl: ZPhotoUrl, allowFramed: ZAllowFramedJson })
  .meta({ id: 'ImageJson' });
export const ZApiVideoJsonDoc = ZApiVideoFormDoc.omit({ photo: true })
  .extend({ photoUrl: ZPhotoUrl, allowFramed: ZAllowFramedJson })
  .meta({ id: 'VideoJson' });
export const ZApiCutoutJsonDoc = ZApiCutoutFormDoc.omit({ photo: true }).extend({ photoUrl: ZPhotoUrl }).meta({ id: 'CutoutJson' });

export const ZApiGenerationParams = z.object({ id: z.uuid() });
export const ZApiExportParams = z.object({ id: z.uuid(), preset: z.enum(EXPORT_PRESET_IDS) });
export const ZApiOutputParams = z.object({ id: z.uuid(), index: z.coerce.number().int().min(0).max(16) });

/** A run's state as the API shows it: `needs_consent` is a failed run whose cut-out was not trusted (issue 34 item 9). */
export const API_STATUSES = ['queued', 'processing', 'completed', 'failed', 'needs_consent'] as const;
const ZStatus = z.enum(API_STATUSES).meta({
  description:
    'queued: sırada; processing: işleniyor (dekupaj burada değerlendirilir); completed: bitti; failed: başarısız (kredisi iade edildi); needs_consent: ürün fotoğraftan güvenle ayrılamadı, üretim yapılmadı ve kredisi iade edildi (allowFramed=true veya subject ile yeniden gönderin)',
});
const ZLivemode = z.boolean().meta({
  description: 'true: canlı anahtarla (vk_live_…); false: test anahtarıyla (vk_test_…), kredi düşülmez, çıktılar küçük ve "TEST" işaretli',
});

export const ZApiAccepted = z.object({ id: z.uuid(), status: ZStatus, livemode: ZLivemode }).meta({ id: 'Accepted' });

export const ZApiOutput = z
  .object({
    url: z.string().meta({ description: 'Aynı API anahtarıyla okunur' }),
    width: z.number().int().nullable().meta({ description: 'Piksel; boyutu kaydedilmemiş eski üretimlerde null' }),
    height: z.number().int().nullable().meta({ description: 'Piksel; boyutu kaydedilmemiş eski üretimlerde null' }),
    role: z.enum(['white', 'scene', 'framed', 'video']).nullable().meta({
      description: 'white: beyaz zeminli pazaryeri görseli; scene: sahne; framed: çerçeveli fotoğraf; video; eski üretimlerde null',
    }),
  })
  .meta({ id: 'Output' });

export const ZApiGeneration = z
  .object({
    id: z.uuid(),
    type: z.enum(['image', 'video']),
    status: ZStatus,
    progress: z.number().int().min(0).max(100).meta({ description: 'Yüzde' }),
    prompt: z.string().meta({ description: 'Gönderilen sahne açıklaması' }),
    creditsUsed: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'Bu üretim için düşülen kredi (başarısız olursa iade edilir; test modunda 0)' }),
    livemode: ZLivemode,
    createdAt: z.iso.datetime({ offset: true }).meta({ description: 'Oluşturulma zamanı (ISO 8601)' }),
    errorMessage: z.string().optional().meta({ description: 'Yalnızca failed ve needs_consent üretimlerde: nedeni (Türkçe)' }),
    outputs: z.array(ZApiOutput),
    cutoutId: z.uuid().nullable().meta({ description: 'Bu üretimin kullandığı dekupaj (yoksa null)' }),
    cutoutUrl: z.string().optional().meta({ description: 'Üretimin kullandığı şeffaf PNG; dekupaj yapılamadıysa yok' }),
    photoUrl: z.string().meta({
      description:
        'Üretimin yapıldığı ürün fotoğrafı (sunucudaki kopyası), aynı API anahtarıyla okunur; fotoğraf saklandığı sürece (üretim silinince 404)',
    }),
  })
  .meta({ id: 'Generation' });
export type TApiGeneration = z.output<typeof ZApiGeneration>;

export const ZApiCutout = z
  .object({
    id: z.uuid().meta({ description: 'Dekupajın kimliği: GET /api/v1/cutouts/{id}' }),
    cutoutUrl: z.string().nullable().meta({ description: 'Şeffaf PNG (fotoğrafın kendi piksel boyutunda); verdict accepted değilse null' }),
    width: z.number().int().meta({ description: 'Piksel' }),
    height: z.number().int().meta({ description: 'Piksel' }),
    verdict: z.enum(['accepted', 'untrusted', 'none']).meta({
      description: 'accepted: dekupaj güvenilir; untrusted: ürün bulundu ama ayrım güvenilir değil; none: ürün ayrılamadı',
    }),
    reasons: z.array(z.string()).meta({ description: 'Güvenilir bulunmamanın kodları (accepted ise boş)' }),
    note: z.string().nullable().meta({ description: 'Dekupaj yapılamadıysa nedeni ve öneri (Türkçe); accepted ise null' }),
  })
  .meta({ id: 'Cutout' });

/** GET /api/v1/generations: the query. */
export const ZApiListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20).meta({ description: 'Sayfa başına üretim (1–100, varsayılan 20)' }),
  cursor: z.uuid().optional().meta({ description: 'Önceki sayfanın nextCursor değeri' }),
  status: ZStatus.optional(),
  type: z.enum(['image', 'video']).optional(),
});

export const ZApiGenerationList = z
  .object({
    data: z.array(ZApiGeneration),
    nextCursor: z.uuid().nullable().meta({ description: 'Sonraki sayfa için cursor; son sayfada null' }),
  })
  .meta({ id: 'GenerationList' });

const ZApiLimit = z
  .object({
    limit: z.number().int().meta({ description: 'Pencere başına istek' }),
    windowSeconds: z.number().int().meta({ description: 'Pencerenin uzunluğu, saniye' }),
    remaining: z.number().int().min(0),
    resetAt: z.iso.datetime({ offset: true }).nullable().meta({ description: 'Pencerenin bittiği an; pencere açık değilse null' }),
  })
  .meta({ id: 'Limit' });

export const ZApiAccount = z
  .object({
    livemode: ZLivemode,
    balance: z.number().int().nullable().meta({ description: 'Kredi bakiyesi; sınırsız pakette null' }),
    unlimited: z.boolean(),
    plan: z.string().nullable().meta({ description: 'Paketin kodu; paket yoksa null' }),
    periodEnd: z.iso.datetime({ offset: true }).nullable().meta({ description: 'Kredilerin geçerli olduğu son an; süresizse null' }),
    costs: z
      .object({
        image: z.number().int().meta({ description: 'Görsel üretimi (4 görsel), kredi' }),
        video: z.number().int().meta({ description: 'Video üretimi, kredi' }),
        cutout: z.number().int(),
        export: z.number().int(),
      })
      .meta({ description: 'Her işlemin kredi ücreti' }),
    limits: z.object({ requests: ZApiLimit, uploads: ZApiLimit, cutouts: ZApiLimit, exports: ZApiLimit }).meta({
      description:
        'requests: API istek sınırı (her istek); uploads: fotoğraflar (görsel, video, dekupaj); cutouts: sayfanın dekupajları; exports: paketler',
    }),
  })
  .meta({ id: 'Account' });

/** The stable codes an API error can carry (their meanings: the catalogue's apiDocs.codes, shown in the document). */
export const API_ERROR_CODES = [
  'UNAUTHENTICATED',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'VALIDATION',
  'INSUFFICIENT_CREDITS',
  'NEEDS_FRAMED_CONSENT',
  'CONFLICT',
  'QUOTA_EXCEEDED',
  'RATE_LIMITED',
  'MAINTENANCE',
  'UNAVAILABLE',
  'INTERNAL',
] as const satisfies readonly AppCode[];
export const ZApiErrorCode = z.enum(API_ERROR_CODES).meta({ id: 'ErrorCode' });

/** Every error of the API: the stable code, the text to show (in the caller's language), and the code again where tRPC puts it. */
export const ZApiError = z
  .object({
    error: z.object({
      code: ZApiErrorCode,
      message: z.string().meta({ description: 'Kullanıcıya gösterilebilecek metin (Accept-Language: tr veya en)' }),
      data: z.object({ appCode: ZApiErrorCode }),
    }),
  })
  .meta({ id: 'Error' });

/** The body of every webhook: the run as GET /api/v1/generations/{id} answers it. */
export const ZWebhookEvent = z
  .object({
    id: z.uuid().meta({
      description: 'Olayın kimliği: her denemede aynı (webhook-id başlığı); aynı olay birden fazla gelebilir, bununla tekilleştirin',
    }),
    type: z.enum(['generation.completed', 'generation.failed', 'generation.needs_consent']),
    livemode: ZLivemode,
    attempt: z.number().int().min(1).meta({ description: 'Kaçıncı deneme: 1, 2, … (X-Vitrin-Attempt başlığı)' }),
    createdAt: z.iso.datetime({ offset: true }).meta({ description: 'Olayın oluştuğu an (ISO 8601)' }),
    data: ZApiGeneration,
  })
  .meta({ id: 'WebhookEvent' });
export type TWebhookEvent = z.output<typeof ZWebhookEvent>;
