import type { Transaction } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/types';
import { invalidateLandingCache } from '../landing';
import { writeAudit } from './audit';

type Trx = Transaction<Database>;

/**
 * An admin-edited table shown on the landing page (portfolio items, testimonials): what the
 * shared show/hide and delete need to know about it.
 */
export interface LandingItemTable<Item extends { isActive: boolean }> {
  table: 'portfolio_items' | 'testimonials';
  /** Audit verb prefix (`portfolio.toggle`) and target type. */
  action: 'portfolio' | 'testimonial';
  targetType: 'portfolio_item' | 'testimonial';
  /** The row, locked for the change (NOT_FOUND when it is gone). */
  load: (trx: Trx, id: string) => Promise<Item>;
  /** Sets is_active (and updated_at); returns the item as stored. */
  setActive: (trx: Trx, id: string, isActive: boolean) => Promise<Item>;
  /** What names the item in a toggle's audit entry, e.g. `{ title }`. */
  label: (item: Item) => Record<string, unknown>;
}

/** An item's own fields for the audit log (without id and timestamps). */
export function auditedFields<Item extends { id: string; createdAt: string; updatedAt: string }>(
  item: Item,
): Omit<Item, 'id' | 'createdAt' | 'updatedAt'> {
  const { createdAt: _c, updatedAt: _u, id: _id, ...rest } = item;
  return rest;
}

/** Shows or hides one item; an unchanged state writes nothing and is not audited. */
export async function toggleLandingItem<Item extends { isActive: boolean }>(
  db: Db,
  adminId: string,
  spec: LandingItemTable<Item>,
  id: string,
  isActive: boolean,
): Promise<Item> {
  const item = await db.transaction().execute(async (trx) => {
    const before = await spec.load(trx, id);
    if (before.isActive === isActive) return before;
    const after = await spec.setActive(trx, id, isActive);
    await writeAudit(trx, {
      adminId,
      action: `${spec.action}.toggle`,
      targetType: spec.targetType,
      targetId: id,
      oldValues: { ...spec.label(before), isActive: before.isActive },
      newValues: { ...spec.label(before), isActive },
    });
    return after;
  });
  invalidateLandingCache(db);
  return item;
}

/** The old values go to the audit log in full, so a deleted item can be put back by hand. */
export async function deleteLandingItem<Item extends { isActive: boolean; id: string; createdAt: string; updatedAt: string }>(
  db: Db,
  adminId: string,
  spec: LandingItemTable<Item>,
  id: string,
): Promise<{ id: string }> {
  await db.transaction().execute(async (trx) => {
    const before = await spec.load(trx, id);
    await trx.deleteFrom(spec.table).where('id', '=', id).execute();
    await writeAudit(trx, {
      adminId,
      action: `${spec.action}.delete`,
      targetType: spec.targetType,
      targetId: id,
      oldValues: auditedFields(before),
    });
  });
  invalidateLandingCache(db);
  return { id };
}
