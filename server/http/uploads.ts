import { Router } from 'express';
import multer from 'multer';
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../trpc/context';
import type { Storage } from '../providers/storage';
import { AppError } from '../errors';
import { M } from '../../shared/messages';
import { MAX_UPLOAD_BYTES } from '../../shared/constants';
import { checkAndReencode } from '../services/uploads';
import { getSettings } from '../services/settings';
import { customerId } from './session';

const fail = (status: number, message: string, appCode: string) => ({ status, body: { error: { message, data: { appCode } } } });

/** POST /api/uploads (multipart field `file`) → 201 { uploadId, url, width, height }. */
export function uploadRoutes(deps: AppDeps, storage: Storage): Router {
  const r = Router();
  // One byte over the limit is enough to know it is too big; never buffer more than that.
  const parse = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } }).single('file');

  r.post('/api/uploads', async (req, res) => {
    const send = (f: ReturnType<typeof fail>) => res.status(f.status).json(f.body);
    const userId = await customerId(deps, req);
    if (!userId) return send(fail(401, M.common.unauthorized, 'UNAUTHENTICATED'));
    if ((await getSettings(deps.db)).maintenanceMode) return send(fail(503, M.common.maintenance, 'MAINTENANCE'));
    parse(req, res, async (err: unknown) => {
      try {
        if (err) {
          const code = (err as { code?: string }).code;
          return send(code === 'LIMIT_FILE_SIZE' ? fail(413, M.generation.fileTooLarge, 'VALIDATION') : fail(400, M.generation.uploadFailed, 'VALIDATION'));
        }
        if (!req.file) return send(fail(400, M.generation.needPhoto, 'VALIDATION'));
        const image = await checkAndReencode(req.file.buffer);
        const id = randomUUID();
        // Unguessable key: the upload id alone never leads to the file without the owner check.
        const key = `uploads/${userId}/${id}.${image.ext}`;
        await storage.put(key, image.bytes, image.mime);
        await deps.db
          .insertInto('uploads')
          .values({ id, user_id: userId, storage_key: key, mime: image.mime, width: image.width, height: image.height, size_bytes: image.bytes.length })
          .execute();
        res.status(201).json({ uploadId: id, url: `/api/files/uploads/${id}`, width: image.width, height: image.height });
      } catch (e) {
        if (e instanceof AppError) return send(fail(e.appCode === 'VALIDATION' ? 422 : 400, e.message, e.appCode));
        console.error('[uploads]', e);
        send(fail(500, M.generation.uploadFailed, 'INTERNAL'));
      }
    });
  });
  return r;
}
