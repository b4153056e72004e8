import { expect, test } from 'vitest';
import { migrationDatabase } from '../helpers/migration-db';
import { M, landingDefaults } from '../../shared/messages';
import { loadLanding } from '../../server/services/landing';

// Issue 38 item 5 on an install seeded before the landing had English: its seeded texts, stats,
// features, quotes and works get their English copy; what an admin wrote stays Turkish only (the
// English page shows it in Turkish until the admin writes English); down and up again.
const BEFORE = '2026-11-27T14-10-batch-photos';
const EN = landingDefaults('en');

const t = migrationDatabase();

async function seedOldInstall() {
  const db = t.old;
  await db
    .insertInto('site_content')
    .values([
      ...Object.entries(M.defaults.content).flatMap(([section, keys]) =>
        Object.entries(keys).map(([key, [value, description]]) => ({ section, key, value, description })),
      ),
    ])
    .execute();
  await db.updateTable('site_content').set({ value: 'Kendi başlığım' }).where('section', '=', 'cta').where('key', '=', 'title').execute();
  await db
    .insertInto('site_stats')
    .values(M.defaults.stats.map((s, i) => ({ ...s, display_order: i + 1, number: s.metric === 'upscale' ? '4K' : '' })))
    .execute();
  await db
    .insertInto('site_stats')
    .values({ number: '320', label: 'Kendi yazdığım', icon: 'Zap', icon_color: 'text-orange-600', display_order: 9 })
    .execute();
  await db
    .insertInto('features')
    .values(M.defaults.features.map((f, i) => ({ ...f, display_order: i + 1 })))
    .execute();
  await db.updateTable('features').set({ description: 'Benim açıklamam' }).where('title', '=', M.defaults.features[1].title).execute();
  await db
    .insertInto('testimonials')
    .values([...M.defaults.testimonials, { name: 'Gerçek Müşteri', company: 'Dükkan', rating: 5, text: 'Gerçekten kullandım.' }])
    .execute();
  await db
    .insertInto('portfolio_items')
    .values(
      M.defaults.portfolio.map((p, i) => ({
        ...p,
        before_image_url: `/api/files/public/portfolio/${i + 1}-before.jpg`,
        after_image_url: `/api/files/public/portfolio/${i + 1}-after.jpg`,
      })),
    )
    .execute();
}

test('seeded landing rows of an existing install get their English copy; admin-written ones stay Turkish; down and up again', async () => {
  expect((await t.migrator.migrateTo(BEFORE)).error).toBeUndefined();
  await seedOldInstall();
  expect((await t.migrator.migrateToLatest()).error).toBeUndefined();

  const hero = await t.h.db
    .selectFrom('site_content')
    .select('value_en')
    .where('section', '=', 'hero')
    .where('key', '=', 'title')
    .executeTakeFirstOrThrow();
  expect(hero.value_en).toBe(EN.content.hero.title);
  const legal = await t.h.db.selectFrom('site_content').select('value_en').where('section', '=', 'legal').execute();
  expect(legal.every((r) => r.value_en === null)).toBe(true);

  const en = await loadLanding(t.h.db, { upscale4k: true }, 'en');
  expect(en.content.hero).toEqual(EN.content.hero);
  // The admin's own Turkish title has no English yet: the English page shows it in Turkish.
  expect(en.content.cta.title).toBe('Kendi başlığım');
  expect(en.content.cta.button).toBe(EN.content.cta.button);
  expect(en.stats.map((s) => s.label)).toEqual(['Output resolution', 'Kendi yazdığım']);
  expect(en.features.map((f) => f.title)).toEqual([
    EN.features[0].title,
    M.defaults.features[1].title,
    EN.features[2].title,
    EN.features[3].title,
  ]);
  expect(en.features[1]!.description).toBe('Benim açıklamam');
  // (Rows inserted in one statement share their order and time: compared as sets.)
  expect(en.testimonials.map((t) => t.text).sort()).toEqual([...EN.testimonials.map((t) => t.text), 'Gerçekten kullandım.'].sort());
  expect(en.portfolio.map((p) => p.title).sort()).toEqual(EN.portfolio.map((p) => p.title).sort());
  // Turkish as before.
  const tr = await loadLanding(t.h.db, { upscale4k: true }, 'tr');
  expect(tr.content.hero.title).toBe(M.defaults.content.hero.title[0]);
  expect(tr.portfolio.map((p) => p.title).sort()).toEqual(M.defaults.portfolio.map((p) => p.title).sort());

  expect((await t.migrator.migrateTo(BEFORE)).error).toBeUndefined();
  expect((await t.migrator.migrateToLatest()).error).toBeUndefined();
  expect((await loadLanding(t.h.db, { upscale4k: true }, 'en')).content.hero.title).toBe(EN.content.hero.title);
});
