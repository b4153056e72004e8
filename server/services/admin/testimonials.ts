import type { z } from 'zod';
import type { Db } from '../../db';
import { AppError } from '../../errors';
import { M } from '../../../shared/messages';
import type { ZTestimonialFields } from '../../../shared/schemas/admin';
import {
  createLandingItem,
  deleteLandingItem,
  toggleLandingItem,
  updateLandingItem,
  type LandingItem,
  type LandingItemTable,
} from './landingItems';
import { iso } from './search';

type Fields = z.output<typeof ZTestimonialFields>;

export type AdminTestimonial = LandingItem<Fields>;

const COLUMNS = ['id', 'name', 'company', 'image_url', 'text', 'rating', 'display_order', 'is_active', 'created_at', 'updated_at'] as const;

type Row = {
  id: string;
  name: string;
  company: string | null;
  image_url: string | null;
  text: string;
  rating: number;
  display_order: number;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
};

function toItem(r: Row): AdminTestimonial {
  return {
    id: r.id,
    name: r.name,
    company: r.company,
    imageUrl: r.image_url || null,
    text: r.text,
    rating: r.rating,
    displayOrder: r.display_order,
    isActive: r.is_active,
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
  };
}

const toColumns = (f: Fields) => ({
  name: f.name,
  company: f.company,
  image_url: f.imageUrl,
  text: f.text,
  rating: f.rating,
  display_order: f.displayOrder,
  is_active: f.isActive,
});

/** Every testimonial, hidden ones included, in display order (docs/product.md §7). */
export async function listTestimonials(db: Db): Promise<AdminTestimonial[]> {
  const rows = await db
    .selectFrom('testimonials')
    .select(COLUMNS)
    .orderBy('display_order', 'asc')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(toItem);
}

async function load(db: Db, id: string): Promise<AdminTestimonial> {
  const row = await db.selectFrom('testimonials').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', M.common.notFound);
  return toItem(row);
}

/** This table for the shared create, edit, show/hide and delete (landingItems.ts). */
const TABLE: LandingItemTable<Fields> = {
  table: 'testimonials',
  action: 'testimonial',
  targetType: 'testimonial',
  load,
  insert: async (trx, f) => toItem(await trx.insertInto('testimonials').values(toColumns(f)).returning(COLUMNS).executeTakeFirstOrThrow()),
  update: async (trx, id, f) =>
    toItem(
      await trx
        .updateTable('testimonials')
        .set({ ...toColumns(f), updated_at: new Date() })
        .where('id', '=', id)
        .returning(COLUMNS)
        .executeTakeFirstOrThrow(),
    ),
  label: (item) => ({ name: item.name }),
};

export function toggleTestimonial(db: Db, adminId: string, id: string, isActive: boolean): Promise<AdminTestimonial> {
  return toggleLandingItem(db, adminId, TABLE, id, isActive);
}

export function deleteTestimonial(db: Db, adminId: string, id: string): Promise<{ id: string }> {
  return deleteLandingItem(db, adminId, TABLE, id);
}

export function createTestimonial(db: Db, adminId: string, f: Fields): Promise<AdminTestimonial> {
  return createLandingItem(db, adminId, TABLE, f);
}

export function updateTestimonial(db: Db, adminId: string, id: string, f: Fields): Promise<AdminTestimonial> {
  return updateLandingItem(db, adminId, TABLE, id, f);
}
