import { Router } from 'express';
import type { AppDeps } from '../deps';
import { customerId } from './session';
import { exportForDownload } from '../services/data-export';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "Verilerimi indir" (issue 13): the prepared zip, to its owner only, for 24 h; anyone else gets 404. */
export function dataExportRoutes(deps: AppDeps): Router {
  const r = Router();
  r.get('/api/exports/:id', async (req, res) => {
    const id = req.params.id.replace(/\.zip$/, '');
    const userId = await customerId(deps, req);
    if (!userId || !UUID.test(id)) return res.status(404).end();
    const key = await exportForDownload(deps.db, userId, id);
    const opened = key ? await deps.storage.openRead(key) : null;
    if (!opened) return res.status(404).end();
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Length', String(opened.info.size));
    res.setHeader('Content-Disposition', 'attachment; filename="verilerim.zip"');
    res.setHeader('Cache-Control', 'private, no-store');
    opened.body.pipe(res);
  });
  return r;
}
