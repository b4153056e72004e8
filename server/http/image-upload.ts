import { Router, type Request, type Response } from 'express';
import { AppError } from '../errors';
import { log } from '../lib/log';
import { M } from '../../shared/messages';
import { checkAndReencode, type CheckedImage } from '../services/uploads';
import { sendAppError, sendError } from './rest-error';
import type { UploadReceiver } from './upload-body';

/**
 * The one way an image comes in (sellers' photos, admins' landing images): multipart field
 * `file`, one file, streamed to a temporary file (never held in memory, refused past the size
 * limit, the sender's uploads in flight capped, the body timed); checked by content and re-encoded
 * without metadata (docs/decisions.md D14) before `store` sees it; the temporary file always removed.
 * `authorize` answers the refusal itself and returns null.
 */
export function imageUploadRoute<Who extends string>(
  path: string,
  receiver: UploadReceiver,
  authorize: (req: Request, res: Response) => Promise<Who | null>,
  store: (who: Who, image: CheckedImage) => Promise<Record<string, unknown>>,
  logTag: string,
): Router {
  const r = Router();
  r.post(path, async (req, res) => {
    const who = await authorize(req, res);
    if (who === null) return;
    const received = await receiver.receive(req, res, who, 'file', { fields: 5 });
    if (!received) return;
    try {
      if (!received.file) return sendError(res, 400, M.generation.needPhoto, 'VALIDATION');
      const image = await checkAndReencode(received.file.path);
      res.status(201).json(await store(who, image));
    } catch (e) {
      if (e instanceof AppError) return sendAppError(res, e);
      log().error({ err: e, what: logTag }, 'upload failed');
      sendError(res, 500, M.generation.uploadFailed, 'INTERNAL');
    } finally {
      await received.cleanup();
    }
  });
  return r;
}
