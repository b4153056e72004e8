import type { AppDeps } from '../deps';
import type { Storage } from '../providers/storage';
import { M } from '../../shared/messages';
import { storeUpload } from '../services/uploads';
import { customerId } from './session';
import { imageUploadRoute } from './image-upload';
import { uploadReceiver } from './upload-body';
import { sendError } from './rest-error';
import { withinSellerLimit } from './seller-limit';

/**
 * POST /api/uploads (multipart field `file`) → 201 { uploadId, url, width, height }. Counted
 * against the seller's upload limit before the body is read (a flood is refused unread, 429, and so
 * is a fifth upload of the seller still arriving: server/http/upload-body.ts),
 * then stored within the storage quota (413).
 */
export function uploadRoutes(deps: AppDeps, storage: Storage) {
  return imageUploadRoute(
    '/api/uploads',
    uploadReceiver(deps.env),
    async (req, res) => {
      const userId = await customerId(deps, req);
      if (!userId) return (sendError(res, 401, M.common.unauthorized, 'UNAUTHENTICATED'), null);
      return (await withinSellerLimit(deps.db, res, 'uploads', userId)) ? userId : null;
    },
    (userId, image) => storeUpload({ db: deps.db, storage }, userId, image),
    'uploads',
  );
}
