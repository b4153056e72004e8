import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps';
import type { Storage } from '../providers/storage';
import { M } from '../../shared/messages';
import { AppError } from '../errors';
import { getSettings } from '../services/settings';
import { customerId } from './session';
import { imageUploadRoute } from './image-upload';
import { sendError } from './rest-error';

/** POST /api/uploads (multipart field `file`) → 201 { uploadId, url, width, height }. */
export function uploadRoutes(deps: AppDeps, storage: Storage) {
  return imageUploadRoute(
    '/api/uploads',
    async (req, res) => {
      const userId = await customerId(deps, req);
      if (!userId) return (sendError(res, 401, M.common.unauthorized, 'UNAUTHENTICATED'), null);
      if ((await getSettings(deps.db)).maintenanceMode) return (sendError(res, 503, M.common.maintenance, 'MAINTENANCE'), null);
      return userId;
    },
    async (userId, image) => {
      const id = randomUUID();
      // Unguessable key: the upload id alone never leads to the file without the owner check.
      const key = `uploads/${userId}/${id}.${image.ext}`;
      await storage.put(key, image.bytes, image.mime);
      // File first, row second, and the row only while the account is live (the row lock waits
      // for an account deletion that has begun): a deletion then either finds the row and its
      // file, or this upload is refused and takes its file away again.
      const stored = await deps.db.transaction().execute(async (trx) => {
        const live = await trx
          .selectFrom('users')
          .select('id')
          .where('id', '=', userId)
          .where('is_disabled', '=', false)
          .where('deleted_at', 'is', null)
          .forShare()
          .executeTakeFirst();
        if (!live) return false;
        await trx
          .insertInto('uploads')
          .values({
            id,
            user_id: userId,
            storage_key: key,
            mime: image.mime,
            width: image.width,
            height: image.height,
            size_bytes: image.bytes.length,
          })
          .execute();
        return true;
      });
      if (!stored) {
        await storage.delete(key);
        throw new AppError('UNAUTHENTICATED', M.common.unauthorized);
      }
      return { uploadId: id, url: `/api/files/uploads/${id}`, width: image.width, height: image.height };
    },
    'uploads',
  );
}
