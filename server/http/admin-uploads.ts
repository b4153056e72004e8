import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps';
import { M } from '../../shared/messages';
import { writeAuditDirect } from '../services/admin/audit';
import { adminId } from './session';
import { imageUploadRoute } from './image-upload';
import { uploadReceiver } from './upload-body';
import { sendError } from './rest-error';

/**
 * POST /api/admin/uploads (multipart field `file`, admin session) → 201 { url, width, height }.
 * For portfolio before/after and testimonial photos: stored under `public/admin/<uuid>.<ext>` and
 * served publicly by /api/files/public/... (these images are meant for the public landing page).
 * Works in maintenance mode: the admin keeps working (docs/decisions.md D23). The Origin guard in app.ts covers it.
 */
export function adminUploadRoutes(deps: AppDeps) {
  return imageUploadRoute(
    '/api/admin/uploads',
    uploadReceiver(deps.env),
    async (req, res) => {
      const admin = await adminId(deps, req);
      if (!admin) sendError(res, 401, M.common.unauthorized, 'UNAUTHENTICATED');
      return admin;
    },
    async (admin, image) => {
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
      return { url, width: image.width, height: image.height };
    },
    'admin-uploads',
  );
}
