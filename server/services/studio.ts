import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
import type { Cutout } from '../db/types';
import type { Storage } from '../providers/storage';
import { AppError, isForeignKeyViolation } from '../errors';
import { sweepIfErased } from './account-files';
import { M } from '../../shared/messages';
import type { TCutoutInput, TCutoutResult } from '../../shared/schemas/generations';
import { takeSellerLimit } from '../auth/rate-limit';
import { studioPool, type StudioPool } from '../studio/pool';
import type { CutoutHints, CutoutResult } from '../studio/cutout';

/** Owner-only URL of a stored cut-out (served by /api/files/cutouts/:id). */
export const cutoutUrl = (id: string) => `/api/files/cutouts/${id}`;

export type CutoutRow = Pick<Cutout, 'id' | 'storage_key' | 'width' | 'height' | 'note_code' | 'reasons' | 'mask_key'>;

/** A stored cut-out's answer: the gate's verdict, every reason in Turkish and the next step. */
export function cutoutView(c: CutoutRow): TCutoutResult {
  const reasons = c.reasons.length ? c.reasons : c.note_code ? [c.note_code] : [];
  const verdict = c.storage_key ? 'accepted' : c.mask_key ? 'untrusted' : 'none';
  return {
    id: c.id,
    cutoutUrl: c.storage_key ? cutoutUrl(c.id) : null,
    width: c.width,
    height: c.height,
    note: reasons.length ? [...reasons.map((r) => M.studio.notes[r]), M.studio.nextStep].join(' ') : null,
    verdict,
    reasons,
    maskUrl: c.mask_key ? `${cutoutUrl(c.id)}/mask` : null,
  };
}

/**
 * Runs the cut-out of one upload on the studio pool (off the event loop),
 * stores the PNG and records the run. The newest row of an upload is the one
 * its next generation uses. Free, but rate limited per seller.
 */
export async function runCutout(
  deps: { db: Db; storage: Storage; pool?: StudioPool },
  userId: string,
  input: TCutoutInput,
  /** `signal`: the caller no longer needs it (the worker is stopping); the pool gives the work up. */
  opts: { rateLimit?: boolean; signal?: AbortSignal } = {},
): Promise<TCutoutResult> {
  const { db, storage } = deps;
  const upload = await db
    .selectFrom('uploads')
    .select(['id', 'storage_key'])
    .where('id', '=', input.uploadId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!upload) throw new AppError('NOT_FOUND', M.common.notFound);
  if (opts.rateLimit !== false) await takeSellerLimit(db, 'cutouts', userId);
  const stored = await storage.get(upload.storage_key);
  if (!stored) throw new AppError('NOT_FOUND', M.common.notFound);

  const hints: CutoutHints = { subject: input.subject ?? null, keep: input.keep ?? [], remove: input.remove ?? [] };
  const guided = !!input.subject || !!input.keep?.length || !!input.remove?.length;
  const result = await (deps.pool ?? studioPool()).run(
    { kind: 'cutout', bytes: stored.bytes, hints },
    { owner: userId, signal: opts.signal },
  );

  return recordCutout(deps, userId, upload.id, result, guided);
}

/**
 * Stores a cut-out the gate judged (the PNG when accepted, the judged mask either way) and records
 * its row, which becomes the upload's latest: the one its next generation uses. The automatic and
 * guided runs above and the editor's accept (cutout-sessions.ts) all record through here.
 */
export async function recordCutout(
  deps: { db: Db; storage: Storage },
  userId: string,
  uploadId: string,
  result: CutoutResult,
  guided: boolean,
): Promise<TCutoutResult> {
  const { db, storage } = deps;
  const id = randomUUID();
  let key: string | null = null;
  let maskKey: string | null = null;
  if (result.ok) {
    key = `cutouts/${userId}/${uploadId}/${id}.png`;
    await storage.put(key, Buffer.from(result.png), 'image/png');
  }
  if (result.maskPng) {
    maskKey = `cutouts/${userId}/${uploadId}/${id}-mask.png`;
    await storage.put(maskKey, Buffer.from(result.maskPng), 'image/png');
  }
  const row = await db
    .insertInto('cutouts')
    .values({
      id,
      upload_id: uploadId,
      user_id: userId,
      storage_key: key,
      width: result.width,
      height: result.height,
      note_code: result.ok ? null : result.reasons[0]!,
      reasons: JSON.stringify(result.ok ? [] : result.reasons),
      mask_key: maskKey,
      guided,
      confidence: result.confidence,
      coverage: result.ok ? result.coverage : 0,
    })
    .returning(['id', 'storage_key', 'width', 'height', 'note_code', 'reasons', 'mask_key'])
    .executeTakeFirstOrThrow()
    .catch(async (err: unknown) => {
      // No row (the upload was deleted meanwhile, e.g. with the account): the file must not stay
      // behind, nor the folder of an erased account; the caller gets the 404 of a missing upload.
      for (const k of [key, maskKey]) if (k) await storage.delete(k);
      await sweepIfErased(deps, userId);
      if (isForeignKeyViolation(err)) throw new AppError('NOT_FOUND', M.common.notFound);
      throw err;
    });
  return cutoutView(row);
}

/** The latest cut-out of an upload (what its generations use), or undefined when none was made yet. */
export async function latestCutout(db: Db, uploadId: string): Promise<Cutout | undefined> {
  return db
    .selectFrom('cutouts')
    .selectAll()
    .where('upload_id', '=', uploadId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
