import { Router, type Request, type Response } from 'express';
import multer from 'multer';
import { AppError } from '../errors';
import { M } from '../../shared/messages';
import { MAX_UPLOAD_BYTES } from '../../shared/constants';
import { checkAndReencode, type CheckedImage } from '../services/uploads';
import { sendAppError, sendError } from './rest-error';

/**
 * The one way an image comes in (sellers' photos, admins' landing images): multipart field
 * `file`, one file, never buffered past the size limit; checked by content and re-encoded without
 * metadata (docs/decisions.md D14) before `store` sees it. `authorize` answers the refusal itself and returns null.
 */
export function imageUploadRoute<Who>(
  path: string,
  authorize: (req: Request, res: Response) => Promise<Who | null>,
  store: (who: Who, image: CheckedImage) => Promise<Record<string, unknown>>,
  logTag: string,
): Router {
  const r = Router();
  // One byte over the limit is enough to know it is too big.
  const parse = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } }).single('file');

  r.post(path, async (req, res) => {
    const who = await authorize(req, res);
    if (who === null) return;
    parse(req, res, async (err: unknown) => {
      try {
        if (err) {
          const tooBig = (err as { code?: string }).code === 'LIMIT_FILE_SIZE';
          return sendError(res, tooBig ? 413 : 400, tooBig ? M.generation.fileTooLarge : M.generation.uploadFailed, 'VALIDATION');
        }
        if (!req.file) return sendError(res, 400, M.generation.needPhoto, 'VALIDATION');
        const image = await checkAndReencode(req.file.buffer);
        res.status(201).json(await store(who, image));
      } catch (e) {
        if (e instanceof AppError) return sendAppError(res, e);
        console.error(`[${logTag}]`, e);
        sendError(res, 500, M.generation.uploadFailed, 'INTERNAL');
      }
    });
  });
  return r;
}
