import { sql } from 'kysely';
import type { Db } from '../db';
import type { StoredOutput } from '../../shared/schemas/generations';
import { readOutputs } from '../db/read';

// The stored files a seller may download (docs/security.md property 16): each lookup is by id AND
// owner, so another seller's file answers null like one that does not exist.

/** The storage key of the seller's own upload. */
export async function ownUploadKey(db: Db, userId: string, uploadId: string): Promise<string | null> {
  const u = await db
    .selectFrom('uploads')
    .select('storage_key')
    .where('id', '=', uploadId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return u?.storage_key ?? null;
}

/** One output of the seller's own generation, with what names its download. */
export async function ownOutput(
  db: Db,
  userId: string,
  generationId: string,
  index: number,
): Promise<{ output: StoredOutput; type: string; id: string } | null> {
  const g = await db
    .selectFrom('generations')
    .select(['outputs', 'type', 'id'])
    .where('id', '=', generationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const output = g ? readOutputs(g.outputs)[index] : undefined;
  return g && output ? { output, type: g.type, id: g.id } : null;
}

/** The cut-out PNG and the mask the gate judged, of the seller's own cut-out. */
export async function ownCutoutKeys(
  db: Db,
  userId: string,
  cutoutId: string,
): Promise<{ image: string | null; mask: string | null } | null> {
  const c = await db
    .selectFrom('cutouts')
    .select(['storage_key', 'mask_key'])
    .where('id', '=', cutoutId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return c ? { image: c.storage_key, mask: c.mask_key } : null;
}

/**
 * The photo a run of the seller's own was made from, while it is kept (its upload not removed, the
 * run not erased): the storage key, or null — the same as another seller's run.
 */
export async function ownRunPhotoKey(db: Db, userId: string, generationId: string): Promise<string | null> {
  const row = await db
    .selectFrom('generations')
    .innerJoin('uploads', 'uploads.id', 'generations.upload_id')
    .select('uploads.storage_key')
    .where('generations.id', '=', generationId)
    .where('generations.user_id', '=', userId)
    .where('uploads.user_id', '=', userId)
    .where(sql<boolean>`generations.parameters::text <> '{}'`)
    .executeTakeFirst();
  return row?.storage_key ?? null;
}
