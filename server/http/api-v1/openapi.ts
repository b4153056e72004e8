import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import { z } from '../../../shared/zod';
import { M } from '../../../shared/messages';
import {
  ZApiAccepted,
  ZApiCutout,
  ZApiCutoutForm,
  ZApiError,
  ZApiExportParams,
  ZApiGeneration,
  ZApiGenerationParams,
  ZApiImageForm,
  ZApiOutputParams,
  ZApiVideoForm,
  ZWebhookEvent,
} from '../../../shared/schemas/api';

const D = M.apiDocs;
const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });
const multipart = (schema: z.ZodType) => ({ required: true, content: { 'multipart/form-data': { schema } } });

/** The error answers an operation can give, each in the one error shape (429 with Retry-After). */
function errors(...statuses: Array<401 | 402 | 404 | 413 | 422 | 429>): ZodOpenApiResponsesObject {
  return Object.fromEntries(
    statuses.map((s) => [
      String(s),
      {
        description: D.responses[s]!,
        ...json(ZApiError),
        ...(s === 429 ? { headers: { 'Retry-After': { description: D.responses.retryAfter!, schema: { type: 'integer' } } } } : {}),
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

let cached: { base: string; doc: ReturnType<typeof createDocument> } | null = null;

/**
 * The OpenAPI 3.1 document of /api/v1, made by zod-openapi from the very schemas that validate the
 * requests (shared/schemas/api.ts) and the texts of the catalogue: there is no second copy to
 * drift. Built once per base URL.
 */
export function openApiDocument(base: string) {
  if (cached?.base === base) return cached.doc;
  const doc = createDocument({
    openapi: '3.1.0',
    info: { title: D.title, version: '1.0.0', description: D.intro },
    servers: [{ url: base }],
    security: [{ bearer: [] }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: D.securityDescription } } },
    paths: {
      '/api/v1/images': {
        post: op('createImage', {
          requestBody: multipart(ZApiImageForm),
          responses: { '202': { description: D.responses.accepted!, ...json(ZApiAccepted) }, ...errors(401, 402, 413, 422, 429) },
        }),
      },
      '/api/v1/videos': {
        post: op('createVideo', {
          requestBody: multipart(ZApiVideoForm),
          responses: { '202': { description: D.responses.accepted!, ...json(ZApiAccepted) }, ...errors(401, 402, 413, 422, 429) },
        }),
      },
      '/api/v1/generations/{id}': {
        get: op('getGeneration', {
          requestParams: { path: ZApiGenerationParams },
          responses: { '200': { description: D.responses.generation!, ...json(ZApiGeneration) }, ...errors(401, 404) },
        }),
      },
      '/api/v1/generations/{id}/outputs/{index}': {
        get: op('getOutput', {
          requestParams: { path: ZApiOutputParams },
          responses: {
            '200': {
              description: D.responses.file!,
              content: {
                'image/jpeg': { schema: { type: 'string', format: 'binary' } },
                'video/mp4': { schema: { type: 'string', format: 'binary' } },
              },
            },
            ...errors(401, 404),
          },
        }),
      },
      '/api/v1/cutouts': {
        post: op('createCutout', {
          requestBody: multipart(ZApiCutoutForm),
          responses: { '200': { description: D.responses.cutout!, ...json(ZApiCutout) }, ...errors(401, 413, 422, 429) },
        }),
      },
      '/api/v1/cutouts/{id}': {
        get: op('getCutout', {
          requestParams: { path: ZApiGenerationParams },
          responses: {
            '200': { description: D.responses.file!, content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } },
            ...errors(401, 404),
          },
        }),
      },
      '/api/v1/generations/{id}/export/{preset}': {
        get: op('exportZip', {
          requestParams: { path: ZApiExportParams },
          responses: {
            '200': { description: D.responses.zip!, content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } },
            ...errors(401, 404, 429),
          },
        }),
      },
      '/api/v1/openapi.json': {
        get: op('openapi', { security: [], responses: { '200': { description: D.responses.openapi! } } }),
      },
    },
    webhooks: {
      generationFinished: {
        post: op('webhook', {
          security: [],
          requestParams: { header: z.object({ 'X-Vitrin-Signature': z.string().meta({ description: D.responses.signatureHeader! }) }) },
          requestBody: { required: true, ...json(ZWebhookEvent) },
          responses: { '200': { description: D.responses.webhookOk! } },
        }),
      },
    },
  });
  cached = { base, doc };
  return doc;
}
