import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../../deps';
import { M } from '../../../shared/messages';
import {
  ZApiAccepted,
  ZApiAccount,
  ZApiCutout,
  ZApiCutoutForm,
  ZApiExportParams,
  ZApiGeneration,
  ZApiGenerationList,
  ZApiGenerationParams,
  ZApiImageForm,
  ZApiListQuery,
  ZApiOutputParams,
  ZApiVideoForm,
} from '../../../shared/schemas/api';
import { ownCutoutKeys, ownOutput, ownRunPhotoKey } from '../../services/files';
import { AppError } from '../../errors';
import { storeUpload } from '../../services/uploads';
import { runCutout } from '../../services/studio';
import { exportRun } from '../../services/exports';
import { apiCutoutUrl, toApiGeneration } from '../../services/api-view';
import {
  apiAccount,
  creditsCharged,
  deleteApiGeneration,
  getApiRun,
  listApiGenerations,
  refuseUnaffordable,
  refuseUnfinished,
  requireApiRun,
  startApiRun,
} from '../../services/api-generations';
import { getSettings } from '../../services/settings';
import { publicBaseUrl } from '../../email/links';
import { sendStored } from '../files';
import { sendZip } from '../send-zip';
import { apiGate, callerOf, handle, reply, requireApiKey, sendApiError, takeQuota } from './respond';
import { formOf, photoForm, readPhotoBody } from './forms';
import { answerOnce, idempotent } from './idempotency';
import { uploadReceiver } from '../upload-body';
import { openApiDocument } from './openapi';

const PRIVATE_CACHE = 'private, max-age=3600';

/** A path parameter set checked by its schema; anything else is the same 404 as another seller's resource. */
function paramsOr404<T>(schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false } }, params: unknown): T {
  const r = schema.safeParse(params);
  if (!r.success) throw new AppError('NOT_FOUND', M.api.errors.notFound);
  return r.data;
}

/** The methods each path takes; any other is 405 with Allow (issue 34 item 6). */
const PATHS: Array<[string, string[]]> = [
  ['/api/v1/images', ['POST']],
  ['/api/v1/videos', ['POST']],
  ['/api/v1/account', ['GET']],
  ['/api/v1/generations', ['GET']],
  ['/api/v1/generations/:id', ['GET', 'DELETE']],
  ['/api/v1/generations/:id/outputs/:index', ['GET']],
  ['/api/v1/generations/:id/photo', ['GET']],
  ['/api/v1/generations/:id/export/:preset', ['GET']],
  ['/api/v1/cutouts', ['POST']],
  ['/api/v1/cutouts/:id', ['GET']],
  ['/api/v1/openapi.json', ['GET']],
];

/**
 * The seller API under /api/v1 (issue 24 (docs/history.md), issue 34): the same services as the web app, so an API run is
 * charged, limited, queued and recorded as a page run is. Authorised by `Authorization: Bearer`
 * keys only, never by cookies (so no Origin check: a browser cannot forge the header cross-site).
 * Another seller's run, output or cut-out is the same 404 as one that does not exist. Every JSON
 * answer goes through the schema the OpenAPI document declares for it (respond.ts `reply`).
 */
export function apiV1Routes(deps: AppDeps): Router {
  const r = Router();
  const auth = requireApiKey();
  const base = () => publicBaseUrl(deps.env);
  const receiver = uploadReceiver(deps.env);
  // Each photo is an upload: counted against the upload limit before its body is read, given back if refused.
  const withinUploads = handle('api', async (_req, res, next) => {
    await takeQuota(deps.db, res, 'uploads', callerOf(res).userId);
    next();
  });

  // Every request: the key read once, counted against the request limit (RateLimit-* on every answer).
  r.use('/api/v1', apiGate(deps));

  r.get(
    '/api/v1/openapi.json',
    handle('api-openapi', async (_req, res) => {
      const s = await getSettings(deps.db);
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('Vary', 'Accept-Language');
      res.json(openApiDocument(base(), { image: s.imageCreditCost, video: s.videoCreditCost }));
    }),
  );

  r.post(
    '/api/v1/images',
    auth,
    withinUploads,
    readPhotoBody(receiver, deps.env, ZApiImageForm),
    idempotent(deps.db, { charges: true }),
    photoForm(ZApiImageForm),
    handle('api-images', async (_req, res) => {
      const caller = callerOf(res);
      const { fields, image } = formOf<typeof ZApiImageForm>(res);
      // Issue 34 item 9: the balance before anything slow (a 402 is fast); the cut-out is judged by
      // the worker, which ends an untrusted run without `allowFramed` as needs_consent, refunded.
      await refuseUnaffordable(deps.db, caller.userId, 'image', caller.livemode);
      const stored = await storeUpload(deps, caller.userId, image);
      const { id } = await startApiRun(
        deps,
        caller.userId,
        {
          type: 'image',
          uploadId: stored.uploadId,
          prompt: fields.prompt,
          category: fields.category,
          scene: fields.scene,
          allowFramed: fields.allowFramed,
          subject: fields.subject,
        },
        caller,
      );
      res.setHeader('X-Credits-Charged', String(await creditsCharged(deps.db, id)));
      await answerOnce(res, 202, ZApiAccepted, { id, status: 'queued', livemode: caller.livemode });
    }),
  );

  r.post(
    '/api/v1/videos',
    auth,
    withinUploads,
    readPhotoBody(receiver, deps.env, ZApiVideoForm),
    idempotent(deps.db, { charges: true }),
    photoForm(ZApiVideoForm),
    handle('api-videos', async (_req, res) => {
      const caller = callerOf(res);
      const { fields, image } = formOf<typeof ZApiVideoForm>(res);
      await refuseUnaffordable(deps.db, caller.userId, 'video', caller.livemode);
      const stored = await storeUpload(deps, caller.userId, image);
      const { id } = await startApiRun(
        deps,
        caller.userId,
        {
          type: 'video',
          uploadId: stored.uploadId,
          prompt: fields.prompt,
          duration: fields.duration,
          aspectRatio: fields.aspectRatio,
          scene: fields.scene,
          allowFramed: fields.allowFramed,
        },
        caller,
      );
      res.setHeader('X-Credits-Charged', String(await creditsCharged(deps.db, id)));
      await answerOnce(res, 202, ZApiAccepted, { id, status: 'queued', livemode: caller.livemode });
    }),
  );

  r.get(
    '/api/v1/account',
    auth,
    handle('api-account', async (_req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      const { userId, livemode } = callerOf(res);
      reply(res, 200, ZApiAccount, await apiAccount(deps.db, userId, livemode));
    }),
  );

  r.get(
    '/api/v1/generations',
    auth,
    handle('api-list', async (req, res) => {
      const q = ZApiListQuery.safeParse(req.query);
      if (!q.success) throw new AppError('VALIDATION', M.api.errors.badListQuery);
      const { userId, livemode } = callerOf(res);
      const page = await listApiGenerations(deps.db, userId, q.data, livemode);
      res.setHeader('Cache-Control', 'no-store');
      reply(res, 200, ZApiGenerationList, { data: page.items.map((v) => toApiGeneration(v, base())), nextCursor: page.nextCursor });
    }),
  );

  r.get(
    '/api/v1/generations/:id',
    auth,
    handle('api-generation', async (req, res) => {
      const { id } = paramsOr404(ZApiGenerationParams, req.params);
      const { userId, livemode } = callerOf(res);
      const view = await getApiRun(deps.db, userId, id, livemode);
      res.setHeader('Cache-Control', 'no-store');
      reply(res, 200, ZApiGeneration, toApiGeneration(view, base()));
    }),
  );

  r.delete(
    '/api/v1/generations/:id',
    auth,
    handle('api-delete', async (req, res) => {
      const { id } = paramsOr404(ZApiGenerationParams, req.params);
      const { userId, livemode } = callerOf(res);
      await deleteApiGeneration(deps, userId, id, livemode);
      res.status(204).end();
    }),
  );

  r.get(
    '/api/v1/generations/:id/outputs/:index',
    auth,
    handle('api-output', async (req, res) => {
      const { id, index } = paramsOr404(ZApiOutputParams, req.params);
      const { userId, livemode } = callerOf(res);
      await requireApiRun(deps.db, userId, id, livemode);
      const found = await ownOutput(deps.db, userId, id, index);
      if (!found) throw new AppError('NOT_FOUND', M.api.errors.notFound);
      await sendStored(deps.storage, found.output.key, req, res, PRIVATE_CACHE);
    }),
  );

  r.get(
    '/api/v1/generations/:id/photo',
    auth,
    handle('api-photo', async (req, res) => {
      const { id } = paramsOr404(ZApiGenerationParams, req.params);
      const { userId, livemode } = callerOf(res);
      await requireApiRun(deps.db, userId, id, livemode);
      const key = await ownRunPhotoKey(deps.db, userId, id);
      if (!key) throw new AppError('NOT_FOUND', M.api.errors.notFound);
      await sendStored(deps.storage, key, req, res, PRIVATE_CACHE);
    }),
  );

  r.post(
    '/api/v1/cutouts',
    auth,
    withinUploads,
    readPhotoBody(receiver, deps.env, ZApiCutoutForm),
    idempotent(deps.db, { charges: false }),
    photoForm(ZApiCutoutForm),
    handle('api-cutouts', async (_req, res) => {
      const { userId } = callerOf(res);
      const { fields, image } = formOf<typeof ZApiCutoutForm>(res);
      const stored = await storeUpload(deps, userId, image);
      const cut = await runCutout(deps, userId, { uploadId: stored.uploadId, subject: fields.subject });
      await answerOnce(res, 200, ZApiCutout, { ...cut, cutoutUrl: apiCutoutUrl(cut.cutoutUrl, base()) });
    }),
  );

  r.get(
    '/api/v1/cutouts/:id',
    auth,
    handle('api-cutout-file', async (req, res) => {
      const { id } = paramsOr404(ZApiGenerationParams, req.params);
      const image = (await ownCutoutKeys(deps.db, callerOf(res).userId, id))?.image;
      if (!image) throw new AppError('NOT_FOUND', M.api.errors.notFound);
      await sendStored(deps.storage, image, req, res, PRIVATE_CACHE);
    }),
  );

  r.get(
    '/api/v1/generations/:id/export/:preset',
    auth,
    handle('api-export', async (req, res) => {
      const { id, preset } = paramsOr404(ZApiExportParams, req.params);
      const { userId, livemode } = callerOf(res);
      await takeQuota(deps.db, res, 'exports', userId);
      await requireApiRun(deps.db, userId, id, livemode);
      await refuseUnfinished(deps.db, userId, id);
      const result = await exportRun(deps, userId, id, preset);
      if (!result) throw new AppError('NOT_FOUND', M.api.errors.notFound);
      sendZip(res, result.zipName, result.zip, `[api-dışa-aktar] ${id}`);
    }),
  );

  // A method a path does not take is 405 with Allow; anything else under /api/v1 is a JSON 404.
  for (const [path, methods] of PATHS) {
    r.all(path, (_req: Request, res: Response) => {
      res.setHeader('Allow', methods.join(', '));
      sendApiError(res, 405, M.api.errors.methodNotAllowed(methods.join(', ')), 'METHOD_NOT_ALLOWED');
    });
  }
  r.use(
    '/api/v1',
    handle('api', async () => {
      throw new AppError('NOT_FOUND', M.api.errors.notFound);
    }),
  );
  return r;
}
