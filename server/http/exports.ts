import { Router } from 'express';
import type { AppDeps } from '../deps';
import { customerId } from './session';
import { exportRun } from '../services/exports';
import { isExportChoice } from '../../shared/export-presets';
import { withinExportLimit } from './seller-limit';
import { sendZip } from './send-zip';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/generations/{id}/export/{preset}: a zip of the run's images fitted
 * to a marketplace preset (issue 12 (docs/history.md)), streamed as its images are rendered;
 * `{preset}` = `all`: every preset in one zip (issue 38 item 10). The export limit counts runs, not
 * files: a run's presets, one by one or all at once, are one export.
 * Owner only: anyone else, an unknown preset, a video or an unfinished run get
 * the same 404.
 */
export function exportRoutes(deps: AppDeps): Router {
  const r = Router();
  r.get('/api/generations/:id/export/:preset', async (req, res) => {
    const userId = await customerId(deps, req);
    const { id, preset } = req.params;
    if (!userId || !UUID.test(id) || !isExportChoice(preset)) return res.status(404).end();
    if (!(await withinExportLimit(deps.db, res, userId, id.toLowerCase()))) return;
    const result = await exportRun({ db: deps.db, storage: deps.storage }, userId, id, preset);
    if (!result) return res.status(404).end();
    sendZip(res, result.zipName, result.zip, `[dışa-aktar] ${id}`);
  });
  return r;
}
