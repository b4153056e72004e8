import { Router } from 'express';
import type { AppDeps } from '../deps';
import { customerId } from './session';
import { batchWhiteZip } from '../services/batch';
import { M } from '../../shared/messages';
import { withinSellerLimit } from './seller-limit';
import { sendZip } from './send-zip';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /api/batches/{id}/white.zip: the batch's white images in one zip, owner only (404 otherwise). */
export function batchRoutes(deps: AppDeps): Router {
  const r = Router();
  r.get('/api/batches/:id/white.zip', async (req, res) => {
    const userId = await customerId(deps, req);
    if (!userId || !UUID.test(req.params.id)) return res.status(404).end();
    if (!(await withinSellerLimit(deps.db, res, 'exports', userId))) return;
    const zip = await batchWhiteZip({ db: deps.db, storage: deps.storage }, userId, req.params.id);
    if (!zip) return res.status(404).end();
    sendZip(res, M.exports.batchZipName, zip, `[toplu-zip] ${req.params.id}`);
  });
  return r;
}
