import type { Response } from 'express';
import type { Db } from '../db';
import type { SellerLimitKind } from '../../shared/constants';
import { AppError } from '../errors';
import { takeExportLimit, takeSellerLimit } from '../auth/rate-limit';
import { sendAppError } from './rest-error';

/**
 * Counts one use of a per-seller limit on a REST route. Over the limit it answers 429 itself
 * (Retry-After and the Turkish text saying when to try again) and returns false.
 */
export async function withinSellerLimit(db: Db, res: Response, kind: SellerLimitKind, userId: string): Promise<boolean> {
  return answered(res, () => takeSellerLimit(db, kind, userId));
}

/** The export limit counted per run (`takeExportLimit`): a run's presets, one by one or all in one zip, are one export. */
export async function withinExportLimit(db: Db, res: Response, userId: string, runId: string): Promise<boolean> {
  return answered(res, () => takeExportLimit(db, userId, runId));
}

async function answered(res: Response, take: () => Promise<void>): Promise<boolean> {
  try {
    await take();
    return true;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    sendAppError(res, err);
    return false;
  }
}
