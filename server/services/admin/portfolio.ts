import type { z } from 'zod';
import type { ZPortfolioFields } from '../../../shared/schemas/admin';
import { landingItemService, type LandingItem } from './landingItems';
import { iso } from './search';

type Fields = z.output<typeof ZPortfolioFields>;

export type AdminPortfolioItem = LandingItem<Fields>;

const COLUMNS = [
  'id',
  'title',
  'title_en',
  'description',
  'description_en',
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
  title_en: string | null;
  description: string;
  description_en: string | null;
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
    titleEn: r.title_en,
    description: r.description,
    descriptionEn: r.description_en,
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
  title_en: f.titleEn,
  description: f.description,
  description_en: f.descriptionEn,
  category: f.category,
  before_image_url: f.beforeImageUrl,
  after_image_url: f.afterImageUrl,
  display_order: f.displayOrder,
  is_active: f.isActive,
});

const service = landingItemService<Fields, Row>({
  table: 'portfolio_items',
  action: 'portfolio',
  targetType: 'portfolio_item',
  columns: COLUMNS,
  toItem,
  toColumns,
  label: (item) => ({ title: item.title }),
});

export const {
  list: listPortfolio,
  toggle: togglePortfolio,
  remove: deletePortfolio,
  create: createPortfolio,
  update: updatePortfolio,
} = service;
