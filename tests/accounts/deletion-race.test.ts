import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type HttpClient } from '../helpers/server';
import { adminClient, customerClient } from '../admin/helpers';
import { photo } from '../studio/photos';
import type { RunningServer } from '../../server/index';

/**
 * Issue 33 item 14: an account erased while its API cut-outs run. Requests that raced the deletion
 * got a 500 (`cutouts_upload_id_fkey`) and left empty folders under `cutouts/<uid>/`. Now a racing
 * request is a 401 (the key or the account is gone) or a 404 (its upload is gone), and once all
 * have ended the seller has no file and no folder left in storage.
 */
let server: RunningServer;
let admin: HttpClient;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1', WORKER_CONCURRENCY: '2' });
  admin = await adminClient(server);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

function cutout(key: string): Promise<number> {
  const fd = new FormData();
  fd.append('photo', new Blob([new Uint8Array(photo('coffee'))], { type: 'image/jpeg' }), 'fincan.jpg');
  return fetch(`${server.url}/api/v1/cutouts`, { method: 'POST', body: fd, headers: { authorization: `Bearer ${key}` } }).then(
    (r) => r.status,
  );
}

test('cut-outs racing an account deletion answer 200, 401 or 404, never 500, and leave no folder behind', async () => {
  const { client: seller, userId } = await customerClient(server, 'silinecek@example.com');
  const key = (await seller.mutate('apiKeys.create', { name: 'Mağaza' })).data.key;
  const asked = await seller.mutate('auth.requestDeletion', { reason: null });
  expect(asked.status).toBe(200);

  // Four cut-outs in flight at all times, from before the deletion until after it.
  const statuses: number[] = [];
  let stop = false;
  let deleted = false;
  let afterDeletion = 0;
  const lane = async () => {
    while (!stop) {
      const status = await cutout(key);
      statuses.push(status);
      if (deleted && ++afterDeletion >= 6) stop = true;
    }
  };
  const lanes = Array.from({ length: 4 }, lane);

  // The deletion starts once cut-outs are being made (two answered), so others are mid-way.
  const deadline = Date.now() + 60_000;
  while (statuses.filter((s) => s === 200).length < 2) {
    if (Date.now() > deadline) throw new Error(`no cut-out answered: ${statuses.join(',')}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const done = await admin.mutate('admin.deletion.execute', { id: asked.data.id }).finally(() => (deleted = true));
  // The lanes end before any assertion: none may outlive the test and hit a closed server.
  await Promise.all(lanes);
  expect(done.status, JSON.stringify(done.error)).toBe(200);

  expect(
    statuses.filter((s) => ![200, 401, 404].includes(s)),
    statuses.join(','),
  ).toEqual([]);
  // Once the racing ones have ended, the key is refused.
  expect(await cutout(key)).toBe(401);
  const root = path.join(path.resolve(server.deps.env.DATA_DIR), 'files');
  for (const folder of ['uploads', 'cutouts', 'generations', 'exports']) {
    expect(existsSync(path.join(root, folder, userId)), `${folder}/${userId}`).toBe(false);
    expect(existsSync(path.join(root, '.meta', folder, userId)), `.meta/${folder}/${userId}`).toBe(false);
  }
  const rows = await server.deps.db.selectFrom('cutouts').select('id').where('user_id', '=', userId).execute();
  expect(rows).toEqual([]);
}, 120_000);
