import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callerWorld, type CallerClient, type CallerWorld } from '../helpers/caller';
import { adminClient } from '../admin/helpers';
import { M, landingDefaults } from '../../shared/messages';
import { invalidateLandingCache } from '../../server/services/landing';
import type { Db } from '../../server/db';

// Issue 38 item 5: the landing page an English visitor sees is English where the admin wrote
// English (seeded in both languages), Turkish where the English is empty; the admin's English
// edits are audited like the Turkish ones. On the procedures with no HTTP server (tests/helpers/caller.ts,
// whose client takes the request's language from Accept-Language as the app's languageFromRequest does;
// that middleware itself is tested over a server in tests/i18n/server-language.test.ts).
let world: CallerWorld;
let db: Db;
let admin: CallerClient;
const EN = landingDefaults('en');

beforeAll(async () => {
  world = await callerWorld({}, { portfolio: true });
  db = world.deps.db;
  admin = await adminClient(world);
});
afterAll(async () => {
  await world?.close();
});

async function landing(language?: 'tr' | 'en', acceptLanguage?: string) {
  const c = world.client();
  if (acceptLanguage) c.headers['accept-language'] = acceptLanguage;
  const r = await c.query('content.landing', language ? { language } : undefined);
  expect(r.status).toBe(200);
  return r.data;
}

async function logsOf(action: string) {
  return db.selectFrom('admin_logs').selectAll().where('action', '=', action).orderBy('created_at').execute();
}

describe('content.landing in English', () => {
  test('a fresh install answers an English visitor with the seeded English texts and features; a Turkish one in Turkish', async () => {
    const en = await landing('en');
    expect(en.content.hero).toEqual(EN.content.hero);
    expect(en.content.cta).toEqual(EN.content.cta);
    expect(en.content.features.title).toBe(EN.content.features.title);
    expect(en.features.map((f) => [f.title, f.description])).toEqual(EN.features.map((f) => [f.title, f.description]));
    // The English texts really are English: no seeded Turkish text is left in the answer's texts.
    for (const [section, keys] of Object.entries(M.defaults.content)) {
      if (section === 'legal') continue;
      for (const [key, [tr]] of Object.entries(keys)) expect(en.content[section as 'hero'][key], `${section}.${key}`).not.toBe(tr);
    }

    const tr = await landing('tr');
    expect(tr.content.hero.title).toBe(M.defaults.content.hero.title[0]);
    expect(tr.features.map((f) => f.title)).toEqual(M.defaults.features.map((f) => f.title));
    // Without the input, the request's language decides (Accept-Language), each answer kept apart.
    expect((await landing(undefined, 'en-GB,en;q=0.9')).content.hero.title).toBe(EN.content.hero.title);
    expect((await landing(undefined, 'tr-TR')).content.hero.title).toBe(M.defaults.content.hero.title[0]);
    expect((await landing(undefined, 'en-US')).content.hero.title).toBe(EN.content.hero.title);
  });

  test('published seeded quotes and works are in English for an English visitor, in Turkish for a Turkish one', async () => {
    await admin.mutate('admin.testimonials.toggle', {
      id: (await db.selectFrom('testimonials').select('id').executeTakeFirstOrThrow()).id,
      isActive: true,
    });
    const works = await admin.query('admin.portfolio.list');
    for (const w of works.data) expect((await admin.mutate('admin.portfolio.toggle', { id: w.id, isActive: true })).status).toBe(200);

    const en = await landing('en');
    expect(en.testimonials.map((t) => t.text)).toEqual([EN.testimonials[0].text]);
    expect(en.portfolio.map((p) => [p.title, p.description])).toEqual(EN.portfolio.map((p) => [p.title, p.description]));
    const tr = await landing('tr');
    expect(tr.testimonials.map((t) => t.text)).toEqual([M.defaults.testimonials[0].text]);
    expect(tr.portfolio.map((p) => p.title)).toEqual(M.defaults.portfolio.map((p) => p.title));
    // The admin's list shows both languages side by side.
    const listed = (await admin.query('admin.portfolio.list')).data[0]!;
    expect(listed).toMatchObject({ title: M.defaults.portfolio[0].title, titleEn: EN.portfolio[0].title });
  });

  test('where the admin left English empty, the English page shows the Turkish text', async () => {
    const list = (await admin.query('admin.content.list')).data.items;
    const title = list.find((i) => i.section === 'hero' && i.key === 'title')!;
    expect(title).toMatchObject({ valueEn: EN.content.hero.title, defaultValueEn: EN.content.hero.title });
    expect((await admin.mutate('admin.content.save', { items: [{ id: title.id, value: 'Vitrininiz hazır', valueEn: '' }] })).data).toEqual({
      saved: 1,
    });
    const row = await db.selectFrom('site_content').select(['value', 'value_en']).where('id', '=', title.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ value: 'Vitrininiz hazır', value_en: null });
    expect((await landing('en')).content.hero.title).toBe('Vitrininiz hazır');
    expect((await landing('tr')).content.hero.title).toBe('Vitrininiz hazır');

    // A quote written in Turkish only is shown in Turkish to both; so is a stat with no English label.
    const quote = await admin.mutate('admin.testimonials.create', { name: 'Ayşe Kaya', text: 'Çok memnunuz.', rating: 5, isActive: true });
    expect(quote.status).toBe(200);
    expect(quote.data.textEn).toBeNull();
    expect((await landing('en')).testimonials.find((t) => t.id === quote.data.id)?.text).toBe('Çok memnunuz.');
    await db
      .insertInto('site_stats')
      .values([
        { number: '12', label: 'Şehir', icon: 'Users', icon_color: 'text-green-600', display_order: 9 },
        { number: '7', label: 'Kategori', label_en: 'Categories', icon: 'Zap', icon_color: 'text-blue-600', display_order: 10 },
      ])
      .execute();
    invalidateLandingCache(db);
    expect((await landing('en')).stats.map((s) => s.label)).toEqual(['Şehir', 'Categories']);
    expect((await landing('tr')).stats.map((s) => s.label)).toEqual(['Şehir', 'Kategori']);

    // Reset brings back both languages, and its audit row names the English text it restored.
    expect((await admin.mutate('admin.content.reset')).data).toEqual({ reset: 1 });
    expect((await landing('en')).content.hero.title).toBe(EN.content.hero.title);
    const reset = await logsOf('content.reset');
    expect(reset.at(-1)!.new_values).toEqual({ 'hero.title': M.defaults.content.hero.title[0], 'hero.title.en': EN.content.hero.title });
  });
});

describe('the admin edits English beside Turkish, audited the same way', () => {
  test('a site text: the English text alone is saved and audited with its old and new value', async () => {
    const list = (await admin.query('admin.content.list')).data.items;
    const button = list.find((i) => i.section === 'cta' && i.key === 'button')!;
    const before = (await logsOf('content.update')).length;
    const saved = await admin.mutate('admin.content.save', { items: [{ id: button.id, value: button.value, valueEn: 'Try it free' }] });
    expect(saved.data).toEqual({ saved: 1 });
    expect((await landing('en')).content.cta.button).toBe('Try it free');
    expect((await landing('tr')).content.cta.button).toBe(button.value);
    const logs = await logsOf('content.update');
    expect(logs).toHaveLength(before + 1);
    expect(logs.at(-1)).toMatchObject({
      target_type: 'site_content',
      target_id: button.id,
      old_values: { section: 'cta', key: 'button', value_en: EN.content.cta.button },
      new_values: { section: 'cta', key: 'button', value_en: 'Try it free' },
    });
    // The Turkish text did not change, so the audit does not list it.
    expect(logs.at(-1)!.new_values).not.toHaveProperty('value');
    // Saving the same texts again changes and audits nothing.
    expect(
      (await admin.mutate('admin.content.save', { items: [{ id: button.id, value: button.value, valueEn: 'Try it free' }] })).data,
    ).toEqual({
      saved: 0,
    });
    expect(await logsOf('content.update')).toHaveLength(before + 1);
  });

  test('a legal text has no English copy: one sent is refused and nothing changes', async () => {
    const list = (await admin.query('admin.content.list')).data.items;
    const privacy = list.find((i) => i.section === 'legal' && i.key === 'privacy')!;
    expect(privacy.defaultValueEn).toBeNull();
    const refused = await admin.mutate('admin.content.save', { items: [{ id: privacy.id, value: 'Değişti', valueEn: 'Changed' }] });
    expect(refused.status).toBe(400);
    const row = await db.selectFrom('site_content').select(['value', 'value_en']).where('id', '=', privacy.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ value: privacy.value, value_en: null });
  });

  test('a testimonial and a reference work: the English fields are saved, shown in English and audited', async () => {
    const quote = (
      await admin.mutate('admin.testimonials.create', {
        name: 'Mehmet Ak',
        text: 'Harika sonuçlar.',
        textEn: 'Great results.',
        rating: 4,
        isActive: true,
      })
    ).data;
    expect(quote.textEn).toBe('Great results.');
    expect((await logsOf('testimonial.create')).at(-1)!.new_values).toMatchObject({ text: 'Harika sonuçlar.', textEn: 'Great results.' });
    const edited = await admin.mutate('admin.testimonials.update', {
      id: quote.id,
      name: quote.name,
      text: quote.text,
      textEn: 'Excellent results.',
      rating: 4,
      isActive: true,
    });
    expect(edited.data.textEn).toBe('Excellent results.');
    expect((await logsOf('testimonial.update')).at(-1)).toMatchObject({
      target_id: quote.id,
      old_values: { textEn: 'Great results.' },
      new_values: { textEn: 'Excellent results.' },
    });
    expect((await landing('en')).testimonials.find((t) => t.id === quote.id)?.text).toBe('Excellent results.');
    expect((await landing('tr')).testimonials.find((t) => t.id === quote.id)?.text).toBe('Harika sonuçlar.');

    const fields = {
      title: 'Meşe sandalye',
      titleEn: '',
      description: 'Atölye çekiminden katalog görseline.',
      descriptionEn: 'From a workshop shot to a catalogue image.',
      category: 'Mobilya' as const,
      beforeImageUrl: '/api/files/public/portfolio/before.jpg',
      afterImageUrl: 'https://cdn.example.com/after.jpg',
      displayOrder: 0,
    };
    const work = (await admin.mutate('admin.portfolio.create', fields)).data;
    expect(work).toMatchObject({ titleEn: null, descriptionEn: 'From a workshop shot to a catalogue image.' });
    // Title in Turkish (English left empty), description in English.
    expect((await landing('en')).portfolio.find((p) => p.id === work.id)).toMatchObject({
      title: 'Meşe sandalye',
      description: 'From a workshop shot to a catalogue image.',
    });
    await admin.mutate('admin.portfolio.update', { ...fields, id: work.id, titleEn: 'Oak chair' });
    expect((await logsOf('portfolio.update')).at(-1)).toMatchObject({
      target_id: work.id,
      old_values: { titleEn: null },
      new_values: { titleEn: 'Oak chair' },
    });
    expect((await landing('en')).portfolio.find((p) => p.id === work.id)?.title).toBe('Oak chair');
  });
});
