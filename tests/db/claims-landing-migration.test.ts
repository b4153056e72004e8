import { expect, test } from 'vitest';
import { migrationDatabase } from '../helpers/migration-db';
import { M } from '../../shared/messages';
import { loadLanding } from '../../server/services/landing';

// An install seeded before claims had to be true: its made-up figures become counted ones, its
// example quotes and drawn works become drafts, its 4K/360 texts true ones. What an admin wrote
// stays as it is; down and up again restore and redo it.
const BEFORE = '2026-11-25T10-00-upload-retention';
const OLD_HERO =
  'Tek bir ürün fotoğrafı yükleyin; 4K çözünürlükte, filigransız 4 stüdyo görseli ve 360 derece ürün videosu dakikalar içinde hazır.';

const t = migrationDatabase();

async function seedOldInstall() {
  const db = t.old;
  await db
    .insertInto('site_stats')
    .values([
      { number: '50.000+', label: 'Oluşturulan görsel', icon: 'Camera', icon_color: 'text-blue-600', display_order: 1 },
      { number: '2.500+', label: 'Mutlu satıcı', icon: 'Users', icon_color: 'text-green-600', display_order: 2 },
      { number: '4K', label: 'Çıktı çözünürlüğü', icon: 'Sparkles', icon_color: 'text-purple-600', display_order: 3 },
      { number: '60 sn', label: 'Ortalama üretim süresi', icon: 'Clock', icon_color: 'text-orange-600', display_order: 4 },
      { number: '320', label: 'Kendi yazdığım', icon: 'Zap', icon_color: 'text-orange-600', display_order: 5 },
    ])
    .execute();
  await db
    .insertInto('testimonials')
    .values([
      ...M.defaults.testimonials.map((t) => ({ ...t })),
      { name: 'Gerçek Müşteri', company: 'Dükkan', rating: 5, text: 'Gerçekten kullandım.' },
    ])
    .execute();
  await db
    .insertInto('portfolio_items')
    .values([
      ...M.defaults.portfolio.map((p, i) => ({
        ...p,
        before_image_url: `/api/files/public/portfolio/${i + 1}-before.jpg`,
        after_image_url: `/api/files/public/portfolio/${i + 1}-after.jpg`,
      })),
      {
        title: 'Gerçek iş',
        category: 'Takı',
        description: '',
        before_image_url: '/api/files/public/admin/a.jpg',
        after_image_url: '/b.jpg',
      },
    ])
    .execute();
  await db
    .insertInto('features')
    .values([
      {
        title: '4K stüdyo kalitesi',
        description: 'Her görsel 4K çözünürlükte, pazaryeri standartlarına uygun hazırlanır.',
        icon: 'Sparkles',
        icon_color: 'text-purple-600',
        display_order: 1,
      },
      {
        title: '360 derece ürün videoları',
        description: 'Tek fotoğraftan ürününüzün etrafında dönen akıcı tanıtım videoları.',
        icon: 'Video',
        icon_color: 'text-blue-600',
        display_order: 2,
      },
    ])
    .execute();
  await db.insertInto('site_content').values({ section: 'hero', key: 'subtitle', value: OLD_HERO }).execute();
}

test('seeded claims of an existing install become true ones; admin-written rows are kept; down and up again', async () => {
  expect((await t.migrator.migrateTo(BEFORE)).error).toBeUndefined();
  await seedOldInstall();
  expect((await t.migrator.migrateToLatest()).error).toBeUndefined();

  const stats = await t.h.db.selectFrom('site_stats').select(['number', 'label', 'metric']).orderBy('display_order').execute();
  expect(stats).toEqual([
    { number: '', label: 'Oluşturulan görsel', metric: 'images' },
    { number: '', label: 'Satıcı', metric: 'sellers' },
    { number: '4K', label: 'Çıktı çözünürlüğü', metric: 'upscale' },
    { number: '', label: 'Ortalama üretim süresi', metric: 'avg_seconds' },
    { number: '320', label: 'Kendi yazdığım', metric: null },
  ]);
  const landing = await loadLanding(t.h.db, { upscale4k: false });
  expect(landing.stats.map((s) => s.number)).toEqual(['320']);
  expect(landing.testimonials.map((t) => t.name)).toEqual(['Gerçek Müşteri']);
  expect(landing.portfolio.map((p) => p.title)).toEqual(['Gerçek iş']);
  expect(landing.features.map((f) => f.title)).toEqual(['Pazaryeri ölçülerinde', 'Kısa ürün videoları']);
  expect(landing.features.map((f) => f.description)).toEqual(
    M.defaults.features.filter((f) => /Pazaryeri|videoları/.test(f.title)).map((f) => f.description),
  );
  expect(landing.content.hero.subtitle).toBe(M.defaults.content.hero.subtitle[0]);
  expect(JSON.stringify(landing)).not.toMatch(/4K|360 derece|2\.500\+|Mutlu/);

  expect((await t.migrator.migrateTo(BEFORE)).error).toBeUndefined();
  const restored = await t.h.db.selectFrom('site_content').select('value').where('key', '=', 'subtitle').executeTakeFirstOrThrow();
  expect(restored.value).toBe(OLD_HERO);
  expect((await t.migrator.migrateToLatest()).error).toBeUndefined();
  const again = await loadLanding(t.h.db, { upscale4k: true });
  expect(again.stats.map((s) => s.number)).toEqual(['4K', '320']);
  expect(again.testimonials.map((t) => t.name)).toEqual(['Gerçek Müşteri']);
});
