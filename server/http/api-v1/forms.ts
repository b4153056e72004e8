import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import type { z } from '../../../shared/zod';
import { MAX_UPLOAD_BYTES } from '../../../shared/constants';
import { M } from '../../../shared/messages';
import { AppError } from '../../errors';
import { checkAndReencode, type CheckedImage } from '../../services/uploads';
import { sendApiFailure } from './respond';

/** What a multipart form of the API holds once checked: its fields as the schema reads them, and the photo re-encoded. */
export type PhotoForm<S extends z.ZodType> = { fields: z.output<S>; image: CheckedImage };

export const formOf = <S extends z.ZodType>(res: Response) => res.locals.apiForm as PhotoForm<S>;

/** The form's limits (documented in the OpenAPI document's texts). */
export const FORM_LIMITS = { fieldBytes: 8 * 1024, fields: 10 } as const;

/** Parses `multipart/form-data` with the photo in `photo` (one file, never buffered past the size limit). */
const parse = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: FORM_LIMITS.fields, fieldSize: FORM_LIMITS.fieldBytes },
}).single('photo');

/**
 * The one place a refusal of the multipart parser becomes the API's answer: a photo over the
 * size limit is 413, everything else the caller sent wrong (a second file, a field too long, too
 * many fields, a body that is not multipart) is the documented 422 with its own text.
 */
export function multipartRefusal(err: unknown): AppError {
  switch ((err as { code?: string }).code) {
    case 'LIMIT_FILE_SIZE':
      return new AppError('QUOTA_EXCEEDED', M.generation.fileTooLarge);
    case 'LIMIT_FILE_COUNT':
    case 'LIMIT_UNEXPECTED_FILE':
      return new AppError('VALIDATION', M.api.errors.onePhoto);
    case 'LIMIT_FIELD_VALUE':
      return new AppError('VALIDATION', M.api.errors.fieldTooLong(FORM_LIMITS.fieldBytes / 1024));
    case 'LIMIT_FIELD_COUNT':
    case 'LIMIT_PART_COUNT':
      return new AppError('VALIDATION', M.api.errors.tooManyFields(FORM_LIMITS.fields));
    default:
      return new AppError('VALIDATION', M.api.errors.badMultipart);
  }
}

/** Reads the multipart body (the photo stays in memory, within the size limit); refusals are the API's 413/422. */
export function readMultipart(req: Request, res: Response, next: NextFunction) {
  parse(req, res, (err: unknown) => {
    if (err) {
      // The rest of a refused body is not read: the connection is closed after the answer.
      res.setHeader('Connection', 'close');
      return void sendApiFailure(res, multipartRefusal(err), 'api');
    }
    next();
  });
}

/** The parsed text fields and the photo's bytes, as read by `readMultipart`. */
export function rawForm(req: Request): { fields: Record<string, unknown>; photo: Buffer | null } {
  return { fields: { ...((req.body ?? {}) as Record<string, unknown>) }, photo: req.file?.buffer ?? null };
}

/**
 * Checks the parsed form against `schema`: the text fields and the photo (as a File) are validated
 * by the same zod schema the OpenAPI document is made from; then the photo is checked by its
 * content and re-encoded without metadata, as every upload is.
 */
export function photoForm<S extends z.ZodType>(schema: S) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const file = req.file;
      const parsed = schema.safeParse({
        ...rawForm(req).fields,
        photo: file ? new File([new Uint8Array(file.buffer)], file.originalname || 'photo', { type: file.mimetype }) : undefined,
      });
      if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message ?? M.common.invalidInput);
      if (!file) throw new AppError('VALIDATION', M.api.errors.needPhoto);
      const form: PhotoForm<S> = { fields: parsed.data, image: await checkAndReencode(file.buffer) };
      res.locals.apiForm = form;
      next();
    } catch (e) {
      await sendApiFailure(res, e, 'api');
    }
  };
}
