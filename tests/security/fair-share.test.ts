import { UPLOADS_IN_FLIGHT_PER_SELLER } from '../../shared/constants';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { HttpClient, startSecondServer, startTestServer, upload, uploaded, validSignUp } from '../helpers/server';
import { productPhoto } from '../helpers/fixtures';
import type { RunningServer } from '../../server/index';
import { M } from '../../shared/messages';
import { SELLER_LIMITS } from '../../shared/constants';
import { exportUrl } from '../../shared/export-presets';
import { setSetting } from '../../server/services/settings';
import { sweepUnusedUploads } from '../../server/jobs/upload-retention';

// Per-seller limits kept in the database (429 + Retry-After + when to try again), the storage
// quota, the profile's usage and the retention sweep.
let server: RunningServer;
let photo: Buffer;
beforeAll(async () => {
  server = await startTestServer({ WORKER_CONCURRENCY: '0' });
  photo = await productPhoto(400, 300);
});
afterAll(async () => {
  await server.close();
});

async function seller(email: string, base = server.url): Promise<{ client: HttpClient; id: string }> {
  const client = new HttpClient(base);
  expect((await client.mutate('auth.signUp', validSignUp(email))).status).toBe(200);
  const { id } = await server.handle.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { client, id };
}

async function uploadRows(userId: string): Promise<number> {
  const rows = await server.handle.db.selectFrom('uploads').select('id').where('user_id', '=', userId).execute();
  return rows.length;
}

function uploadFiles(userId: string): number {
  const dir = join(server.deps.env.DATA_DIR, 'files', 'uploads', userId);
  return existsSync(dir) ? readdirSync(dir).length : 0;
}

type RestError = { error: { message: string; data: { appCode: string } } };

/** A 429 of a per-seller limit: Retry-After in seconds within the window, and the Turkish text naming the minutes. */
function expectLimited(res: Response, body: RestError, kind: keyof typeof SELLER_LIMITS) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(SELLER_LIMITS[kind].windowMs / 1000);
  expect(body.error.data.appCode).toBe('RATE_LIMITED');
  expect(body.error.message).toBe(M.fairShare[kind](Math.ceil(retryAfter / 60)));
  expect(body.error.message).toMatch(/\d+ dakika sonra tekrar deneyin\.$/);
}

async function postPhoto(c: HttpClient): Promise<{ res: Response; body: RestError }> {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'urun.jpg');
  const res = await c.raw('/api/uploads', { method: 'POST', body: fd });
  return { res, body: (await res.json()) as RestError };
}

test('a batch of 20 photos fits; a flood of 100 in a minute is refused with 429, Retry-After and the Turkish text, and nothing of it is written', async () => {
  const { client, id } = await seller('sel@example.com');
  for (let i = 0; i < 20; i++) expect((await postPhoto(client)).res.status).toBe(201);
  expect(await uploadRows(id)).toBe(20);

  let accepted = 20;
  let refused = 0;
  for (let i = 20; i < 100; i++) {
    const { res, body } = await postPhoto(client);
    if (res.status === 201) accepted++;
    else {
      expectLimited(res, body, 'uploads');
      refused++;
    }
  }
  expect(accepted).toBe(SELLER_LIMITS.uploads.limit);
  expect(refused).toBe(100 - SELLER_LIMITS.uploads.limit);
  // The refused ones left neither a row nor a file.
  expect(await uploadRows(id)).toBe(accepted);
  expect(uploadFiles(id)).toBe(accepted);
  // Another seller is not held back by this one.
  const other = await seller('diger@example.com');
  expect((await postPhoto(other.client)).res.status).toBe(201);
});

test('exports: 20 runs at once from one seller, only the limit gets through; the rest are 429 with the Turkish text', async () => {
  const { client } = await seller('export@example.com');
  // Ids of no run: each request that gets past the limit answers 404, and counts (the limit counts runs).
  const answers = await Promise.all(Array.from({ length: 20 }, () => client.raw(exportUrl(randomUUID(), 'square'))));
  const passed = answers.filter((r) => r.status === 404);
  const limited = answers.filter((r) => r.status === 429);
  expect(passed).toHaveLength(SELLER_LIMITS.exports.limit);
  expect(limited).toHaveLength(20 - SELLER_LIMITS.exports.limit);
  for (const r of limited) expectLimited(r, (await r.json()) as RestError, 'exports');
  // The batch zip shares the export budget.
  const zip = await client.raw(`/api/batches/${randomUUID()}/white.zip`);
  expectLimited(zip, (await zip.json()) as RestError, 'exports');
});

test('cut-outs: over the limit studio.cutout answers TOO_MANY_REQUESTS with Retry-After and the Turkish text', async () => {
  const { client, id } = await seller('dekupaj@example.com');
  const up = await uploaded(client, photo, 'urun.jpg');
  await server.handle.db
    .insertInto('rate_limits')
    .values({ key: `cutouts:user:${id}`, count: SELLER_LIMITS.cutouts.limit, reset_at: new Date(Date.now() + 90_000) })
    .execute();
  const res = await client.raw('/trpc/studio.cutout', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ uploadId: up.uploadId }),
  });
  const body = (await res.json()) as { error: { message: string; data: { appCode: string; retryAfter: number } } };
  expectLimited(res, body, 'cutouts');
  expect(body.error.message).toBe(M.fairShare.cutouts(2));
  expect(body.error.data.retryAfter).toBe(Number(res.headers.get('retry-after')));
  expect(await server.handle.db.selectFrom('cutouts').select('id').where('user_id', '=', id).execute()).toHaveLength(0);
});

test('the limits hold across two app instances over one database', async () => {
  const second = await startSecondServer(server, { WORKER_CONCURRENCY: '0' });
  try {
    const { client: a } = await seller('iki@example.com');
    // The same session on the other instance (sessions live in the database too).
    const b = new HttpClient(second.url);
    b.cookies = new Map(a.cookies);
    // 20 runs split evenly: a per-process counter would let all of them through (10 < limit).
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? b : a).raw(exportUrl(randomUUID(), 'square'))).map((p) => p.then((r) => r.status)),
    );
    expect(answers.filter((s) => s === 404)).toHaveLength(SELLER_LIMITS.exports.limit);
    expect(answers.filter((s) => s === 429)).toHaveLength(20 - SELLER_LIMITS.exports.limit);
    expect((await a.raw(exportUrl(randomUUID(), 'amazon'))).status).toBe(429);
    expect((await b.raw(exportUrl(randomUUID(), 'amazon'))).status).toBe(429);
  } finally {
    await second.close();
  }
});

test('storage quota: an upload that does not fit is refused (413, Turkish text) and nothing is written; the profile shows the space used', async () => {
  const { client, id } = await seller('kota@example.com');
  // Noise does not compress: each stored photo is a good part of a megabyte.
  const noisy = await sharp(randomBytes(600 * 600 * 3), { raw: { width: 600, height: 600, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  await setSetting(server.handle.db, 'storage_quota_mb', '1');
  try {
    let refused: Awaited<ReturnType<typeof upload>> | null = null;
    for (let i = 0; i < 10 && !refused; i++) {
      const r = await upload(client, noisy, 'urun.jpg');
      if (r.status !== 201) refused = r;
    }
    expect(refused?.status).toBe(413);
    expect(refused!.body.error.data.appCode).toBe('QUOTA_EXCEEDED');
    const rows = await server.handle.db.selectFrom('uploads').select('size_bytes').where('user_id', '=', id).execute();
    const used = rows.reduce((sum, r) => sum + r.size_bytes, 0);
    expect(used).toBeLessThanOrEqual(1024 * 1024);
    const mb = (n: number) => (n / (1024 * 1024)).toLocaleString('tr-TR', { maximumFractionDigits: 1 });
    expect(refused!.body.error.message).toBe(M.fairShare.quotaFull(mb(used), '1', 30));
    expect(uploadFiles(id)).toBe(rows.length);

    const usage = await client.query('auth.storageUsage');
    expect(usage.data).toEqual({ usedBytes: used, quotaBytes: 1024 * 1024, retentionDays: 30 });
  } finally {
    await setSetting(server.handle.db, 'storage_quota_mb', '1024');
  }
  expect((await new HttpClient(server.url).query('auth.storageUsage')).status).toBe(401);
});

test('parallel uploads cannot share the last space of the quota', async () => {
  const { client, id } = await seller('paralel@example.com');
  // About 0.55 MB each once stored: one fits in 1 MB, two do not.
  const big = await sharp(randomBytes(800 * 800 * 3), { raw: { width: 800, height: 800, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  await setSetting(server.handle.db, 'storage_quota_mb', '1');
  try {
    // As many at once as one seller may have in flight (more are a 429 before their body is read).
    const answers = await Promise.all(Array.from({ length: UPLOADS_IN_FLIGHT_PER_SELLER }, () => upload(client, big, 'urun.jpg')));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(UPLOADS_IN_FLIGHT_PER_SELLER - 1).fill(413)]);
    expect(await uploadRows(id)).toBe(1);
    expect(uploadFiles(id)).toBe(1);
  } finally {
    await setSetting(server.handle.db, 'storage_quota_mb', '1024');
  }
});

test('the retention sweep removes only old uploads no run uses, file and row, with their cut-outs', async () => {
  const { db } = server.handle;
  const storage = server.deps.storage;
  const { client, id: userId } = await seller('saklama@example.com');
  const now = new Date();
  const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
  const make = async (createdDaysAgo: number) => {
    const up = await uploaded(client, photo, 'urun.jpg');
    await db
      .updateTable('uploads')
      .set({ created_at: daysAgo(createdDaysAgo) })
      .where('id', '=', up.uploadId)
      .execute();
    const { storage_key } = await db.selectFrom('uploads').select('storage_key').where('id', '=', up.uploadId).executeTakeFirstOrThrow();
    return { id: up.uploadId, key: storage_key };
  };
  const cutout = async (uploadId: string, createdDaysAgo: number) => {
    const key = `cutouts/${userId}/${uploadId}/${randomUUID()}.png`;
    await storage.put(key, photo, 'image/png');
    await db
      .insertInto('cutouts')
      .values({ upload_id: uploadId, user_id: userId, storage_key: key, width: 400, height: 300, created_at: daysAgo(createdDaysAgo) })
      .execute();
    return key;
  };
  const run = (uploadId: string, parameters: object) =>
    db
      .insertInto('generations')
      .values({ user_id: userId, upload_id: uploadId, type: 'image', credits_used: 1, parameters: JSON.stringify(parameters) })
      .execute();

  const unused = await make(31);
  const unusedCutout = await cutout(unused.id, 31);
  const single = await make(40);
  await run(single.id, { prompt: 'beyaz fon' });
  const inBatch = await make(40);
  await run(inBatch.id, { prompt: 'beyaz fon', batch: randomUUID() });
  const recent = await make(5);
  const recentlyCut = await make(35);
  await cutout(recentlyCut.id, 2);

  expect(await sweepUnusedUploads({ db, storage }, now)).toBe(1);
  const left = (await db.selectFrom('uploads').select('id').where('user_id', '=', userId).execute()).map((r) => r.id);
  expect(left.sort()).toEqual([single.id, inBatch.id, recent.id, recentlyCut.id].sort());
  expect(await storage.head(unused.key)).toBeNull();
  expect(await storage.head(unusedCutout)).toBeNull();
  expect(await db.selectFrom('cutouts').select('id').where('upload_id', '=', unused.id).execute()).toHaveLength(0);
  for (const kept of [single, inBatch, recent, recentlyCut]) expect(await storage.head(kept.key)).not.toBeNull();

  // The retention is the setting: at 3 days, the recent unused one goes too (the used ones never).
  await setSetting(db, 'upload_retention_days', '3');
  try {
    expect(await sweepUnusedUploads({ db, storage }, now)).toBe(1);
    expect(await storage.head(recent.key)).toBeNull();
    expect(await sweepUnusedUploads({ db, storage }, now)).toBe(0);
  } finally {
    await setSetting(db, 'upload_retention_days', '30');
  }
});

test('the privacy text states the retention days from the setting', async () => {
  const anon = new HttpClient(server.url);
  const before = await anon.query('legal.page', { page: 'privacy' });
  expect(before.data.body).toContain('yüklendikten 30 gün sonra otomatik olarak silinir');
  expect(before.data.body).not.toContain('{upload_retention_days}');
  await setSetting(server.handle.db, 'upload_retention_days', '45');
  try {
    expect((await anon.query('legal.page', { page: 'privacy' })).data.body).toContain('yüklendikten 45 gün sonra');
  } finally {
    await setSetting(server.handle.db, 'upload_retention_days', '30');
  }
});
