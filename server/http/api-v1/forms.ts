import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import type { z } from '../../../shared/zod';
import { MAX_UPLOAD_BYTES } from '../../../shared/constants';
import { M } from '../../../shared/messages';
import { AppError } from '../../errors';
import { checkAndReencode, type CheckedImage } from '../../services/uploads';
import { sendError } from '../rest-error';
import { sendApiFailure } from './respond';

/** What a multipart form of the API holds once checked: its fields as the schema reads them, and the photo re-encoded. */
export type PhotoForm<S extends z.ZodType> = { fields: z.output<S>; image: CheckedImage };

export const formOf = <S extends z.ZodType>(res: Response) => res.locals.apiForm as PhotoForm<S>;

/** Parses `multipart/form-data` with the photo in `photo` (one file, never buffered past the size limit). */
const parse = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 8 * 1024 },
}).single('photo');

/**
 * Reads a multipart request into `schema`: the text fields and the photo (as a File) are validated
 * by the same zod schema the OpenAPI document is made from; then the photo is checked by its
 * content and re-encoded without metadata, as every upload is.
 */
export function photoForm<S extends z.ZodType>(schema: S) {
  return (req: Request, res: Response, next: NextFunction) => {
    parse(req, res, async (err: unknown) => {
      try {
        if (err) {
          const tooBig = (err as { code?: string }).code === 'LIMIT_FILE_SIZE';
          return sendError(res, tooBig ? 413 : 400, tooBig ? M.generation.fileTooLarge : M.generation.uploadFailed, 'VALIDATION');
        }
        const file = req.file;
        const parsed = schema.safeParse({
          ...(req.body as Record<string, unknown>),
          photo: file ? new File([new Uint8Array(file.buffer)], file.originalname || 'photo', { type: file.mimetype }) : undefined,
        });
        if (!parsed.success) return sendError(res, 422, parsed.error.issues[0]?.message ?? M.common.invalidInput, 'VALIDATION');
        if (!file) throw new AppError('VALIDATION', M.api.errors.needPhoto);
        const form: PhotoForm<S> = { fields: parsed.data, image: await checkAndReencode(file.buffer) };
        res.locals.apiForm = form;
        next();
      } catch (e) {
        sendApiFailure(res, e, 'api');
      }
    });
  };
}
