import { Router, type NextFunction, type Request, type Response } from 'express';
import type { AppDeps } from '../../deps';
import { M } from '../../../shared/messages';
import {
  ZApiCutoutForm,
  ZApiExportParams,
  ZApiGenerationParams,
  ZApiImageForm,
  ZApiOutputParams,
  ZApiVideoForm,
} from '../../../shared/schemas/api';
import { ownCutoutKeys, ownOutput } from '../../services/files';
import { AppError } from '../../errors';
import { storeUpload } from '../../services/uploads';
import { getGeneration } from '../../services/generations';
import { startGeneration } from '../../services/framed-consent';
import { runCutout } from '../../services/studio';
import { exportRun } from '../../services/exports';
import { apiCutoutUrl, toApiGeneration } from '../../services/api-view';
import { publicBaseUrl } from '../../email/links';
import { withinSellerLimit } from '../seller-limit';
import { sendStored } from '../files';
import { sendZip } from '../send-zip';
import { callerOf, handle, requireApiKey, sendApiFailure } from './respond';
import { formOf, photoForm } from './forms';
import { uploadReceiver } from '../upload-body';
import { openApiDocument } from './openapi';

const PRIVATE_CACHE = 'private, max-age=3600';

/** A path parameter set checked by its schema; anything else is the same 404 as another seller's resource. */
function paramsOr404<T>(schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false } }, params: unknown): T {
  const r = schema.safeParse(params);
  if (!r.success) throw new AppError('NOT_FOUND', M.api.errors.notFound);
  return r.data;
}

/**
 * The seller API under /api/v1 (issue 24 (docs/history.md)): the same services as the web app, so an API run is
 * charged, limited, queued and recorded as a page run is. Authorised by `Authorization: Bearer`
 * keys only, never by cookies (so no Origin check: a browser cannot forge the header cross-site).
 * Another seller's run, output or cut-out is the same 404 as one that does not exist.
 */
export function apiV1Routes(deps: AppDeps): Router {
  const r = Router();
  const auth = requireApiKey(deps);
  const base = () => publicBaseUrl(deps.env);
  const receiver = uploadReceiver(deps.env);
  // Each photo is an upload: counted against the upload limit before its body is read.
  const withinUploads = async (_req: Request, res: Response, next: NextFunction) => {
    try {
      if (await withinSellerLimit(deps.db, res, 'uploads', callerOf(res).userId)) next();
    } catch (err) {
      sendApiFailure(res, err, 'api');
    }
  };

  r.get('/api/v1/openapi.json', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(openApiDocument(base()));
  });

  r.post(
    '/api/v1/images',
    auth,
    withinUploads,
    photoForm(receiver, ZApiImageForm),
    handle('api-images', async (_req, res) => {
      const { userId, keyId } = callerOf(res);
      const { fields, image } = formOf<typeof ZApiImageForm>(res);
      const stored = await storeUpload(deps, userId, image);
      // The seller's box: a guided cut-out first, which the run then uses (as the page's "re-run" does).
      if (fields.subject) await runCutout(deps, userId, { uploadId: stored.uploadId, subject: fields.subject });
      // Without a trustworthy cut-out the run is refused uncharged unless `allowFramed` (as on the page).
      const { id } = await startGeneration(
        deps,
        userId,
        {
          type: 'image',
          uploadId: stored.uploadId,
          prompt: fields.prompt,
          category: fields.category,
          scene: fields.scene,
          allowFramed: fields.allowFramed,
        },
        { apiKeyId: keyId },
      );
      res.status(202).json({ id, status: 'queued' });
    }),
  );

  r.post(
    '/api/v1/videos',
    auth,
    withinUploads,
    photoForm(receiver, ZApiVideoForm),
    handle('api-videos', async (_req, res) => {
      const { userId, keyId } = callerOf(res);
      const { fields, image } = formOf<typeof ZApiVideoForm>(res);
      const stored = await storeUpload(deps, userId, image);
      const { id } = await startGeneration(
        deps,
        userId,
        {
          type: 'video',
          uploadId: stored.uploadId,
          prompt: fields.prompt,
          duration: fields.duration,
          aspectRatio: fields.aspectRatio,
          scene: fields.scene,
          allowFramed: fields.allowFramed,
        },
        { apiKeyId: keyId },
      );
      res.status(202).json({ id, status: 'queued' });
    }),
  );

  r.get(
    '/api/v1/generations/:id',
    auth,
    handle('api-generation', async (req, res) => {
      const { id } = paramsOr404(ZApiGenerationParams, req.params);
      const view = await getGeneration(deps.db, callerOf(res).userId, id).catch((err: unknown) => {
        throw err instanceof AppError && err.appCode === 'NOT_FOUND' ? new AppError('NOT_FOUND', M.api.errors.notFound) : err;
      });
      res.setHeader('Cache-Control', 'no-store');
      res.json(toApiGeneration(view, base()));
    }),
  );

  r.get(
    '/api/v1/generations/:id/outputs/:index',
    auth,
    handle('api-output', async (req, res) => {
      const { id, index } = paramsOr404(ZApiOutputParams, req.params);
      const found = await ownOutput(deps.db, callerOf(res).userId, id, index);
      if (!found) throw new AppError('NOT_FOUND', M.api.errors.notFound);
      await sendStored(deps.storage, found.output.key, req, res, PRIVATE_CACHE);
    }),
  );

  r.post(
    '/api/v1/cutouts',
    auth,
    withinUploads,
    photoForm(receiver, ZApiCutoutForm),
    handle('api-cutouts', async (_req, res) => {
      const { userId } = callerOf(res);
      const { fields, image } = formOf<typeof ZApiCutoutForm>(res);
      const stored = await storeUpload(deps, userId, image);
      const { id: _id, ...cut } = await runCutout(deps, userId, { uploadId: stored.uploadId, subject: fields.subject });
      res.json({ ...cut, cutoutUrl: apiCutoutUrl(cut.cutoutUrl, base()) });
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
      const { userId } = callerOf(res);
      if (!(await withinSellerLimit(deps.db, res, 'exports', userId))) return;
      const result = await exportRun(deps, userId, id, preset);
      if (!result) throw new AppError('NOT_FOUND', M.api.errors.notFound);
      sendZip(res, result.zipName, result.zip, `[api-dışa-aktar] ${id}`);
    }),
  );

  // Anything else under /api/v1 is a JSON 404, not the generic one.
  r.use(
    '/api/v1',
    handle('api', async () => {
      throw new AppError('NOT_FOUND', M.api.errors.notFound);
    }),
  );
  return r;
}
