import type { Kysely } from 'kysely';

/**
 * The landing page in English (issue 38 item 5): the admin-edited site texts, stats, features,
 * customer quotes and reference works get a nullable English column beside the Turkish one. Empty
 * (null or blank) means "as in Turkish": the public page falls back to the Turkish text. Rows that
 * still hold a seeded Turkish text get its English copy; rows an admin wrote are left for the admin.
 * The texts are copied here (not imported) so this migration keeps meaning what it meant.
 */
const CONTENT: Array<[section: string, key: string, tr: string, en: string]> = [
  ['hero', 'title', 'Ürün fotoğraflarınızı yapay zekâ ile vitrine hazırlayın', 'Make your product photos shop-window ready with AI'],
  [
    'hero',
    'subtitle',
    'Tek bir ürün fotoğrafı yükleyin; filigransız 4 stüdyo görseli ve kısa bir ürün tanıtım videosu dakikalar içinde hazır.',
    'Upload one product photo; 4 watermark-free studio images and a short product video are ready within minutes.',
  ],
  ['hero', 'cta_primary', '10 Ücretsiz Kredi ile Başla', 'Start with 10 Free Credits'],
  ['hero', 'cta_secondary', 'Fiyatları İncele', 'See Pricing'],
  ['stats', 'title', 'Rakamlarla Vitrin AI', 'Vitrin AI in Numbers'],
  ['features', 'title', 'Neden Vitrin AI?', 'Why Vitrin AI?'],
  [
    'features',
    'subtitle',
    'Stüdyo, fotoğrafçı ve bekleme olmadan profesyonel ürün görselleri.',
    'Professional product images without a studio, a photographer or the wait.',
  ],
  ['portfolio', 'title', 'Referans Çalışmalarımız', 'Our Reference Work'],
  [
    'portfolio',
    'subtitle',
    'Satıcılarımızın ürün fotoğraflarının önce ve sonra hâlleri.',
    'Our sellers’ product photos, before and after.',
  ],
  ['testimonials', 'title', 'Müşterilerimiz Ne Diyor?', 'What Our Customers Say'],
  [
    'testimonials',
    'subtitle',
    'Türkiye’nin dört bir yanından e-ticaret satıcılarının deneyimleri.',
    'E-commerce sellers from all over Türkiye on their experience.',
  ],
  ['cta', 'title', 'Ürünleriniz hak ettiği vitrine kavuşsun', 'Give your products the shop window they deserve'],
  [
    'cta',
    'subtitle',
    'Kredi kartı gerekmeden 10 ücretsiz kredi ile hemen deneyin.',
    'Try it now with 10 free credits, no credit card needed.',
  ],
  ['cta', 'button', '10 Ücretsiz Kredi ile Başla', 'Start with 10 Free Credits'],
];

const STATS: Array<[tr: string, en: string]> = [
  ['Oluşturulan görsel', 'Images created'],
  ['Satıcı', 'Sellers'],
  ['Çıktı çözünürlüğü', 'Output resolution'],
  ['Ortalama üretim süresi', 'Average generation time'],
];

const FEATURES: Array<[tr: [string, string], en: [string, string]]> = [
  [
    [
      'Pazaryeri ölçülerinde',
      'Beyaz fonlu ana görsel ve sahneler; Trendyol, Hepsiburada, Amazon ve Instagram ölçülerinde tek tıkla indirin.',
    ],
    [
      'In marketplace sizes',
      'A white-background main image and scenes; download them in Trendyol, Hepsiburada, Amazon and Instagram sizes with one click.',
    ],
  ],
  [
    ['Filigransız ticari kullanım', 'Ürettiğiniz görselleri mağazanızda ve reklamlarınızda özgürce kullanın.'],
    ['Watermark-free commercial use', 'Use the images you create freely in your shop and in your ads.'],
  ],
  [
    ['Kısa ürün videoları', 'Tek fotoğraftan 5-10 saniyelik, 1080p hareketli tanıtım videosu; yatay (16:9) ya da dikey (9:16).'],
    ['Short product videos', 'A 5-10 second, 1080p moving promotional video from one photo; landscape (16:9) or portrait (9:16).'],
  ],
  [
    ['Dakikalar içinde hazır', 'Fotoğraf çekimi ve rötuş beklemeden, 4 farklı görsel bir dakikada elinizde.'],
    ['Ready within minutes', 'No photo shoot or retouching to wait for: 4 different images in your hands within a minute.'],
  ],
];

const TESTIMONIALS: Array<[tr: string, en: string]> = [
  [
    'Sehpa ve raf fotoğraflarımız artık katalog kalitesinde. Satışlarımız ilk ayda belirgin şekilde arttı.',
    'Our coffee table and shelf photos now look like catalogue shots. Our sales rose clearly in the first month.',
  ],
  [
    'Takı çekimleri için her hafta stüdyoya gidiyorduk. Şimdi tek fotoğrafla dört farklı görsel alıyoruz.',
    'We used to go to a studio every week for our jewellery shots. Now we get four different images from one photo.',
  ],
  [
    'Kırlent ve örtü ürünlerimizin videoları Instagram’da çok ilgi gördü. Kullanımı da son derece kolay.',
    'The videos of our cushions and throws drew a lot of attention on Instagram. It is very easy to use, too.',
  ],
];

const PORTFOLIO: Array<[tr: [string, string], en: [string, string]]> = [
  [
    ['Ceviz orta sehpa', 'Atölye fotoğrafından beyaz fonlu katalog görseline.'],
    ['Walnut coffee table', 'From a workshop photo to a white-background catalogue image.'],
  ],
  [
    ['Gümüş kolye', 'Telefon çekiminden koyu fonlu premium vitrin görseline.'],
    ['Silver necklace', 'From a phone shot to a premium dark-background shop image.'],
  ],
  [
    ['Deri cüzdan', 'Masa üstü çekimden sıcak tonlu yaşam tarzı görseline.'],
    ['Leather wallet', 'From a desk shot to a warm-toned lifestyle image.'],
  ],
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('site_content').addColumn('value_en', 'text').execute();
  await db.schema.alterTable('site_stats').addColumn('label_en', 'text').execute();
  await db.schema.alterTable('features').addColumn('title_en', 'text').addColumn('description_en', 'text').execute();
  await db.schema.alterTable('testimonials').addColumn('text_en', 'text').execute();
  await db.schema.alterTable('portfolio_items').addColumn('title_en', 'text').addColumn('description_en', 'text').execute();

  for (const [section, key, tr, en] of CONTENT) {
    await db
      .updateTable('site_content')
      .set({ value_en: en })
      .where('section', '=', section)
      .where('key', '=', key)
      .where('value', '=', tr)
      .execute();
  }
  for (const [tr, en] of STATS) {
    await db.updateTable('site_stats').set({ label_en: en }).where('label', '=', tr).where('metric', 'is not', null).execute();
  }
  for (const [[title, description], [titleEn, descriptionEn]] of FEATURES) {
    await db
      .updateTable('features')
      .set({ title_en: titleEn, description_en: descriptionEn })
      .where('title', '=', title)
      .where('description', '=', description)
      .execute();
  }
  for (const [tr, en] of TESTIMONIALS) {
    await db.updateTable('testimonials').set({ text_en: en }).where('text', '=', tr).execute();
  }
  for (const [[title, description], [titleEn, descriptionEn]] of PORTFOLIO) {
    await db
      .updateTable('portfolio_items')
      .set({ title_en: titleEn, description_en: descriptionEn })
      .where('title', '=', title)
      .where('description', '=', description)
      .where('before_image_url', 'like', '/api/files/public/portfolio/%-before.jpg')
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('portfolio_items').dropColumn('title_en').dropColumn('description_en').execute();
  await db.schema.alterTable('testimonials').dropColumn('text_en').execute();
  await db.schema.alterTable('features').dropColumn('title_en').dropColumn('description_en').execute();
  await db.schema.alterTable('site_stats').dropColumn('label_en').execute();
  await db.schema.alterTable('site_content').dropColumn('value_en').execute();
}
