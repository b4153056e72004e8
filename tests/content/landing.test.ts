import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { HttpClient, startSecondServer, startTestServer } from '../helpers/server';
import { waitFor } from '../helpers/wait';
import { M } from '../../shared/messages';
import { PLANS } from '../../shared/plans';
import { getLanding, invalidateLandingCache, type LandingData } from '../../server/services/landing';
import type { RunningServer } from '../../server/index';
import type { Db } from '../../server/db';

let server: RunningServer;
let db: Db;

beforeAll(async () => {
  server = await startTestServer();
  db = server.deps.db;
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  vi.useRealTimers();
  invalidateLandingCache(db);
});

async function landing(): Promise<LandingData> {
  const r = await new HttpClient(server.url).query('content.landing');
  expect(r.status).toBe(200);
  return r.data!;
}

describe('content.landing', () => {
  test('serves the seeded content: texts by section and the features; seeded figures, quotes and works are not shown', async () => {
    const data = await landing();
    expect(data.content.hero.title).toBe(M.defaults.content.hero.title[0]);
    expect(data.content.hero.cta_primary).toBe('10 Ücretsiz Kredi ile Başla');
    expect(data.content.cta.button).toBe(M.defaults.content.cta.button[0]);
    expect(data.features.map((f) => f.title)).toEqual(M.defaults.features.map((f) => f.title));
    // A fresh install has no figures to show yet, and its example quotes and works are drafts.
    expect(data.stats).toEqual([]);
    expect(data.testimonials).toEqual([]);
    expect(data.portfolio).toEqual([]);
    // The drafts are in the database with their before/after images, which are public files.
    const drafts = await db.selectFrom('portfolio_items').select(['after_image_url', 'is_active']).execute();
    expect(drafts).toHaveLength(M.defaults.portfolio.length);
    for (const item of drafts) {
      expect(item.is_active).toBe(false);
      const img = await fetch(server.url + item.after_image_url);
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toContain('image/jpeg');
    }
  });

  test('returns only active rows, in display order', async () => {
    await db.deleteFrom('site_stats').execute();
    await db.deleteFrom('testimonials').execute();
    await db.deleteFrom('portfolio_items').execute();
    await db
      .insertInto('site_stats')
      .values([
        { number: 'C', label: 'third', icon: 'Zap', icon_color: 'text-orange-600', display_order: 3 },
        { number: 'A', label: 'first', icon: 'Users', icon_color: 'text-green-600', display_order: 1 },
        { number: 'X', label: 'hidden', icon: 'Video', icon_color: 'text-blue-600', display_order: 0, is_active: false },
        { number: 'B', label: 'second', icon: 'Clock', icon_color: 'text-purple-600', display_order: 2 },
      ])
      .execute();
    await db
      .insertInto('testimonials')
      .values([
        { name: 'İkinci', company: null, text: 'b', rating: 4, display_order: 20 },
        { name: 'Gizli', company: 'X', text: 'x', rating: 5, display_order: 1, is_active: false },
        { name: 'Birinci', company: 'Y', image_url: '/a.jpg', text: 'a', rating: 5, display_order: 10 },
      ])
      .execute();
    await db
      .insertInto('portfolio_items')
      .values([
        { title: 'P2', category: 'Takı', before_image_url: '/b2', after_image_url: '/a2', display_order: 2 },
        { title: 'P1', category: 'Mobilya', before_image_url: '/b1', after_image_url: '/a1', display_order: 1 },
        { title: 'P0', category: 'Diğer', before_image_url: '/b0', after_image_url: '/a0', display_order: 0, is_active: false },
      ])
      .execute();
    invalidateLandingCache(db);

    const data = await landing();
    expect(data.stats.map((s) => s.label)).toEqual(['first', 'second', 'third']);
    expect(data.testimonials.map((t) => t.name)).toEqual(['Birinci', 'İkinci']);
    expect(data.testimonials[0]).toMatchObject({ company: 'Y', imageUrl: '/a.jpg', rating: 5 });
    expect(data.testimonials[1]).toMatchObject({ company: null, imageUrl: null, rating: 4 });
    expect(data.portfolio.map((p) => p.title)).toEqual(['P1', 'P2']);
    expect(data.portfolio[0]).toMatchObject({ category: 'Mobilya', beforeImageUrl: '/b1', afterImageUrl: '/a1', description: '' });
    // Nothing hidden leaks out.
    expect(JSON.stringify(data)).not.toMatch(/hidden|Gizli|P0/);
  });

  test('only the features fall back to the built-in defaults when the tables are empty; stats, quotes and works stay empty', async () => {
    await db.deleteFrom('site_stats').execute();
    await db.deleteFrom('features').execute();
    await db.deleteFrom('testimonials').execute();
    await db.deleteFrom('portfolio_items').execute();
    await db.deleteFrom('site_content').execute();
    invalidateLandingCache(db);

    const data = await landing();
    expect(data.stats).toEqual([]);
    expect(data.features.map((f) => f.title)).toEqual(M.defaults.features.map((f) => f.title));
    expect(data.testimonials).toEqual([]);
    expect(data.portfolio).toEqual([]);
    for (const [section, keys] of Object.entries(M.defaults.content)) {
      for (const [key, [value]] of Object.entries(keys)) {
        expect(data.content[section as keyof typeof data.content][key]).toBe(value);
      }
    }
  });

  test('an edited site text wins over the default; a cleared one falls back', async () => {
    await db
      .insertInto('site_content')
      .values([
        { section: 'hero', key: 'title', value: 'Yeni başlık' },
        { section: 'cta', key: 'title', value: '   ' },
      ])
      .onConflict((oc) => oc.columns(['section', 'key']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
      .execute();
    invalidateLandingCache(db);
    const data = await landing();
    expect(data.content.hero.title).toBe('Yeni başlık');
    expect(data.content.cta.title).toBe(M.defaults.content.cta.title[0]);
  });

  test('all rows hidden by an admin: the list is empty instead of the defaults', async () => {
    await db.deleteFrom('features').execute();
    await db
      .insertInto('features')
      .values({ title: 'Gizli özellik', description: 'x', icon: 'Zap', icon_color: 'text-blue-600', is_active: false })
      .execute();
    invalidateLandingCache(db);
    expect((await landing()).features).toEqual([]);
  });
});

describe('landing cache', () => {
  async function setStats(labels: string[]) {
    await db.deleteFrom('site_stats').execute();
    await db
      .insertInto('site_stats')
      .values(labels.map((label, i) => ({ number: String(i), label, icon: 'Zap', icon_color: 'text-blue-600', display_order: i })))
      .execute();
  }

  async function labelsEventually(read: () => Promise<LandingData>, expected: string[]) {
    // On PostgreSQL the trigger's NOTIFY reaches the process a moment after the commit.
    for (let i = 0; i < 100; i++) {
      const labels = (await read()).stats.map((s) => s.label);
      if (JSON.stringify(labels) === JSON.stringify(expected)) return labels;
      await new Promise((r) => setTimeout(r, 20));
    }
    return (await read()).stats.map((s) => s.label);
  }

  test('serves repeated reads from memory: a second read touches no table', async () => {
    await setStats(['eski']);
    expect(await labelsEventually(landing, ['eski'])).toEqual(['eski']);
    // On PostgreSQL the trigger's NOTIFY lands a moment after the commit and drops the copy once more:
    // wait until a read is answered from memory; the next two must be too.
    await waitFor(
      async () => {
        const watch = vi.spyOn(db, 'selectFrom');
        try {
          await landing();
          return watch.mock.calls.length === 0;
        } finally {
          watch.mockRestore();
        }
      },
      { what: 'a landing read answered from memory' },
    );
    const spy = vi.spyOn(db, 'selectFrom');
    try {
      await landing();
      await landing();
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  test('any write to a landing table, even by hand, drops the copy through the database trigger', async () => {
    await setStats(['bir']);
    expect(await labelsEventually(landing, ['bir'])).toEqual(['bir']);
    await setStats(['iki']);
    expect(await labelsEventually(landing, ['iki'])).toEqual(['iki']);
  });

  test('a second server process on the same database sees an admin edit made through the first', async () => {
    const second = await startSecondServer(server);
    try {
      const read = async () => (await new HttpClient(second.url).query('content.landing')).data!;
      await setStats(['ilk']);
      expect(await labelsEventually(read, ['ilk'])).toEqual(['ilk']);
      await setStats(['son']);
      expect(await labelsEventually(read, ['son'])).toEqual(['son']);
    } finally {
      await second.close();
    }
  });

  test('concurrent readers share one load', async () => {
    invalidateLandingCache(db);
    const spy = vi.spyOn(db, 'selectFrom');
    try {
      const all = await Promise.all(Array.from({ length: 20 }, () => getLanding(db, { upscale4k: false })));
      expect(new Set(all).size).toBe(1);
      // One load = 5 list/text queries (+ the features' "is the table empty" probe and one query of live figures), not 20 × that.
      expect(spy.mock.calls.length).toBeLessThanOrEqual(8);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('content.plans', () => {
  test('returns the four built-in packages', async () => {
    const r = await new HttpClient(server.url).query('content.plans');
    expect(r.status).toBe(200);
    expect(r.data).toEqual(JSON.parse(JSON.stringify(PLANS)));
    expect(r.data.map((p: { id: string }) => p.id)).toEqual(['trial', 'basic', 'standard', 'premium']);
    expect(r.data.find((p) => p.popular)!.id).toBe('standard');
  });
});
