import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import { z } from '../../../shared/zod';
import { M } from '../../../shared/messages';
import { activeLanguage } from '../../../shared/messages/language';
import { MAX_UPLOAD_BYTES } from '../../../shared/constants';
import { MAX_INPUT_PIXELS } from '../../services/uploads';
import { TEST_OUTPUT_MAX } from '../../services/api-test-mode';
import {
  API_ERROR_CODES,
  ZApiAccepted,
  ZApiAccount,
  ZApiCutout,
  ZApiCutoutFormDoc,
  ZApiCutoutJsonDoc,
  ZApiImageJsonDoc,
  ZApiVideoJsonDoc,
  ZApiError,
  ZApiExportParams,
  ZApiGeneration,
  ZApiGenerationList,
  ZApiGenerationParams,
  ZApiImageFormDoc,
  ZApiListQuery,
  ZApiOutputParams,
  ZApiVideoFormDoc,
  ZWebhookEvent,
} from '../../../shared/schemas/api';

const D = M.apiDocs;

/** The photo's limits as the caller reads them: megabytes and megapixels (the checks are in services/uploads.ts). */
export const INPUT_LIMITS = { megabytes: MAX_UPLOAD_BYTES / (1024 * 1024), megapixels: MAX_INPUT_PIXELS / 1_000_000 };
const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });
const binary = (...types: string[]) => ({
  content: Object.fromEntries(types.map((t) => [t, { schema: { type: 'string' as const, format: 'binary' } }])),
});
/** A multipart form whose JSON text fields are declared as JSON parts, or the same fields as JSON with photoUrl. */
const multipart = (schema: z.ZodType, jsonFields: string[], jsonBody: z.ZodType) => ({
  required: true,
  content: {
    'multipart/form-data': {
      schema,
      encoding: Object.fromEntries(jsonFields.map((f) => [f, { contentType: 'application/json' }])),
    },
    'application/json': { schema: jsonBody },
  },
});

/** The error statuses an operation can answer, each with the one `Error` body. */
export type ErrorStatus = 401 | 402 | 404 | 409 | 412 | 413 | 422 | 429;

const header = (description: string, type: 'integer' | 'string' = 'integer', required = true) => ({
  description,
  required,
  schema: { type },
});
const rateHeaders = () => ({
  'RateLimit-Limit': header(D.responses.rateLimitLimit!),
  'RateLimit-Remaining': header(D.responses.rateLimitRemaining!),
  'RateLimit-Reset': header(D.responses.rateLimitReset!),
});

/** Every answer carries the RateLimit-* headers (the request limit, or the operation's own quota). */
function errors(statuses: ErrorStatus[]): ZodOpenApiResponsesObject {
  return Object.fromEntries(
    [...new Set<ErrorStatus>([...statuses, 429])].map((s) => [
      String(s),
      {
        description: D.responses[s]!,
        ...json(ZApiError),
        headers: { ...(s === 429 ? { 'Retry-After': header(D.responses.retryAfter!) } : {}), ...rateHeaders() },
      },
    ]),
  ) as ZodOpenApiResponsesObject;
}

const op = (key: keyof typeof D.ops, rest: Omit<ZodOpenApiOperationObject, 'summary' | 'description' | 'operationId'>) => ({
  operationId: key,
  summary: D.ops[key].summary,
  description: D.ops[key].description,
  ...rest,
});

const idempotencyKey = z.object({
  'Idempotency-Key': z.string().min(1).max(255).optional().meta({ description: D.responses.idempotencyKey! }),
});

/**
 * A POST that starts a run: 202 with the charge, the limits and the replay mark; its refusals. No
 * 412 (issue 34 item 9): the cut-out is judged by the worker and an untrusted one without consent
 * ends the run as `needs_consent`, a state of the run rather than an answer.
 */
function startsRun(key: 'createImage' | 'createVideo', form: z.ZodType, jsonFields: string[], jsonBody: z.ZodType) {
  return op(key, {
    requestParams: { header: idempotencyKey },
    requestBody: multipart(form, jsonFields, jsonBody),
    responses: {
      '202': {
        description: D.responses.accepted!,
        headers: {
          'X-Credits-Charged': header(D.responses.creditsCharged!),
          'Idempotent-Replayed': header(D.responses.replayed!, 'string', false),
          ...rateHeaders(),
        },
        ...json(ZApiAccepted),
      },
      ...errors([401, 402, 409, 413, 422, 429]),
    },
  });
}

export type ApiCosts = { image: number; video: number };

const cache = new Map<string, ReturnType<typeof createDocument>>();

/**
 * The OpenAPI 3.1 document of /api/v1, made by zod-openapi from the very schemas that validate the
 * requests and that every answer is sent through (respond.ts `reply`), with the catalogue's texts:
 * there is no second copy to drift. Built once per base URL, language and costs.
 */
export function openApiDocument(base: string, costs: ApiCosts) {
  const cacheKey = JSON.stringify([base, activeLanguage(), costs]);
  const known = cache.get(cacheKey);
  if (known) return known;
  const codes = API_ERROR_CODES.map((c) => `${c}: ${D.codes[c] ?? ''}`).join('\n');
  const doc = createDocument({
    openapi: '3.1.0',
    info: {
      title: D.title,
      version: '1.0.0',
      description: [
        D.intro,
        D.costs(costs.image, costs.video),
        D.inputLimits(INPUT_LIMITS.megabytes, INPUT_LIMITS.megapixels),
        D.rateHeaders,
        D.idempotency,
        D.acceptance,
        D.testMode(TEST_OUTPUT_MAX),
        D.methods,
      ].join('\n\n'),
    },
    servers: [{ url: base }],
    security: [{ bearer: [] }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: D.securityDescription } } },
    paths: {
      '/api/v1/images': { post: startsRun('createImage', ZApiImageFormDoc, ['subject', 'scene'], ZApiImageJsonDoc) },
      '/api/v1/videos': { post: startsRun('createVideo', ZApiVideoFormDoc, ['scene'], ZApiVideoJsonDoc) },
      '/api/v1/account': {
        get: op('getAccount', {
          responses: { '200': { description: D.responses.account!, headers: rateHeaders(), ...json(ZApiAccount) }, ...errors([401]) },
        }),
      },
      '/api/v1/generations': {
        get: op('listGenerations', {
          requestParams: { query: ZApiListQuery },
          responses: {
            '200': { description: D.responses.list!, headers: rateHeaders(), ...json(ZApiGenerationList) },
            ...errors([401, 422]),
          },
        }),
      },
      '/api/v1/generations/{id}': {
        get: op('getGeneration', {
          requestParams: { path: ZApiGenerationParams },
          responses: {
            '200': { description: D.responses.generation!, headers: rateHeaders(), ...json(ZApiGeneration) },
            ...errors([401, 404]),
          },
        }),
        delete: op('deleteGeneration', {
          requestParams: { path: ZApiGenerationParams },
          responses: { '204': { description: D.responses.deleted!, headers: rateHeaders() }, ...errors([401, 404, 409]) },
        }),
      },
      '/api/v1/generations/{id}/outputs/{index}': {
        get: op('getOutput', {
          requestParams: { path: ZApiOutputParams },
          responses: {
            '200': { description: D.responses.file!, headers: rateHeaders(), ...binary('image/jpeg', 'video/mp4') },
            ...errors([401, 404]),
          },
        }),
      },
      '/api/v1/generations/{id}/photo': {
        get: op('getPhoto', {
          requestParams: { path: ZApiGenerationParams },
          responses: {
            '200': { description: D.responses.file!, headers: rateHeaders(), ...binary('image/jpeg', 'image/png', 'image/webp') },
            ...errors([401, 404]),
          },
        }),
      },
      '/api/v1/cutouts': {
        post: op('createCutout', {
          requestParams: { header: idempotencyKey },
          requestBody: multipart(ZApiCutoutFormDoc, ['subject'], ZApiCutoutJsonDoc),
          responses: {
            '200': {
              description: D.responses.cutout!,
              headers: { 'Idempotent-Replayed': header(D.responses.replayed!, 'string', false), ...rateHeaders() },
              ...json(ZApiCutout),
            },
            ...errors([401, 409, 413, 422, 429]),
          },
        }),
      },
      '/api/v1/cutouts/{id}': {
        get: op('getCutout', {
          requestParams: { path: ZApiGenerationParams },
          responses: { '200': { description: D.responses.file!, headers: rateHeaders(), ...binary('image/png') }, ...errors([401, 404]) },
        }),
      },
      '/api/v1/generations/{id}/export/{preset}': {
        get: op('exportZip', {
          requestParams: { path: ZApiExportParams },
          responses: {
            '200': { description: D.responses.zip!, headers: rateHeaders(), ...binary('application/zip') },
            ...errors([401, 404, 409, 429]),
          },
        }),
      },
      '/api/v1/openapi.json': {
        get: op('openapi', {
          security: [],
          responses: {
            '200': {
              description: D.responses.openapi!,
              headers: rateHeaders(),
              content: { 'application/json': { schema: { type: 'object' } } },
            },
            ...errors([]),
          },
        }),
      },
    },
    webhooks: {
      generationFinished: {
        post: op('webhook', {
          security: [],
          requestParams: {
            header: z.object({
              'webhook-id': z.uuid().meta({ description: D.responses.webhookId! }),
              'webhook-timestamp': z.string().meta({ description: D.responses.webhookTimestamp! }),
              'webhook-signature': z.string().meta({ description: D.responses.webhookSignature! }),
              'X-Vitrin-Signature': z.string().meta({ description: D.responses.signatureHeader! }),
              'X-Vitrin-Attempt': z.string().meta({ description: D.responses.attemptHeader! }),
            }),
          },
          requestBody: { required: true, ...json(ZWebhookEvent) },
          responses: { '200': { description: D.responses.webhookOk! } },
        }),
      },
    },
  });
  // The stable error codes with their meaning, in the document's language.
  const errorCode = doc.components?.schemas?.ErrorCode as { description?: string } | undefined;
  if (errorCode) errorCode.description = `${D.codesTitle}:\n${codes}`;
  if (cache.size > 16) cache.clear();
  cache.set(cacheKey, doc);
  return doc;
}
