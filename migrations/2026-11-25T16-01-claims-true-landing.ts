import { type Kysely, sql } from 'kysely';

/**
 * Claims that are true of the install. A landing stat may be bound to a figure the install counts
 * itself (`site_stats.metric`); the four seeded made-up figures become those figures (or, for "4K",
 * are shown only with an upscaler). The seeded example testimonials and drawn reference works
 * become drafts an admin publishes. The seeded "4K" and "360 derece" feature and hero texts get
 * true ones. Rows and texts an admin changed are left alone: each update matches the seeded values.
 * The texts are copied here (not imported) so this migration keeps meaning what it meant.
 */
const STATS: Array<{ number: string; label: string; metric: string; newNumber: string; newLabel: string }> = [
  { number: '50.000+', label: 'Oluşturulan görsel', metric: 'images', newNumber: '', newLabel: 'Oluşturulan görsel' },
  { number: '2.500+', label: 'Mutlu satıcı', metric: 'sellers', newNumber: '', newLabel: 'Satıcı' },
  { number: '4K', label: 'Çıktı çözünürlüğü', metric: 'upscale', newNumber: '4K', newLabel: 'Çıktı çözünürlüğü' },
  { number: '60 sn', label: 'Ortalama üretim süresi', metric: 'avg_seconds', newNumber: '', newLabel: 'Ortalama üretim süresi' },
];

const TESTIMONIALS = [
  ['Elif Yılmaz', 'Sehpa ve raf fotoğraflarımız artık katalog kalitesinde. Satışlarımız ilk ayda belirgin şekilde arttı.'],
  ['Mert Kaya', 'Takı çekimleri için her hafta stüdyoya gidiyorduk. Şimdi tek fotoğrafla dört farklı görsel alıyoruz.'],
  ['Zeynep Demir', 'Kırlent ve örtü ürünlerimizin videoları Instagram’da çok ilgi gördü. Kullanımı da son derece kolay.'],
];

const PORTFOLIO_TITLES = ['Ceviz orta sehpa', 'Gümüş kolye', 'Deri cüzdan'];

const FEATURES: Array<[old: [string, string], next: [string, string]]> = [
  [
    ['4K stüdyo kalitesi', 'Her görsel 4K çözünürlükte, pazaryeri standartlarına uygun hazırlanır.'],
    [
      'Pazaryeri ölçülerinde',
      'Beyaz fonlu ana görsel ve sahneler; Trendyol, Hepsiburada, Amazon ve Instagram ölçülerinde tek tıkla indirin.',
    ],
  ],
  [
    ['360 derece ürün videoları', 'Tek fotoğraftan ürününüzün etrafında dönen akıcı tanıtım videoları.'],
    ['Kısa ürün videoları', 'Tek fotoğraftan 5-10 saniyelik, 1080p hareketli tanıtım videosu; yatay (16:9) ya da dikey (9:16).'],
  ],
];

const HERO_SUBTITLE: [old: string, next: string] = [
  'Tek bir ürün fotoğrafı yükleyin; 4K çözünürlükte, filigransız 4 stüdyo görseli ve 360 derece ürün videosu dakikalar içinde hazır.',
  'Tek bir ürün fotoğrafı yükleyin; filigransız 4 stüdyo görseli ve kısa bir ürün tanıtım videosu dakikalar içinde hazır.',
];

async function swapTexts(db: Kysely<any>, forward: boolean): Promise<void> {
  for (const [old, next] of FEATURES) {
    const [from, to] = forward ? [old, next] : [next, old];
    await db
      .updateTable('features')
      .set({ title: to[0], description: to[1], updated_at: sql`now()` })
      .where('title', '=', from[0])
      .where('description', '=', from[1])
      .execute();
  }
  const [from, to] = forward ? HERO_SUBTITLE : [HERO_SUBTITLE[1], HERO_SUBTITLE[0]];
  await db
    .updateTable('site_content')
    .set({ value: to })
    .where('section', '=', 'hero')
    .where('key', '=', 'subtitle')
    .where('value', '=', from)
    .execute();
}

async function setSeededDrafts(db: Kysely<any>, active: boolean): Promise<void> {
  for (const [name, text] of TESTIMONIALS) {
    await db.updateTable('testimonials').set({ is_active: active }).where('name', '=', name!).where('text', '=', text!).execute();
  }
  await db
    .updateTable('portfolio_items')
    .set({ is_active: active })
    .where('title', 'in', PORTFOLIO_TITLES)
    .where('before_image_url', 'like', '/api/files/public/portfolio/%-before.jpg')
    .execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('site_stats')
    .addColumn('metric', 'text', (c) => c.check(sql`metric in ('images', 'videos', 'sellers', 'avg_seconds', 'upscale')`))
    .execute();
  for (const s of STATS) {
    await db
      .updateTable('site_stats')
      .set({ metric: s.metric, number: s.newNumber, label: s.newLabel })
      .where('number', '=', s.number)
      .where('label', '=', s.label)
      .execute();
  }
  await setSeededDrafts(db, false);
  await swapTexts(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await swapTexts(db, false);
  await setSeededDrafts(db, true);
  for (const s of STATS) {
    await db
      .updateTable('site_stats')
      .set({ number: s.number, label: s.label })
      .where('metric', '=', s.metric)
      .where('label', '=', s.newLabel)
      .execute();
  }
  await db.schema.alterTable('site_stats').dropColumn('metric').execute();
}
