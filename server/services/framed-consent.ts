import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { M } from '../../shared/messages';
import { createGeneration, type CreateInput } from './generations';
import { chooseCutout } from './studio';

/**
 * The cut-out a run will use, fixed before anything is charged (issue 37): the one the run names,
 * else the seller's accepted one, else the automatic one (`chooseCutout`, the only place that
 * decides). It is stored on the run and the worker uses exactly it. On the local studio a run
 * without a trustworthy cut-out would show the photo framed, which the seller must have agreed to
 * (`allowFramed`); otherwise it is refused with NEEDS_FRAMED_CONSENT and nothing is taken. fal uses
 * the cut-out for its image scenes only (its video model takes the photo).
 */
export async function cutoutForRun(
  deps: Pick<AppDeps, 'db' | 'storage' | 'aiProvider'>,
  userId: string,
  run: { type: 'image' | 'video'; uploadId: string; cutoutId?: string | null },
  allowFramed: boolean,
): Promise<{ cutoutId: string | null; trusted: boolean }> {
  const uses = deps.aiProvider === 'local' || run.type === 'image';
  const owned = await deps.db
    .selectFrom('uploads')
    .select('id')
    .where('id', '=', run.uploadId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!owned) throw new AppError('NOT_FOUND', M.common.notFound);
  if (!uses) return { cutoutId: null, trusted: true };
  const cut = await chooseCutout(deps, userId, run.uploadId, run.cutoutId, { rateLimit: false });
  const trusted = !!cut.storage_key;
  if (deps.aiProvider === 'local' && !trusted && !allowFramed) throw new AppError('NEEDS_FRAMED_CONSENT', M.studio.needsConsent);
  return { cutoutId: cut.id, trusted: trusted || deps.aiProvider !== 'local' };
}

/** A seller's run: the cut-out and consent first (above), then the one transaction that takes the credits. */
export async function startGeneration(
  deps: Pick<AppDeps, 'db' | 'bus' | 'storage' | 'aiProvider'>,
  userId: string,
  input: CreateInput & { allowFramed?: boolean },
  source: { apiKeyId?: string } = {},
): Promise<{ id: string }> {
  const { allowFramed, ...rest } = input;
  const { cutoutId } = await cutoutForRun(deps, userId, rest, !!allowFramed);
  return createGeneration(deps, userId, { ...rest, cutoutId }, source);
}
