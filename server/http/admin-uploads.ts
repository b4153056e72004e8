import { Router } from 'express';
import multer from 'multer';
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../trpc/context';
import { AppError } from '../errors';
import { M } from '../../shared/messages';
import { MAX_UPLOAD_BYTES } from '../../shared/constants';
import { checkAndReencode } from '../services/uploads';
import { writeAuditDirect } from '../services/admin/audit';
import { adminId } from './session';

const fail = (status: number, message: string, appCode: string) => ({ status, body: { error: { message, data: { appCode } } } });

/**
 * POST /api/admin/uploads (multipart field `file`, admin session) → 201 { url, width, height }.
 * For portfolio before/after and testimonial photos: checked by content and size, re-encoded
 * without metadata (D14), stored under `public/admin/<uuid>.<ext>` and served publicly by
 * /api/files/public/... (these images are meant for the public landing page). Works in
 * maintenance mode: the admin keeps working (D23). The Origin guard in app.ts covers it.
 */
export function adminUploadRoutes(deps: AppDeps): Router {
  const r = Router();
  const parse = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } }).single('file');

  r.post('/api/admin/uploads', async (req, res) => {
    const send = (f: ReturnType<typeof fail>) => res.status(f.status).json(f.body);
    const admin = await adminId(deps, req);
    if (!admin) return send(fail(401, M.common.unauthorized, 'UNAUTHENTICATED'));
    parse(req, res, async (err: unknown) => {
      try {
        if (err) {
          const code = (err as { code?: string }).code;
          return send(code === 'LIMIT_FILE_SIZE' ? fail(413, M.generation.fileTooLarge, 'VALIDATION') : fail(400, M.generation.uploadFailed, 'VALIDATION'));
        }
        if (!req.file) return send(fail(400, M.generation.needPhoto, 'VALIDATION'));
        const image = await checkAndReencode(req.file.buffer);
        const key = `public/admin/${randomUUID()}.${image.ext}`;
        await deps.storage.put(key, image.bytes, image.mime);
        const url = `/api/files/${key}`;
        await writeAuditDirect(deps.db, {
          adminId: admin,
          action: 'upload.create',
          targetType: 'file',
          targetId: key,
          newValues: { url, mime: image.mime, width: image.width, height: image.height, bytes: image.bytes.length },
        });
        res.status(201).json({ url, width: image.width, height: image.height });
      } catch (e) {
        if (e instanceof AppError) return send(fail(e.appCode === 'VALIDATION' ? 422 : 400, e.message, e.appCode));
        console.error('[admin-uploads]', e);
        send(fail(500, M.generation.uploadFailed, 'INTERNAL'));
      }
    });
  });
  return r;
}
