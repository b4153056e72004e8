import type { z } from 'zod';
import type { Db } from '../../db';
import { AppError } from '../../errors';
import { M } from '../../../shared/messages';
import type { ZPortfolioFields } from '../../../shared/schemas/admin';
import {
  createLandingItem,
  deleteLandingItem,
  toggleLandingItem,
  updateLandingItem,
  type LandingItem,
  type LandingItemTable,
} from './landingItems';
import { iso } from './search';

type Fields = z.output<typeof ZPortfolioFields>;

export type AdminPortfolioItem = LandingItem<Fields>;

const COLUMNS = [
  'id',
  'title',
  'description',
  'category',
  'before_image_url',
  'after_image_url',
  'display_order',
  'is_active',
  'created_at',
  'updated_at',
] as const;

type Row = {
  id: string;
  title: string;
  description: string;
  category: string;
  before_image_url: string;
  after_image_url: string;
  display_order: number;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
};

function toItem(r: Row): AdminPortfolioItem {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    category: r.category as Fields['category'],
    beforeImageUrl: r.before_image_url,
    afterImageUrl: r.after_image_url,
    displayOrder: r.display_order,
    isActive: r.is_active,
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
  };
}

const toColumns = (f: Fields) => ({
  title: f.title,
  description: f.description,
  category: f.category,
  before_image_url: f.beforeImageUrl,
  after_image_url: f.afterImageUrl,
  display_order: f.displayOrder,
  is_active: f.isActive,
});

/** Every item, hidden ones included, in display order (docs/product.md §7). */
export async function listPortfolio(db: Db): Promise<AdminPortfolioItem[]> {
  const rows = await db
    .selectFrom('portfolio_items')
    .select(COLUMNS)
    .orderBy('display_order', 'asc')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(toItem);
}

async function load(db: Db, id: string): Promise<AdminPortfolioItem> {
  const row = await db.selectFrom('portfolio_items').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', M.common.notFound);
  return toItem(row);
}

/** This table for the shared create, edit, show/hide and delete (landingItems.ts). */
const TABLE: LandingItemTable<Fields> = {
  table: 'portfolio_items',
  action: 'portfolio',
  targetType: 'portfolio_item',
  load,
  insert: async (trx, f) =>
    toItem(await trx.insertInto('portfolio_items').values(toColumns(f)).returning(COLUMNS).executeTakeFirstOrThrow()),
  update: async (trx, id, f) =>
    toItem(
      await trx
        .updateTable('portfolio_items')
        .set({ ...toColumns(f), updated_at: new Date() })
        .where('id', '=', id)
        .returning(COLUMNS)
        .executeTakeFirstOrThrow(),
    ),
  label: (item) => ({ title: item.title }),
};

export function togglePortfolio(db: Db, adminId: string, id: string, isActive: boolean): Promise<AdminPortfolioItem> {
  return toggleLandingItem(db, adminId, TABLE, id, isActive);
}

export function deletePortfolio(db: Db, adminId: string, id: string): Promise<{ id: string }> {
  return deleteLandingItem(db, adminId, TABLE, id);
}

export function createPortfolio(db: Db, adminId: string, f: Fields): Promise<AdminPortfolioItem> {
  return createLandingItem(db, adminId, TABLE, f);
}

export function updatePortfolio(db: Db, adminId: string, id: string, f: Fields): Promise<AdminPortfolioItem> {
  return updateLandingItem(db, adminId, TABLE, id, f);
}
