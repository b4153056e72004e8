import type { Response } from 'express';
import type { Db } from '../db';
import type { SellerLimitKind } from '../../shared/constants';
import { AppError } from '../errors';
import { takeSellerLimit } from '../auth/rate-limit';
import { sendAppError } from './rest-error';

/**
 * Counts one use of a per-seller limit on a REST route. Over the limit it answers 429 itself
 * (Retry-After and the Turkish text saying when to try again) and returns false.
 */
export async function withinSellerLimit(db: Db, res: Response, kind: SellerLimitKind, userId: string): Promise<boolean> {
  try {
    await takeSellerLimit(db, kind, userId);
    return true;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    sendAppError(res, err);
    return false;
  }
}
