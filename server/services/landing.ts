import type { Db } from '../db';
import type { ContentSection } from '../db/types';
import { M } from '../../shared/messages';
import { cachedRead, invalidateRead } from './read-cache';
import { liveStatNumbers, type LandingClaims } from './landing-stats';

/** What the public landing page renders (`content.landing`). */
export type { LandingClaims };
export type LandingStat = { id: string; number: string; label: string; icon: string; iconColor: string };
export type LandingFeature = { id: string; title: string; description: string; icon: string; iconColor: string };
export type LandingTestimonial = {
  id: string;
  name: string;
  company: string | null;
  imageUrl: string | null;
  text: string;
  rating: number;
};
export type LandingPortfolioItem = {
  id: string;
  title: string;
  description: string;
  category: string;
  beforeImageUrl: string;
  afterImageUrl: string;
};
export type LandingContent = Record<ContentSection, Record<string, string>>;
export type LandingData = {
  content: LandingContent;
  /** What this install can truthfully promise (the hero's claims, the "4K" stat). */
  claims: LandingClaims;
  stats: LandingStat[];
  features: LandingFeature[];
  testimonials: LandingTestimonial[];
  portfolio: LandingPortfolioItem[];
};

/** Seeded site texts (M.defaults.content) as plain section → key → value. */
function defaultContent(): LandingContent {
  const out = { hero: {}, portfolio: {}, testimonials: {}, features: {}, stats: {}, cta: {} } as LandingContent;
  for (const [section, keys] of Object.entries(M.defaults.content)) {
    const target = (out[section as ContentSection] ??= {});
    for (const [key, [value]] of Object.entries(keys)) target[key] = value;
  }
  return out;
}

const DEFAULT_FEATURES: LandingFeature[] = M.defaults.features.map((f, i) => ({
  id: `default-feature-${i + 1}`,
  title: f.title,
  description: f.description,
  icon: f.icon,
  iconColor: f.icon_color,
}));
/**
 * Features use the server's rows when there are any, else the built-in defaults. A table whose rows
 * an admin has all hidden stays empty (the admin's choice); only an empty table falls back. Stats and
 * testimonials never fall back: a made-up figure or quote is not shown on an install that has none.
 */
async function withFallback<T>(db: Db, table: 'features', active: T[], defaults: T[]): Promise<T[]> {
  if (active.length > 0) return active;
  const any = await db.selectFrom(table).select('id').limit(1).executeTakeFirst();
  return any ? [] : defaults;
}

/**
 * Reads everything the landing page needs: active rows only, by display order (docs/product.md §6/§7). A stat
 * bound to a figure of this install shows that figure and is left out while it is zero; `claims`
 * says what this install's configuration makes true (the "4K" stat needs the upscaler).
 */
export async function loadLanding(db: Db, claims: LandingClaims): Promise<LandingData> {
  const [contentRows, statRows, featureRows, testimonialRows, portfolioRows] = await landingRows(db);
  const content = contentOver(contentRows);
  const [live, features] = await Promise.all([
    liveStatNumbers(db, statRows, claims),
    withFallback(
      db,
      'features',
      featureRows.map((r) => ({ id: r.id, title: r.title, description: r.description, icon: r.icon, iconColor: r.icon_color })),
      DEFAULT_FEATURES,
    ),
  ]);
  const stats = statRows.flatMap((r) => {
    const number = live.get(r.id);
    return number === null ? [] : [{ id: r.id, number: number ?? r.number, label: r.label, icon: r.icon, iconColor: r.icon_color }];
  });

  return {
    content,
    claims,
    stats,
    features,
    testimonials: testimonialRows.map((r) => ({
      id: r.id,
      name: r.name,
      company: r.company,
      imageUrl: r.image_url || null,
      text: r.text,
      rating: Math.min(5, Math.max(1, r.rating)),
    })),
    portfolio: portfolioRows.map((r) => ({
      id: r.id,
      title: r.title,
      description: r.description,
      category: r.category,
      beforeImageUrl: r.before_image_url,
      afterImageUrl: r.after_image_url,
    })),
  };
}

/** The landing's rows: every text, and the active stats, features, testimonials and works in display order. */
function landingRows(db: Db) {
  return Promise.all([
    db.selectFrom('site_content').select(['section', 'key', 'value']).execute(),
    db
      .selectFrom('site_stats')
      .select(['id', 'number', 'label', 'icon', 'icon_color', 'metric'])
      .where('is_active', '=', true)
      .orderBy('display_order', 'asc')
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute(),
    db
      .selectFrom('features')
      .select(['id', 'title', 'description', 'icon', 'icon_color'])
      .where('is_active', '=', true)
      .orderBy('display_order', 'asc')
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute(),
    db
      .selectFrom('testimonials')
      .select(['id', 'name', 'company', 'image_url', 'text', 'rating'])
      .where('is_active', '=', true)
      .orderBy('display_order', 'asc')
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute(),
    db
      .selectFrom('portfolio_items')
      .select(['id', 'title', 'description', 'category', 'before_image_url', 'after_image_url'])
      .where('is_active', '=', true)
      .orderBy('display_order', 'asc')
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute(),
  ]);
}

/** Seeded texts first, the database's values over them: a text an admin cleared falls back too. */
function contentOver(contentRows: Array<{ section: ContentSection; key: string; value: string }>): LandingContent {
  const content = defaultContent();
  for (const row of contentRows) {
    if (row.value.trim() === '') continue;
    (content[row.section] ??= {})[row.key] = row.value;
  }
  return content;
}

/**
 * The landing page is the busiest read and changes only when an admin edits it: served from
 * memory in every process (services/read-cache.ts says how copies are dropped).
 */
export function getLanding(db: Db, claims: LandingClaims): Promise<LandingData> {
  return cachedRead('landing', db, () => loadLanding(db, claims));
}

/** Call after any admin change to site content, stats, features, testimonials or portfolio. */
export function invalidateLandingCache(db?: Db): void {
  invalidateRead('landing', db);
}
