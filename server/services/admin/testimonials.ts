import type { z } from 'zod';
import type { ZTestimonialFields } from '../../../shared/schemas/admin';
import { landingItemService, type LandingItem } from './landingItems';
import { iso } from './search';

type Fields = z.output<typeof ZTestimonialFields>;

export type AdminTestimonial = LandingItem<Fields>;

const COLUMNS = [
  'id',
  'name',
  'company',
  'image_url',
  'text',
  'text_en',
  'rating',
  'display_order',
  'is_active',
  'created_at',
  'updated_at',
] as const;

type Row = {
  id: string;
  name: string;
  company: string | null;
  image_url: string | null;
  text: string;
  text_en: string | null;
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
    textEn: r.text_en,
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
  text_en: f.textEn,
  rating: f.rating,
  display_order: f.displayOrder,
  is_active: f.isActive,
});

const service = landingItemService<Fields, Row>({
  table: 'testimonials',
  action: 'testimonial',
  targetType: 'testimonial',
  columns: COLUMNS,
  toItem,
  toColumns,
  label: (item) => ({ name: item.name }),
});

export const {
  list: listTestimonials,
  toggle: toggleTestimonial,
  remove: deleteTestimonial,
  create: createTestimonial,
  update: updateTestimonial,
} = service;
