import type { Db } from '../db';
import type { Env } from '../env';
import type { ContentSection } from '../db/types';
import { M, landingDefaults } from '../../shared/messages';
import { seedSettings } from '../services/settings';
import { ensureFirstAdmin } from '../services/admin/accounts';

type SeedOptions = { env: Env; log: (line: string) => void; seedPortfolio?: (db: Db) => Promise<void> };

/**
 * Idempotent first-start seed. Settings and site texts fill in missing keys only; the
 * stats, features, testimonials and portfolio lists are seeded once, on the very first start
 * (no site content yet), so an admin who deletes them is not overruled on restart. Seeded stats
 * count this install's own figures; seeded testimonials and reference works are unpublished drafts.
 */
export async function seed(db: Db, opts: SeedOptions): Promise<void> {
  await seedSettings(db);
  await ensureFirstAdmin(db, { email: opts.env.ADMIN_EMAIL, password: opts.env.ADMIN_PASSWORD, log: opts.log });

  const firstStart = !(await db.selectFrom('site_content').select('id').limit(1).executeTakeFirst());
  // The landing's texts in both languages (issue 38 item 5); the legal pages are Turkish only.
  const EN = landingDefaults('en');
  const english = (section: string, key: string): string | null =>
    (EN.content as Record<string, Record<string, string> | undefined>)[section]?.[key] ?? null;
  const content = Object.entries(M.defaults.content).flatMap(([section, keys]) =>
    Object.entries(keys).map(([key, [value, description]]) => ({
      section: section as ContentSection,
      key,
      value,
      value_en: english(section, key),
      description,
    })),
  );
  await db
    .insertInto('site_content')
    .values(content)
    .onConflict((oc) => oc.columns(['section', 'key']).doNothing())
    .execute();
  if (!firstStart) return;

  const ordered = <T>(rows: readonly T[]) => rows.map((row, i) => ({ ...row, display_order: i + 1 }));
  await db
    .insertInto('site_stats')
    .values(ordered(M.defaults.stats).map((row, i) => ({ ...row, label_en: EN.stats[i]!.label })))
    .execute();
  await db
    .insertInto('features')
    .values(
      ordered(M.defaults.features).map((row, i) => ({
        ...row,
        title_en: EN.features[i]!.title,
        description_en: EN.features[i]!.description,
      })),
    )
    .execute();
  // Example quotes and works are drafts: an admin replaces them with real ones and publishes them.
  await db
    .insertInto('testimonials')
    .values(ordered(M.defaults.testimonials).map((row, i) => ({ ...row, text_en: EN.testimonials[i]!.text, is_active: false })))
    .execute();
  if (opts.seedPortfolio) await opts.seedPortfolio(db);
}
