import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/types';
import { invalidateLandingCache } from '../landing';
import { AppError } from '../../errors';
import { M } from '../../../shared/messages';
import { diffValues, writeAudit } from './audit';

type Trx = Transaction<Database>;

/** An item as the back-office sees it: its editable fields plus id and timestamps. */
export type LandingItem<Fields> = Fields & { id: string; createdAt: string; updatedAt: string };

/**
 * An admin-edited table shown on the landing page (portfolio items, testimonials): what the
 * shared create, edit, show/hide and delete need to know about it.
 */
export interface LandingItemTable<Fields extends { isActive: boolean }, Item extends LandingItem<Fields> = LandingItem<Fields>> {
  table: 'portfolio_items' | 'testimonials';
  /** Audit verb prefix (`portfolio.toggle`) and target type. */
  action: 'portfolio' | 'testimonial';
  targetType: 'portfolio_item' | 'testimonial';
  /** The row, locked for the change (NOT_FOUND when it is gone). */
  load: (trx: Trx, id: string) => Promise<Item>;
  /** Inserts the fields; returns the item as stored. */
  insert: (trx: Trx, fields: Fields) => Promise<Item>;
  /** Writes the fields (and updated_at); returns the item as stored. */
  update: (trx: Trx, id: string, fields: Fields) => Promise<Item>;
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

/** An item's editable fields, as the form sends them (TypeScript cannot see that dropping the meta fields of Fields & meta leaves Fields). */
function fieldsOf<Fields extends { isActive: boolean }>(item: LandingItem<Fields>): Fields {
  return auditedFields(item) as unknown as Fields;
}

/** Adds one item, audited with its fields. */
export async function createLandingItem<Fields extends { isActive: boolean }>(
  db: Db,
  adminId: string,
  spec: LandingItemTable<Fields>,
  fields: Fields,
): Promise<LandingItem<Fields>> {
  const item = await db.transaction().execute(async (trx) => {
    const created = await spec.insert(trx, fields);
    await writeAudit(trx, {
      adminId,
      action: `${spec.action}.create`,
      targetType: spec.targetType,
      targetId: created.id,
      newValues: auditedFields(created),
    });
    return created;
  });
  invalidateLandingCache(db);
  return item;
}

/** Edits one item; fields that did not change write nothing and are not audited. */
export async function updateLandingItem<Fields extends { isActive: boolean }>(
  db: Db,
  adminId: string,
  spec: LandingItemTable<Fields>,
  id: string,
  fields: Fields,
): Promise<LandingItem<Fields>> {
  const item = await db.transaction().execute(async (trx) => {
    const before = await spec.load(trx, id);
    const diff = diffValues<Record<string, unknown>>(auditedFields(before), fields);
    if (!diff) return before;
    const after = await spec.update(trx, id, fields);
    await writeAudit(trx, { adminId, action: `${spec.action}.update`, targetType: spec.targetType, targetId: id, ...diff });
    return after;
  });
  invalidateLandingCache(db);
  return item;
}

/** Shows or hides one item; an unchanged state writes nothing and is not audited. */
export async function toggleLandingItem<Fields extends { isActive: boolean }>(
  db: Db,
  adminId: string,
  spec: LandingItemTable<Fields>,
  id: string,
  isActive: boolean,
): Promise<LandingItem<Fields>> {
  const item = await db.transaction().execute(async (trx) => {
    const before = await spec.load(trx, id);
    if (before.isActive === isActive) return before;
    const after = await spec.update(trx, id, { ...fieldsOf(before), isActive });
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
export async function deleteLandingItem<Fields extends { isActive: boolean }>(
  db: Db,
  adminId: string,
  spec: LandingItemTable<Fields>,
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

// Kysely types a query by its one table; the two landing tables share these queries, so they are
// written once over a loosely typed handle and each table's `toItem` types its rows.
type LooseDb = Kysely<Record<string, Record<string, unknown>>>;
const loose = (db: Db | Trx) => db as unknown as LooseDb;

/**
 * The back-office service of one landing table (portfolio items, testimonials): its columns and how
 * a row maps to an item and fields to columns; listing, loading and the audited create, edit,
 * show/hide and delete are the same for both.
 */
export function landingItemService<Fields extends { isActive: boolean }, Row>(spec: {
  table: LandingItemTable<Fields>['table'];
  action: LandingItemTable<Fields>['action'];
  targetType: LandingItemTable<Fields>['targetType'];
  columns: readonly string[];
  toItem: (row: Row) => LandingItem<Fields>;
  toColumns: (fields: Fields) => Record<string, unknown>;
  label: (item: LandingItem<Fields>) => Record<string, unknown>;
}) {
  const { table, columns, toItem, toColumns } = spec;
  const asItem = (row: unknown) => toItem(row as Row);
  const TABLE: LandingItemTable<Fields> = {
    table,
    action: spec.action,
    targetType: spec.targetType,
    label: spec.label,
    load: async (trx, id) => {
      const row = await loose(trx).selectFrom(table).select(columns).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) throw new AppError('NOT_FOUND', M.common.notFound);
      return asItem(row);
    },
    insert: async (trx, f) => asItem(await loose(trx).insertInto(table).values(toColumns(f)).returning(columns).executeTakeFirstOrThrow()),
    update: async (trx, id, f) =>
      asItem(
        await loose(trx)
          .updateTable(table)
          .set({ ...toColumns(f), updated_at: new Date() })
          .where('id', '=', id)
          .returning(columns)
          .executeTakeFirstOrThrow(),
      ),
  };
  return {
    /** Every item, hidden ones included, in display order (docs/product.md §7). */
    list: async (db: Db): Promise<LandingItem<Fields>[]> =>
      (
        await loose(db)
          .selectFrom(table)
          .select(columns)
          .orderBy('display_order', 'asc')
          .orderBy('created_at', 'asc')
          .orderBy('id', 'asc')
          .execute()
      ).map(asItem),
    toggle: (db: Db, adminId: string, id: string, isActive: boolean) => toggleLandingItem(db, adminId, TABLE, id, isActive),
    remove: (db: Db, adminId: string, id: string) => deleteLandingItem(db, adminId, TABLE, id),
    create: (db: Db, adminId: string, f: Fields) => createLandingItem(db, adminId, TABLE, f),
    update: (db: Db, adminId: string, id: string, f: Fields) => updateLandingItem(db, adminId, TABLE, id, f),
  };
}
