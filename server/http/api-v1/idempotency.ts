import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Request, Response } from 'express';
import type { Db } from '../../db';
import { AppError } from '../../errors';
import { M } from '../../../shared/messages';
import type { z } from '../../../shared/zod';
import { claimIdempotencyKey, firstWithKey, releaseIdempotencyKey, rememberAnswer } from '../../services/api-idempotency';
import { callerOf, handle, releaseQuota } from './respond';
import { rawForm } from './forms';

type Claim = { db: Db; userId: string; key: string };
/** What identifies a request: its path, its text fields (in name order), the photo's bytes and a test key's mode. */
async function requestHash(req: Request, res: Response): Promise<string> {
  const { fields, photoPath } = rawForm(res);
  const h = createHash('sha256').update(`${req.method} ${req.path}\n`);
  for (const name of Object.keys(fields).sort()) h.update(JSON.stringify([name, fields[name]]));
  h.update('\nphoto:').update(photoPath ? await fileHash(photoPath) : '-');
  // A test key's request is never the same request as a live key's (issue 34 item 4): a live retry
  // must not replay a test answer. Live hashes are unchanged.
  if (!callerOf(res).livemode) h.update('\nmode:test');
  return h.digest('hex');
}

/** The SHA-256 of a file, read as a stream (the photo stays on disk). */
async function fileHash(file: string): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of createReadStream(file)) h.update(chunk as Buffer);
  return h.digest('hex');
}

/**
 * `Idempotency-Key` on a POST (after the key and the body are read): the first request with a
 * key claims it; a retry with the same request gets the first success again (`Idempotent-Replayed:
 * true`, nothing run or charged again); a different request with the same key is 422; a retry
 * while the first is still running is 409. A refused or failed first request gives the key up, so
 * the corrected request can be sent again with it. Keys of one seller are never seen by another.
 */
export function idempotent(db: Db, opts: { charges: boolean }) {
  return handle('api-idempotency', async (req, res, next) => {
    const key = req.get('idempotency-key');
    if (key === undefined) return next();
    if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw new AppError('VALIDATION', M.api.errors.idempotencyKey);
    const { userId } = callerOf(res);
    const hash = await requestHash(req, res);
    const claimed = await claimIdempotencyKey(db, { userId, key }, hash);
    if (claimed) {
      const claim: Claim = { db, userId, key };
      res.locals.apiIdempotency = claim;
      res.locals.apiForget = () => releaseIdempotencyKey(db, { userId, key });
      return next();
    }
    const first = await firstWithKey(db, { userId, key });
    if (first && first.request_hash !== hash) throw new AppError('VALIDATION', M.api.errors.idempotencyMismatch);
    if (!first || first.status_code === null || first.body === null) throw new AppError('CONFLICT', M.api.errors.idempotencyInProgress);
    // A replay is not a new upload: the limit it was counted against is given back.
    await releaseQuota(res);
    res.setHeader('Idempotent-Replayed', 'true');
    if (opts.charges) res.setHeader('X-Credits-Charged', '0');
    res.status(first.status_code).type('application/json').send(first.body);
  });
}

/** The first request's success, stored under its key (when it has one) before it is sent. */
export async function answerOnce<S extends z.ZodType>(res: Response, status: number, schema: S, body: z.output<S>): Promise<void> {
  const parsed = schema.parse(body);
  const claim = res.locals.apiIdempotency as Claim | undefined;
  if (claim) {
    await rememberAnswer(claim.db, claim, status, JSON.stringify(parsed));
    res.locals.apiIdempotency = undefined;
    res.locals.apiForget = undefined;
  }
  res.status(status).json(parsed);
}
