import { openAsBlob } from 'node:fs';
import type { NextFunction, Request, Response } from 'express';
import type { z } from '../../../shared/zod';
import { M } from '../../../shared/messages';
import { AppError } from '../../errors';
import { checkAndReencode, type CheckedImage } from '../../services/uploads';
import { sendError } from '../rest-error';
import type { UploadReceiver } from '../upload-body';
import { callerOf, sendApiFailure } from './respond';

/** What a multipart form of the API holds once checked: its fields as the schema reads them, and the photo re-encoded. */
export type PhotoForm<S extends z.ZodType> = { fields: z.output<S>; image: CheckedImage };

export const formOf = <S extends z.ZodType>(res: Response) => res.locals.apiForm as PhotoForm<S>;

/**
 * Reads a multipart request into `schema`: the text fields and the photo (field `photo`, streamed
 * to a temporary file by `receiver`, as a File backed by it) are validated by the same zod schema
 * the OpenAPI document is made from; then the photo is checked by its content and re-encoded
 * without metadata, as every upload is, and the temporary file removed.
 */
export function photoForm<S extends z.ZodType>(receiver: UploadReceiver, schema: S) {
  return async (req: Request, res: Response, next: NextFunction) => {
    let received: Awaited<ReturnType<UploadReceiver['receive']>> = null;
    try {
      received = await receiver.receive(req, res, callerOf(res).userId, 'photo', { fields: 10, fieldSize: 8 * 1024 });
      if (!received) return;
      const file = received.file;
      const parsed = schema.safeParse({
        ...received.fields,
        photo: file ? new File([await openAsBlob(file.path)], file.originalname || 'photo', { type: file.mimetype }) : undefined,
      });
      if (!parsed.success) return sendError(res, 422, parsed.error.issues[0]?.message ?? M.common.invalidInput, 'VALIDATION');
      if (!file) throw new AppError('VALIDATION', M.api.errors.needPhoto);
      const form: PhotoForm<S> = { fields: parsed.data, image: await checkAndReencode(file.path) };
      res.locals.apiForm = form;
    } catch (e) {
      return sendApiFailure(res, e, 'api');
    } finally {
      await received?.cleanup();
    }
    next();
  };
}
