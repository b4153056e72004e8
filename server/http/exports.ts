import { Router } from 'express';
import type { AppDeps } from '../deps';
import { customerId } from './session';
import { exportRun } from '../services/exports';
import { isExportPreset } from '../../shared/export-presets';
import { withinSellerLimit } from './seller-limit';
import { sendZip } from './send-zip';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/generations/{id}/export/{preset}: a zip of the run's images fitted
 * to a marketplace preset (issue 12 (docs/history.md)), streamed as its images are rendered.
 * Owner only: anyone else, an unknown preset, a video or an unfinished run get
 * the same 404.
 */
export function exportRoutes(deps: AppDeps): Router {
  const r = Router();
  r.get('/api/generations/:id/export/:preset', async (req, res) => {
    const userId = await customerId(deps, req);
    const { id, preset } = req.params;
    if (!userId || !UUID.test(id) || !isExportPreset(preset)) return res.status(404).end();
    if (!(await withinSellerLimit(deps.db, res, 'exports', userId))) return;
    const result = await exportRun({ db: deps.db, storage: deps.storage }, userId, id, preset);
    if (!result) return res.status(404).end();
    sendZip(res, result.zipName, result.zip, `[dışa-aktar] ${id}`);
  });
  return r;
}
