import { Router } from 'express';
import type { AppDeps } from '../deps';
import { customerId } from './session';
import { exportForDownload } from '../services/data-export';
import { sendZip } from './send-zip';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "Verilerimi indir" (issue 13 (docs/history.md)): the prepared zip, to its owner only, for 24 h; anyone else gets 404. */
export function dataExportRoutes(deps: AppDeps): Router {
  const r = Router();
  r.get('/api/exports/:id', async (req, res) => {
    const id = req.params.id.replace(/\.zip$/, '');
    const userId = await customerId(deps, req);
    if (!userId || !UUID.test(id)) return res.status(404).end();
    const key = await exportForDownload(deps.db, userId, id);
    const opened = key ? await deps.storage.openRead(key) : null;
    if (!opened) return res.status(404).end();
    sendZip(res, 'verilerim.zip', opened.body, `[verilerim-zip] ${id}`, opened.info.size);
  });
  return r;
}
