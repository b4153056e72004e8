import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import type { AppDeps } from '../deps';
import { customerId } from './session';
import { batchWhiteZip } from '../services/batch';
import { M } from '../../shared/messages';
import { withinSellerLimit } from './seller-limit';

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
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="${M.exports.batchZipName}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.flushHeaders();
    // Streamed as it is built: a failure half-way can only cut the response. A client that left is no error.
    pipeline(zip, res).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ERR_STREAM_PREMATURE_CLOSE') console.error('[toplu-zip]', req.params.id, err);
    });
  });
  return r;
}
