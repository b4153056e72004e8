import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { HttpClient, startTestServer } from '../helpers/server';
import { adminClient } from '../admin/helpers';
import { M } from '../../shared/messages';
import { waitFor } from '../helpers/wait';
import type { RunningServer } from '../../server/index';

// The finished answers of the public reads, kept per URL for cookie-less visitors (speed budget).
let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await server?.close();
});

const raw = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });

async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

test('a repeated anonymous landing read is answered without touching the database, byte for byte the same', async () => {
  const first = await (await raw('/trpc/content.landing')).text();
  // The start-up writes' cache.invalidated events (PostgreSQL: NOTIFY, a moment after each commit) may
  // drop the copy once more: wait until a read is answered from memory; the next one must be too.
  await waitFor(
    async () => {
      const watch = vi.spyOn(server.deps.db, 'selectFrom');
      try {
        await raw('/trpc/content.landing');
        return watch.mock.calls.length === 0;
      } finally {
        watch.mockRestore();
      }
    },
    { what: 'a landing read answered from memory' },
  );
  const spy = vi.spyOn(server.deps.db, 'selectFrom');
  try {
    const again = await raw('/trpc/content.landing');
    expect(again.status).toBe(200);
    expect(again.headers.get('content-type')).toMatch(/application\/json/);
    expect(await again.text()).toBe(first);
    expect(spy).not.toHaveBeenCalled();
  } finally {
    spy.mockRestore();
  }
});

test('an edit to the landing content is seen at once; maintenance mode is never served from the cache', async () => {
  await server.deps.db
    .updateTable('features')
    .set({ title: 'Önbellek sınavı' })
    .where('title', '=', M.defaults.features[0].title)
    .execute();
  expect(await eventually(async () => (await (await raw('/trpc/content.landing')).text()).includes('Önbellek sınavı'))).toBe(true);

  const admin = await adminClient(server);
  const settings = (await admin.query('admin.settings.list')).data.values;
  expect((await admin.mutate('admin.settings.save', { ...settings, maintenanceMode: true })).status).toBe(200);
  const closed = await raw('/trpc/content.landing');
  expect(closed.status).toBe(503);
  expect(((await closed.json()) as { error: { message: string } }).error.message).toBe(M.common.maintenance);
  expect((await admin.mutate('admin.settings.save', { ...settings, maintenanceMode: false })).status).toBe(200);
  expect((await raw('/trpc/content.landing')).status).toBe(200);
});

test('a request with a cookie goes through tRPC as always', async () => {
  const c = new HttpClient(server.url);
  c.cookies.set('vitrin_session', 'not-a-session.at-all');
  const r = await c.raw('/trpc/content.landing');
  expect(r.status).toBe(200);
  // The stale cookie is cleared, which only tRPC's context does.
  expect(r.headers.getSetCookie().some((line) => line.startsWith('vitrin_session=;'))).toBe(true);
});

test('a streamed (trpc-accept) read is neither kept nor served: the next plain visitor still gets plain JSON', async () => {
  const admin = await adminClient(server);
  const settings = (await admin.query('admin.settings.list')).data.values;
  // An admin edit empties the cache, so the streamed read below is the first one for this URL.
  expect((await admin.mutate('admin.settings.save', { ...settings })).status).toBe(200);
  // A batch, as the client's link sends it: tRPC streams only batches.
  const site = '/trpc/content.site?batch=1';
  const streamed = await raw(site, { 'trpc-accept': 'application/jsonl' });
  expect(streamed.status).toBe(200);
  const streamedText = await streamed.text();
  for (let i = 0; i < 2; i++) {
    const plain = await raw(site);
    expect(plain.status).toBe(200);
    const text = await plain.text();
    expect(text).not.toBe(streamedText);
    expect((JSON.parse(text) as [{ result: { data: unknown } }])[0].result.data).toBeTruthy();
  }
  // And a plain answer kept in the cache is not what a streaming client is given.
  expect(await (await raw(site, { 'trpc-accept': 'application/jsonl' })).text()).not.toBe(await (await raw(site)).text());
});
