import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callerWorld, type CallerWorld } from '../helpers/caller';
import { userWithUpload } from '../helpers/fixtures';
import { adminClient } from '../admin/helpers';
import { M } from '../../shared/messages';
import { invalidateLandingCache, type LandingData } from '../../server/services/landing';

// Claims true of the install: nothing made up on a fresh install, figures counted from the
// database, example quotes and works published only by an admin, "4K" only with an upscaler.
// Procedure rules with no HTTP server (tests/helpers/caller.ts).

const MADE_UP = /50\.000\+|2\.500\+|Mutlu satıcı|60 sn|4K|360 derece|Elif Yılmaz|Ceviz orta sehpa/;

async function landingOf(world: CallerWorld): Promise<LandingData> {
  const r = await world.client().query('content.landing');
  expect(r.status).toBe(200);
  return r.data!;
}

describe('local studio install', () => {
  let world: CallerWorld;
  beforeAll(async () => {
    world = await callerWorld({}, { portfolio: true });
  });
  afterAll(async () => {
    await world?.close();
  });

  test('a fresh install shows no figure, quote, work or 4K it cannot stand behind', async () => {
    const data = await landingOf(world);
    expect(data.claims).toEqual({ upscale4k: false });
    expect(data.stats).toEqual([]);
    expect(data.testimonials).toEqual([]);
    expect(data.portfolio).toEqual([]);
    expect(JSON.stringify(data)).not.toMatch(MADE_UP);
    expect((await world.client().query('content.site')).data!.upscale4k).toBe(false);
  });

  test("stats show this install's own figures once there are any; the 4K stat stays out without an upscaler", async () => {
    const db = world.deps.db;
    const { user } = await userWithUpload(db);
    const now = Date.now();
    const fixture = (type: 'image' | 'video', outputs: number, seconds: number) => ({
      user_id: user.id,
      type,
      status: 'completed' as const,
      credits_used: 1,
      parameters: JSON.stringify({ prompt: 'test' }),
      outputs: JSON.stringify(Array.from({ length: outputs }, (_, i) => ({ url: `/x/${i}.jpg` }))),
      created_at: new Date(now - seconds * 1000),
      completed_at: new Date(now),
      run_after: new Date(now + 3_600_000),
    });
    await db
      .insertInto('generations')
      .values([fixture('image', 4, 20), fixture('image', 4, 40), fixture('video', 1, 90)])
      .execute();
    // A failed run counts for nothing.
    await db
      .insertInto('generations')
      .values({ ...fixture('image', 4, 500), status: 'failed' })
      .execute();
    invalidateLandingCache(db);

    const stats = (await landingOf(world)).stats;
    expect(stats.map((s) => [s.label, s.number])).toEqual([
      ['Oluşturulan görsel', '8'],
      ['Satıcı', '1'],
      ['Ortalama üretim süresi', '30 sn'],
    ]);
  });

  test('seeded testimonials and works are drafts until an admin publishes one; an admin may still write any figure', async () => {
    const db = world.deps.db;
    const admin = await adminClient(world);
    const drafts = (await admin.query('admin.testimonials.list')).data;
    expect(drafts.map((t: { isActive: boolean }) => t.isActive)).toEqual([false, false, false]);
    const first = drafts[0]!;
    expect((await admin.mutate('admin.testimonials.toggle', { id: first.id, isActive: true })).status).toBe(200);
    const works = (await admin.query('admin.portfolio.list')).data;
    expect((await admin.mutate('admin.portfolio.toggle', { id: works[0]!.id, isActive: true })).status).toBe(200);

    await db
      .insertInto('site_stats')
      .values({ number: '12.000+', label: 'Kendi rakamım', icon: 'Zap', icon_color: 'text-blue-600', display_order: 9 })
      .execute();
    invalidateLandingCache(db);
    const data = await landingOf(world);
    expect(data.testimonials.map((t) => t.name)).toEqual([first.name]);
    expect(data.portfolio.map((p) => p.title)).toEqual([works[0]!.title]);
    expect(data.stats.at(-1)).toMatchObject({ number: '12.000+', label: 'Kendi rakamım' });
  });
});

describe('fal install (upscaler configured)', () => {
  let world: CallerWorld;
  beforeAll(async () => {
    world = await callerWorld({ FAL_KEY: 'test-key' });
  });
  afterAll(async () => {
    await world?.close();
  });

  test('the 4K stat and claim flag appear; the counted figures stay hidden while zero', async () => {
    const data = await landingOf(world);
    expect(data.claims).toEqual({ upscale4k: true });
    expect(data.stats.map((s) => [s.label, s.number])).toEqual([['Çıktı çözünürlüğü', '4K']]);
    expect((await world.client().query('content.site')).data!.upscale4k).toBe(true);
    expect(M.landing.claim4k).toBe('4K çıktı');
  });
});
