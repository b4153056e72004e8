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
import type { CutoutNoteCode } from '../../shared/schemas/generations';
import { readReasons } from '../db/read';

/** Owner-only URL of a stored cut-out (served by /api/files/cutouts/:id). */
export const cutoutUrl = (id: string) => `/api/files/cutouts/${id}`;

export type CutoutRow = Pick<Cutout, 'id' | 'storage_key' | 'width' | 'height' | 'note_code' | 'reasons' | 'mask_key'>;

/**
 * A stored cut-out's answer: the gate's verdict, every reason in Turkish and the next step. A cut-out
 * the seller edited and accepted is 'accepted' whatever the gate found; its findings are warnings.
 */
export function cutoutView(c: CutoutRow): TCutoutResult {
  const stored = readReasons(c.reasons);
  const reasons = stored.length ? stored : c.note_code ? [c.note_code] : [];
  const verdict = c.storage_key ? 'accepted' : c.mask_key ? 'untrusted' : 'none';
  const texts = reasons.map((r) => M.studio.notes[r]);
  return {
    id: c.id,
    cutoutUrl: c.storage_key ? cutoutUrl(c.id) : null,
    width: c.width,
    height: c.height,
    note: !reasons.length
      ? null
      : c.storage_key
        ? [M.studio.sellerAcceptedWarnings, ...texts].join(' ')
        : [...texts, M.studio.nextStep].join(' '),
    verdict,
    reasons,
    maskUrl: c.mask_key ? `${cutoutUrl(c.id)}/mask` : null,
  };
}

/**
 * Runs the cut-out of one upload on the studio pool (off the event loop),
 * stores the PNG and records the run. Which cut-out a run uses is `chooseCutout`'s decision.
 * Free, but rate limited per seller.
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
  const pool = deps.pool ?? studioPool();
  // The same photo with the same hints, cut for this seller a moment ago (uploaded again): not cut again.
  const recent = pool.recentCutouts;
  const key = await recent?.key(userId, stored.bytes, hints);
  let result = key ? recent?.get(key) : undefined;
  if (!result) {
    result = await pool.run({ kind: 'cutout', bytes: stored.bytes, hints }, { owner: userId, signal: opts.signal });
    if (key) recent?.set(key, result);
  }

  return recordCutout(deps, userId, upload.id, result, { guided });
}

/**
 * Stores a cut-out the gate judged (the PNG when accepted, the judged mask either way) and records
 * its row. The automatic and guided runs above and the editor's accept (cutout-sessions.ts) all
 * record through here. `sellerAccepted`: the seller's accept of an edited mask, which stands; the
 * gate's findings on it (`warnings`) are kept as its reasons and shown as warnings.
 */
export async function recordCutout(
  deps: { db: Db; storage: Storage },
  userId: string,
  uploadId: string,
  result: CutoutResult,
  opts: { guided: boolean; sellerAccepted?: boolean; editKey?: string | null; warnings?: CutoutNoteCode[] },
): Promise<TCutoutResult> {
  const { db, storage } = deps;
  const id = randomUUID();
  const key = result.ok ? `cutouts/${userId}/${uploadId}/${id}.png` : null;
  const maskKey = result.maskPng ? `cutouts/${userId}/${uploadId}/${id}-mask.png` : null;
  // No row or no file (the upload was deleted meanwhile, e.g. with the account, whose folders may go
  // while a file is being written): nothing may stay behind, nor the folder of an erased account;
  // the caller gets the 404 of a missing upload.
  const undo = async (err: unknown): Promise<never> => {
    for (const k of [key, maskKey]) if (k) await storage.delete(k).catch(() => undefined);
    await sweepIfErased(deps, userId);
    if (isForeignKeyViolation(err) || !(await uploadStillThere(db, userId, uploadId))) throw new AppError('NOT_FOUND', M.common.notFound);
    throw err;
  };
  try {
    if (key && result.ok) await storage.put(key, Buffer.from(result.png), 'image/png');
    if (maskKey && result.maskPng) await storage.put(maskKey, Buffer.from(result.maskPng), 'image/png');
  } catch (err) {
    await undo(err);
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
      reasons: JSON.stringify(result.ok ? (opts.warnings ?? []) : result.reasons),
      mask_key: maskKey,
      guided: opts.guided,
      seller_accepted: !!opts.sellerAccepted && result.ok,
      edit_key: opts.editKey ?? null,
      confidence: result.confidence,
      coverage: result.ok ? result.coverage : 0,
    })
    .returning(['id', 'storage_key', 'width', 'height', 'note_code', 'reasons', 'mask_key'])
    .executeTakeFirstOrThrow()
    .catch(undo);
  return cutoutView(row);
}

async function uploadStillThere(db: Db, userId: string, uploadId: string): Promise<boolean> {
  return !!(await db.selectFrom('uploads').select('id').where('id', '=', uploadId).where('user_id', '=', userId).executeTakeFirst());
}

/**
 * The cut-out a new run of this upload uses when it names none: the seller's latest (accepted in the
 * editor, or guided by their box or strokes), else the latest automatic one; undefined when none was
 * made yet. Making the automatic one again never replaces what the seller chose.
 */
export async function currentCutout(db: Db, uploadId: string): Promise<Cutout | undefined> {
  return db
    .selectFrom('cutouts')
    .selectAll()
    .where('upload_id', '=', uploadId)
    .orderBy('guided', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * THE decision of which cut-out a run uses (issue 37), for the page, the batch, the API and the
 * worker alike: the one the run names (it must be a cut-out of this seller's upload), else one cut
 * now with the product's box the run was sent with (an API run's `subject`), else the upload's
 * current one (above), else the automatic one made now and recorded. Nothing else picks one.
 */
export async function chooseCutout(
  deps: { db: Db; storage: Storage; pool?: StudioPool },
  userId: string,
  uploadId: string,
  cutoutId: string | null | undefined,
  opts: { rateLimit?: boolean; signal?: AbortSignal; subject?: TCutoutInput['subject'] } = {},
): Promise<Cutout> {
  const { db } = deps;
  if (cutoutId) {
    const named = await db
      .selectFrom('cutouts')
      .selectAll()
      .where('id', '=', cutoutId)
      .where('upload_id', '=', uploadId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!named) throw new AppError('NOT_FOUND', M.studio.cutoutNotOfPhoto);
    return named;
  }
  const { subject, ...runOpts } = opts;
  const current = subject ? null : await currentCutout(db, uploadId);
  if (current) return current;
  const made = await runCutout(deps, userId, { uploadId, subject }, runOpts);
  return db.selectFrom('cutouts').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
}
