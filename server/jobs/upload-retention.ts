import { sql } from 'kysely';
import type { Db } from '../db';
import type { Storage } from '../providers/storage';
import { getSettings } from '../services/settings';
import { startPeriodic } from '../lib/poll-loop';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the photos no run uses once they are older than the retention (the
 * upload_retention_days setting, stated in the privacy text): uploads no generation (single or
 * batch) refers to and whose last cut-out is older than the retention too, with those cut-outs.
 * Returns how many were removed; at most `batch` per call.
 */
export async function sweepUnusedUploads(deps: { db: Db; storage: Storage }, now = new Date(), batch = 200): Promise<number> {
  const { db } = deps;
  const days = (await getSettings(db)).uploadRetentionDays;
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const due = await unusedUploads(db, cutoff).select('u.id').orderBy('u.created_at').limit(batch).execute();
  let removed = 0;
  for (const { id } of due) if (await removeIfUnused(deps, id, cutoff)) removed++;
  return removed;
}

/** Uploads older than `cutoff` that no generation refers to and with no cut-out made since. */
function unusedUploads(db: Db, cutoff: Date) {
  return db
    .selectFrom('uploads as u')
    .where('u.created_at', '<', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('generations as g')
            .select(sql`1`.as('x'))
            .whereRef('g.upload_id', '=', 'u.id'),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('cutouts as c')
            .select(sql`1`.as('x'))
            .whereRef('c.upload_id', '=', 'u.id')
            .where('c.created_at', '>=', cutoff),
        ),
      ),
    );
}

/**
 * One upload, checked again under its row lock: files first (its cut-outs, then the photo), then
 * the row, so a failure leaves a row the next sweep removes, never a file nothing points at. A run
 * started meanwhile waits on the lock and is then refused for the missing upload; it never gets
 * a row whose file is gone.
 */
async function removeIfUnused({ db, storage }: { db: Db; storage: Storage }, id: string, cutoff: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const upload = await unusedUploads(trx, cutoff)
      .select('u.storage_key')
      .where('u.id', '=', id)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!upload) return false;
    const cutouts = await trx.selectFrom('cutouts').select(['storage_key', 'mask_key']).where('upload_id', '=', id).execute();
    for (const c of cutouts) for (const k of [c.storage_key, c.mask_key]) if (k) await storage.delete(k);
    await storage.delete(upload.storage_key);
    // The cut-out rows go with it (on delete cascade).
    await trx.deleteFrom('uploads').where('id', '=', id).execute();
    return true;
  });
}

/** Runs the sweep every `everyMs` in every process (the row locks make racing sweeps safe); failures are logged and retried. */
export function startUploadRetentionSweep(deps: { db: Db; storage: Storage }, everyMs = 60 * 60_000): () => Promise<void> {
  return startPeriodic(everyMs, 'upload retention sweep failed', () => sweepUnusedUploads(deps));
}
