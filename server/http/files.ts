import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../deps';
import { InvalidStorageKeyError, type ByteRange, type Storage } from '../providers/storage';
import { ownCutoutKeys, ownOutput, ownUploadKey } from '../services/files';
import { customerId } from './session';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Parses a single `bytes=start-end` range (what browsers send to seek an MP4). */
function parseRange(header: string | undefined): ByteRange | undefined {
  const m = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!m || (!m[1] && !m[2])) return undefined;
  if (!m[1]) return { start: -Number(m[2]), end: Number.MAX_SAFE_INTEGER }; // suffix: resolved below
  return { start: Number(m[1]), end: m[2] ? Number(m[2]) : Number.MAX_SAFE_INTEGER };
}

/** A stored file to its (already authorised) reader, with byte ranges; 404 when it is gone. */
export async function sendStored(storage: Storage, key: string, req: Request, res: Response, cache: string, downloadName?: string) {
  let range = parseRange(req.headers.range);
  if (range && range.start < 0) {
    const info = await storage.head(key);
    if (!info) return res.status(404).end();
    range = { start: Math.max(0, info.size + range.start), end: info.size - 1 };
  }
  let opened: Awaited<ReturnType<Storage['openRead']>>;
  try {
    opened = await storage.openRead(key, range);
  } catch (err) {
    if (err instanceof RangeError) return res.status(416).end();
    if (err instanceof InvalidStorageKeyError) return res.status(404).end();
    throw err;
  }
  if (!opened) return res.status(404).end();
  const { info, body } = opened;
  res.setHeader('Content-Type', info.contentType);
  res.setHeader('Cache-Control', cache);
  res.setHeader('Accept-Ranges', 'bytes');
  if (downloadName) res.setHeader('Content-Disposition', `attachment; filename="${downloadName.replace(/[^\w.-]/g, '_')}"`);
  if (range) {
    const end = Math.min(range.end, info.size - 1);
    res.status(206).setHeader('Content-Range', `bytes ${range.start}-${end}/${info.size}`);
    res.setHeader('Content-Length', String(end - range.start + 1));
  } else {
    res.setHeader('Content-Length', String(info.size));
  }
  body.pipe(res);
}

/**
 * Private files: uploads and generation outputs go only to their owner's session (docs/security.md property 16);
 * anyone else gets the same 404 as for a file that does not exist. Public seed images are open.
 */
export function fileRoutes(deps: AppDeps, storage: Storage): Router {
  const r = Router();
  const privateCache = 'private, max-age=3600';

  r.get('/api/files/uploads/:id', async (req, res) => {
    const userId = await customerId(deps, req);
    if (!userId || !UUID.test(req.params.id)) return res.status(404).end();
    const key = await ownUploadKey(deps.db, userId, req.params.id);
    if (!key) return res.status(404).end();
    await sendStored(storage, key, req, res, privateCache);
  });

  r.get('/api/files/generations/:id/:index', async (req, res) => {
    const userId = await customerId(deps, req);
    const index = Number(req.params.index);
    if (!userId || !UUID.test(req.params.id) || !Number.isInteger(index) || index < 0) return res.status(404).end();
    const found = await ownOutput(deps.db, userId, req.params.id, index);
    if (!found) return res.status(404).end();
    const { output: out, ...g } = found;
    const thumb = req.query.thumb === '1';
    const ext = out.mime === 'video/mp4' ? 'mp4' : 'jpg';
    const name = req.query.download === '1' ? `${g.type}-${g.id}${index ? `-${index + 1}` : ''}.${ext}` : undefined;
    await sendStored(storage, thumb ? out.thumbKey : out.key, req, res, privateCache, name);
  });

  // Cut-outs (issue 11 (docs/history.md)): PNG with alpha, owner only; `?download=1` saves it as "Şeffaf PNG".
  r.get('/api/files/cutouts/:id', async (req, res) => {
    const userId = await customerId(deps, req);
    if (!userId || !UUID.test(req.params.id)) return res.status(404).end();
    const image = (await ownCutoutKeys(deps.db, userId, req.params.id))?.image;
    if (!image) return res.status(404).end();
    const name = req.query.download === '1' ? `urun-seffaf-${req.params.id.slice(0, 8)}.png` : undefined;
    await sendStored(storage, image, req, res, privateCache, name);
  });

  // The mask the gate judged (grey PNG, white = kept), owner only: the editor's overlay, also for an
  // untrusted cut-out that is never used as one.
  r.get('/api/files/cutouts/:id/mask', async (req, res) => {
    const userId = await customerId(deps, req);
    if (!userId || !UUID.test(req.params.id)) return res.status(404).end();
    const mask = (await ownCutoutKeys(deps.db, userId, req.params.id))?.mask;
    if (!mask) return res.status(404).end();
    await sendStored(storage, mask, req, res, privateCache);
  });

  r.get('/api/files/public/*path', async (req, res) => {
    const parts = (req.params as { path: string[] }).path;
    const key = `public/${parts.join('/')}`;
    await sendStored(storage, key, req, res, 'public, max-age=86400');
  });
  return r;
}
