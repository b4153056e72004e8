import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { M } from '../../shared/messages';
import { createGeneration, type CreateInput } from './generations';
import { latestCutout, runCutout } from './studio';

/**
 * The cut-out a local-studio run will use, judged before anything is charged: the upload's latest
 * one, or the automatic one made now when the seller never asked for one. Without a trustworthy
 * cut-out the run would show the photo framed, which the seller must have agreed to (`allowFramed`);
 * otherwise it is refused with NEEDS_FRAMED_CONSENT and nothing is taken. fal makes its own cut-out.
 */
export async function cutoutForRun(
  deps: Pick<AppDeps, 'db' | 'storage' | 'aiProvider'>,
  userId: string,
  uploadId: string,
  allowFramed: boolean,
): Promise<{ cutoutId: string | null; trusted: boolean }> {
  if (deps.aiProvider !== 'local') return { cutoutId: null, trusted: true };
  const owned = await deps.db
    .selectFrom('uploads')
    .select('id')
    .where('id', '=', uploadId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!owned) throw new AppError('NOT_FOUND', M.common.notFound);
  let cut = await latestCutout(deps.db, uploadId);
  if (!cut) {
    // Made once for this upload and recorded: the worker uses exactly the cut-out judged here.
    const made = await runCutout(deps, userId, { uploadId }, { rateLimit: false });
    cut = await latestCutout(deps.db, uploadId);
    if (!cut || cut.id !== made.id)
      cut = await deps.db.selectFrom('cutouts').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
  }
  const trusted = !!cut.storage_key;
  if (!trusted && !allowFramed) throw new AppError('NEEDS_FRAMED_CONSENT', M.studio.needsConsent);
  return { cutoutId: cut.id, trusted };
}

/** A seller's run: the cut-out and consent first (above), then the one transaction that takes the credits. */
export async function startGeneration(
  deps: Pick<AppDeps, 'db' | 'bus' | 'storage' | 'aiProvider' | 'onJobQueued'>,
  userId: string,
  input: CreateInput & { allowFramed?: boolean },
  source: { apiKeyId?: string } = {},
): Promise<{ id: string }> {
  const { allowFramed, ...rest } = input;
  const { cutoutId } = await cutoutForRun(deps, userId, rest.uploadId, !!allowFramed);
  return createGeneration(deps, userId, { ...rest, cutoutId }, source);
}
