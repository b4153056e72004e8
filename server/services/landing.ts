import type { Db } from '../db';
import type { ContentSection } from '../db/types';
import { M, landingDefaults } from '../../shared/messages';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/messages/language';
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

/** Seeded site texts in one language as plain section → key → value (the legal pages' texts are Turkish only). */
function defaultContent(language: Language): LandingContent {
  const out = { hero: {}, portfolio: {}, testimonials: {}, features: {}, stats: {}, cta: {} } as LandingContent;
  for (const [section, keys] of Object.entries(landingDefaults(language).content)) {
    Object.assign((out[section as ContentSection] ??= {}), keys);
  }
  for (const [key, [value]] of Object.entries(M.defaults.content.legal)) (out.legal ??= {})[key] = value;
  return out;
}

/** The built-in features, shown while the table is empty. */
function defaultFeatures(language: Language): LandingFeature[] {
  const texts = landingDefaults(language).features;
  return M.defaults.features.map((f, i) => ({
    id: `default-feature-${i + 1}`,
    title: texts[i]!.title,
    description: texts[i]!.description,
    icon: f.icon,
    iconColor: f.icon_color,
  }));
}

/** The English text where the admin wrote one, else the Turkish (issue 38 item 5: blank means "as in Turkish"). */
function pick(language: Language, tr: string, en: string | null): string {
  return language === 'en' && en !== null && en.trim() !== '' ? en : tr;
}

/**
 * Features use the server's rows when there are any, else the built-in defaults. A table whose rows
 * an admin has all hidden stays empty (the admin's choice); only an empty table falls back. Stats and
 * testimonials never fall back: a made-up figure or quote is not shown on an install that has none.
 */
async function featuresEmpty(db: Db, active: readonly unknown[]): Promise<boolean> {
  if (active.length > 0) return false;
  return !(await db.selectFrom('features').select('id').limit(1).executeTakeFirst());
}

/** The landing in each language, from one read of the rows. */
type BilingualLanding = Record<Language, LandingData>;

/**
 * Reads everything the landing page needs: active rows only, by display order (docs/product.md §6/§7), in
 * each language: the English column where the admin filled it, else the Turkish one. A stat bound to a
 * figure of this install shows that figure and is left out while it is zero; `claims` says what this
 * install's configuration makes true (the "4K" stat needs the upscaler).
 */
async function loadBoth(db: Db, claims: LandingClaims): Promise<BilingualLanding> {
  const [contentRows, statRows, featureRows, testimonialRows, portfolioRows] = await landingRows(db);
  const [live, noFeatures] = await Promise.all([liveStatNumbers(db, statRows, claims), featuresEmpty(db, featureRows)]);
  const one = (language: Language): LandingData => ({
    content: contentOver(language, contentRows),
    claims,
    stats: statRows.flatMap((r) => {
      const number = live.get(r.id);
      if (number === null) return [];
      const label = pick(language, r.label, r.label_en);
      return [{ id: r.id, number: number?.[language] ?? r.number, label, icon: r.icon, iconColor: r.icon_color }];
    }),
    features: noFeatures
      ? defaultFeatures(language)
      : featureRows.map((r) => ({
          id: r.id,
          title: pick(language, r.title, r.title_en),
          description: pick(language, r.description, r.description_en),
          icon: r.icon,
          iconColor: r.icon_color,
        })),
    testimonials: testimonialRows.map((r) => ({
      id: r.id,
      name: r.name,
      company: r.company,
      imageUrl: r.image_url || null,
      text: pick(language, r.text, r.text_en),
      rating: Math.min(5, Math.max(1, r.rating)),
    })),
    portfolio: portfolioRows.map((r) => ({
      id: r.id,
      title: pick(language, r.title, r.title_en),
      description: pick(language, r.description, r.description_en),
      category: r.category,
      beforeImageUrl: r.before_image_url,
      afterImageUrl: r.after_image_url,
    })),
  });
  return { tr: one('tr'), en: one('en') };
}

/** The landing page in one language (Turkish unless told). */
export async function loadLanding(db: Db, claims: LandingClaims, language: Language = DEFAULT_LANGUAGE): Promise<LandingData> {
  return (await loadBoth(db, claims))[language];
}

/** The landing's rows: every text, and the active stats, features, testimonials and works in display order. */
function landingRows(db: Db) {
  return Promise.all([
    db.selectFrom('site_content').select(['section', 'key', 'value', 'value_en']).execute(),
    db
      .selectFrom('site_stats')
      .select(['id', 'number', 'label', 'label_en', 'icon', 'icon_color', 'metric'])
      .where('is_active', '=', true)
      .orderBy('display_order', 'asc')
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute(),
    db
      .selectFrom('features')
      .select(['id', 'title', 'title_en', 'description', 'description_en', 'icon', 'icon_color'])
      .where('is_active', '=', true)
      .orderBy('display_order', 'asc')
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute(),
    db
      .selectFrom('testimonials')
      .select(['id', 'name', 'company', 'image_url', 'text', 'text_en', 'rating'])
      .where('is_active', '=', true)
      .orderBy('display_order', 'asc')
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute(),
    db
      .selectFrom('portfolio_items')
      .select(['id', 'title', 'title_en', 'description', 'description_en', 'category', 'before_image_url', 'after_image_url'])
      .where('is_active', '=', true)
      .orderBy('display_order', 'asc')
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute(),
  ]);
}

/**
 * Seeded texts first, the database's values over them: a text an admin cleared falls back too. In
 * English: the row's English text, else its Turkish one (the admin's Turkish edit is newer than the
 * seeded English), else the seeded English text when the row is missing.
 */
function contentOver(
  language: Language,
  contentRows: Array<{ section: ContentSection; key: string; value: string; value_en: string | null }>,
): LandingContent {
  const content = defaultContent(language);
  for (const row of contentRows) {
    const value = pick(language, row.value, row.value_en);
    if (value.trim() === '') continue;
    (content[row.section] ??= {})[row.key] = value;
  }
  return content;
}

/**
 * The landing page is the busiest read and changes only when an admin edits it: served from
 * memory in every process (services/read-cache.ts says how copies are dropped).
 */
export async function getLanding(db: Db, claims: LandingClaims, language: Language = DEFAULT_LANGUAGE): Promise<LandingData> {
  return (await cachedRead('landing', db, () => loadBoth(db, claims)))[language];
}

/** Call after any admin change to site content, stats, features, testimonials or portfolio. */
export function invalidateLandingCache(db?: Db): void {
  invalidateRead('landing', db);
}
