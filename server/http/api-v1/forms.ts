import { openAsBlob } from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { z } from '../../../shared/zod';
import { M } from '../../../shared/messages';
import { AppError, RateLimitedError } from '../../errors';
import { UPLOADS_IN_FLIGHT_PER_SELLER } from '../../../shared/constants';
import type { Env } from '../../env';
import { fetchPhoto } from '../../services/photo-url';
import { webhookPolicy } from '../../services/webhook-url';
import { checkAndReencode, type CheckedImage } from '../../services/uploads';
import type { Received, UploadReceiver } from '../upload-body';
import { callerOf, sendApiFailure } from './respond';

/** What a multipart form of the API holds once checked: its fields as the schema reads them, and the photo re-encoded. */
export type PhotoForm<S extends z.ZodType> = { fields: z.output<S>; image: CheckedImage };

export const formOf = <S extends z.ZodType>(res: Response) => res.locals.apiForm as PhotoForm<S>;

/** The form's limits (documented in the OpenAPI document's texts). */
export const FORM_LIMITS = { fieldBytes: 8 * 1024, fields: 10 } as const;

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

/**
 * Reads the multipart body through the upload receiver (the photo streamed to a temporary file,
 * never held in memory; the in-flight cap and body timeout apply); the parser's refusals are the
 * API's 413/422. The temporary file goes when the photo is checked, or when the answer is out.
 */
export function readMultipart(receiver: UploadReceiver) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const received = await receiver.receive(
        req,
        res,
        callerOf(res).userId,
        'photo',
        { fields: FORM_LIMITS.fields, fieldSize: FORM_LIMITS.fieldBytes },
        (err) => {
          // The rest of a refused body is not read: the connection is closed after the answer.
          res.setHeader('Connection', 'close');
          void sendApiFailure(res, multipartRefusal(err), 'api');
        },
      );
      if (!received) return;
      let done = false;
      const cleanup = async () => {
        if (done) return;
        done = true;
        await received.cleanup();
      };
      res.locals.apiReceived = { ...received, cleanup } satisfies Received;
      res.once('close', () => void cleanup());
      next();
    } catch (e) {
      await sendApiFailure(res, e, 'api');
    }
  };
}

/** The most a JSON body (the photoUrl form) may hold. */
const JSON_BODY_LIMIT = '64kb';
const parseJson = express.json({ limit: JSON_BODY_LIMIT, strict: true });

/**
 * The form's body: multipart/form-data with the photo as a file (`readMultipart`), or a JSON object
 * with the same fields and `photoUrl` instead of the file (issue 34 item 7). The JSON fields are
 * checked first (nothing is fetched for a request refused anyway), then the photo is fetched by
 * the server under the webhook's SSRF rules (`fetchPhoto`: resolved addresses checked at every
 * hop, 10 MB, time limits) into a temporary file within the seller's in-flight cap; from there on
 * it is handled as an uploaded photo (Idempotency-Key hash, checked by its content, re-encoded).
 */
export function readPhotoBody(
  receiver: UploadReceiver,
  env: Pick<Env, 'NODE_ENV' | 'PUBLIC_URL' | 'API_WEBHOOKS_ALLOW_PRIVATE'>,
  schema: z.ZodObject,
) {
  const multipart = readMultipart(receiver);
  const fieldsOnly = schema.omit({ photo: true });
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!req.is('application/json')) return multipart(req, res, next);
    try {
      const failed = await new Promise<unknown>((resolve) => void parseJson(req, res, resolve));
      const body = req.body as unknown;
      if (failed || !body || typeof body !== 'object' || Array.isArray(body)) throw new AppError('VALIDATION', M.api.errors.badJson);
      const { photoUrl, ...rest } = body as Record<string, unknown>;
      // The same fields as the multipart form: text as it is, anything else as the JSON text multipart carries.
      const fields = Object.fromEntries(
        Object.entries(rest)
          .filter(([, v]) => v !== undefined && v !== null)
          .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      );
      const checked = fieldsOnly.safeParse(fields);
      if (!checked.success) throw new AppError('VALIDATION', checked.error.issues[0]?.message ?? M.common.invalidInput);
      if (typeof photoUrl !== 'string' || !photoUrl) throw new AppError('VALIDATION', M.api.errors.needPhotoUrl);
      const slot = await receiver.reserve(callerOf(res).userId);
      if (!slot) throw new RateLimitedError(M.generation.uploadsInFlight(UPLOADS_IN_FLIGHT_PER_SELLER), 5);
      let done = false;
      const cleanup = async () => {
        if (done) return;
        done = true;
        await slot.cleanup();
      };
      res.once('close', () => void cleanup());
      const target = path.join(slot.dir, 'body');
      let size: number;
      try {
        size = await fetchPhoto(photoUrl, webhookPolicy(env), target);
      } catch (err) {
        await cleanup();
        throw err;
      }
      res.locals.apiReceived = {
        fields: { ...fields, photoUrl },
        file: { path: target, originalname: 'photo', mimetype: 'application/octet-stream', size },
        cleanup,
      } satisfies Received;
      next();
    } catch (e) {
      await sendApiFailure(res, e, 'api');
    }
  };
}

/** The parsed text fields and the photo's temporary file, as read by `readMultipart`. */
export function rawForm(res: Response): { fields: Record<string, unknown>; photoPath: string | null } {
  const received = res.locals.apiReceived as Received | undefined;
  return { fields: { ...(received?.fields ?? {}) }, photoPath: received?.file?.path ?? null };
}

/**
 * Checks the parsed form against `schema`: the text fields and the photo (as a File backed by its
 * temporary file) are validated by the same zod schema the OpenAPI document is made from; then the
 * photo is checked by its content and re-encoded without metadata, as every upload is, and the
 * temporary file removed.
 */
export function photoForm<S extends z.ZodType>(schema: S) {
  return async (_req: Request, res: Response, next: NextFunction) => {
    const received = res.locals.apiReceived as Received | undefined;
    try {
      const file = received?.file;
      const parsed = schema.safeParse({
        ...rawForm(res).fields,
        photo: file ? new File([await openAsBlob(file.path)], file.originalname || 'photo', { type: file.mimetype }) : undefined,
      });
      if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message ?? M.common.invalidInput);
      if (!file) throw new AppError('VALIDATION', M.api.errors.needPhoto);
      const form: PhotoForm<S> = { fields: parsed.data, image: await checkAndReencode(file.path) };
      res.locals.apiForm = form;
    } catch (e) {
      return void (await sendApiFailure(res, e, 'api'));
    } finally {
      await received?.cleanup();
    }
    next();
  };
}
