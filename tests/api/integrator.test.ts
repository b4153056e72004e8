import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HttpClient, startTestServer, validSignUp } from '../helpers/server';
import type { RunningServer } from '../../server/index';
import { M, messagesFor } from '../../shared/messages';
import { API_REQUEST_LIMITS, SELLER_LIMITS } from '../../shared/constants';
import type { TApiGeneration } from '../../shared/schemas/api';
import { photo } from '../studio/photos';
import { getSettings } from '../../server/services/settings';
import { adminJobs } from '../../server/services/admin/jobs';

/**
 * What an integrator expects of the seller API (issue 34 items 1–6), over real HTTP: documented
 * refusals instead of the parser's 400, Idempotency-Key retries, the account and the charge in
 * headers, quotas that refused requests do not use up, listing and deleting runs, 405s.
 */
let server: RunningServer;
let aliceKey: string;
let bobKey: string;
let aliceId: string;
let bobId: string;

beforeAll(async () => {
  server = await startTestServer({ WORKER_CONCURRENCY: '1' });
  const alice = new HttpClient(server.url);
  const bob = new HttpClient(server.url);
  aliceId = (await alice.mutate('auth.signUp', validSignUp('alice@example.com'))).data.user!.id;
  bobId = (await bob.mutate('auth.signUp', validSignUp('bob@example.com'))).data.user!.id;
  aliceKey = (await alice.mutate('apiKeys.create', { name: 'Mağaza' })).data.key;
  bobKey = (await bob.mutate('apiKeys.create', { name: 'Ajans' })).data.key;
  await server.deps.db.updateTable('users').set({ credits_balance: 200 }).execute();
}, 60_000);

afterAll(async () => {
  await server?.close();
});

function api(path: string, key: string | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (key) headers.set('authorization', `Bearer ${key}`);
  return fetch(path.startsWith('http') ? path : server.url + path, { ...init, headers });
}

function imageForm(fields: Record<string, string>, bytes: Buffer | null = photo('coffee'), photos = 1) {
  const fd = new FormData();
  for (let i = 0; bytes && i < photos; i++) fd.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'urun.jpg');
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string; data: { appCode: string } } }).error;
}

const balanceOf = async (userId: string) =>
  (await server.deps.db.selectFrom('users').select('credits_balance').where('id', '=', userId).executeTakeFirstOrThrow()).credits_balance;

const uploadsUsed = async (userId: string) =>
  (await server.deps.db.selectFrom('rate_limits').select('count').where('key', '=', `uploads:user:${userId}`).executeTakeFirst())?.count ??
  0;

async function waitFinished(id: string, key: string): Promise<TApiGeneration> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const g = (await (await api(`/api/v1/generations/${id}`, key)).json()) as TApiGeneration;
    if (g.status === 'completed' || g.status === 'failed' || g.status === 'needs_consent') return g;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('run did not finish');
}

describe('refusals are documented answers', () => {
  test("the upload parser's limits are 422 (413 for a photo over 10 MB) with their own texts; nothing is counted", async () => {
    const before = await uploadsUsed(bobId);
    const cases: Array<[FormData, string, number, string]> = [
      [imageForm({ prompt: 'mermer' }, photo('coffee'), 2), 'VALIDATION', 422, M.api.errors.onePhoto],
      [imageForm({ prompt: 'ç'.repeat(100_000) }), 'VALIDATION', 422, M.api.errors.fieldTooLong(8)],
      [
        imageForm(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}`, 'x']))),
        'VALIDATION',
        422,
        M.api.errors.tooManyFields(10),
      ],
    ];
    for (const [body, code, status, message] of cases) {
      const res = await api('/api/v1/images', bobKey, { method: 'POST', body });
      expect(res.status).toBe(status);
      expect(await errorOf(res)).toEqual({ code, message, data: { appCode: code } });
    }
    const noBoundary = await api('/api/v1/images', bobKey, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data' },
      body: '--x\r\n\r\n',
    });
    expect(noBoundary.status).toBe(422);
    expect((await errorOf(noBoundary)).message).toBe(M.api.errors.badMultipart);
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(big);
    const tooBig = await api('/api/v1/cutouts', bobKey, { method: 'POST', body: imageForm({}, big) });
    expect(tooBig.status).toBe(413);
    expect(await errorOf(tooBig)).toMatchObject({ code: 'QUOTA_EXCEEDED', message: M.generation.fileTooLarge });
    // A missing photo (422) does not use up an upload either.
    for (let i = 0; i < 3; i++)
      expect((await api('/api/v1/images', bobKey, { method: 'POST', body: imageForm({ prompt: 'x' }, null) })).status).toBe(422);
    expect(await uploadsUsed(bobId)).toBe(before);
  });

  test('a photo whose cut-out is not trusted is accepted at once and ends as needs_consent, refunded in the same step; GET and the list show it', async () => {
    const before = await balanceOf(bobId);
    const res = await api('/api/v1/images', bobKey, { method: 'POST', body: imageForm({ prompt: 'ahşap masa' }, photo('chelsea')) });
    // Issue 34 item 9: no 412 any more; the worker judges the cut-out.
    expect(res.status).toBe(202);
    const charged = Number(res.headers.get('x-credits-charged'));
    expect(charged).toBeGreaterThan(0);
    const { id, status } = (await res.json()) as { id: string; status: string };
    expect(status).toBe('queued');
    const run = await waitFinished(id, bobKey);
    expect(run).toMatchObject({ status: 'needs_consent', errorMessage: M.api.errors.needsConsent, outputs: [], livemode: true });
    expect(await balanceOf(bobId)).toBe(before);
    // The ledger is honest: the take and its refund, nothing else.
    const ledger = await server.deps.db
      .selectFrom('credit_transactions')
      .select(['type', 'amount'])
      .where('generation_id', '=', id)
      .orderBy('created_at')
      .execute();
    expect(ledger).toEqual([
      { type: 'usage', amount: -charged },
      { type: 'refund', amount: charged },
    ]);
    // Nothing failed that the seller must be told of or an admin must look into: no "failed" e-mail,
    // not among the İşler page's failed runs (the webhook reports it to the integrator).
    const mails = await server.deps.db.selectFrom('email_outbox').select('dedupe_key').where('dedupe_key', 'like', `%${id}`).execute();
    expect(mails).toEqual([]);
    const jobs = await adminJobs(server.deps.db, 'local');
    expect(jobs.failed.map((r) => r.id)).not.toContain(id);
    const list = async (q: string) =>
      ((await (await api(`/api/v1/generations?${q}`, bobKey)).json()) as { data: TApiGeneration[] }).data.map((g) => g.id);
    expect(await list('status=needs_consent')).toEqual([id]);
    expect(await list('status=failed')).toEqual([]);
    // A needs_consent run is finished: it can be deleted.
    expect((await api(`/api/v1/generations/${id}`, bobKey, { method: 'DELETE' })).status).toBe(204);
  }, 120_000);

  test('a WEBP photo is accepted; the refusal of other files names WEBP', async () => {
    const webp = await sharp(photo('coffee')).webp().toBuffer();
    const cut = await api('/api/v1/cutouts', bobKey, { method: 'POST', body: imageForm({}, webp) });
    expect(cut.status).toBe(200);
    const body = (await cut.json()) as { id: string; verdict: string; reasons: string[]; maskUrl?: string };
    // The cut-out has its id; the mask the key could not read is no longer offered.
    expect(body).toMatchObject({ id: expect.any(String), verdict: 'accepted', reasons: [] });
    expect(body).not.toHaveProperty('maskUrl');
    expect((await api(`/api/v1/cutouts/${body.id}`, bobKey)).headers.get('content-type')).toBe('image/png');
    const text = await api('/api/v1/cutouts', bobKey, { method: 'POST', body: imageForm({}, Buffer.from('merhaba')) });
    expect(text.status).toBe(422);
    expect((await errorOf(text)).message).toMatch(/WEBP/);
  }, 60_000);

  test('a method a path does not take is 405 with Allow, in the Error shape', async () => {
    for (const [method, path, allow] of [
      ['PUT', '/api/v1/images', 'POST'],
      ['GET', '/api/v1/cutouts', 'POST'],
      ['POST', '/api/v1/generations/00000000-0000-4000-8000-000000000000', 'GET, DELETE'],
      ['DELETE', '/api/v1/account', 'GET'],
    ] as const) {
      const res = await api(path, aliceKey, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe(allow);
      expect(await errorOf(res)).toEqual({
        code: 'METHOD_NOT_ALLOWED',
        message: M.api.errors.methodNotAllowed(allow),
        data: { appCode: 'METHOD_NOT_ALLOWED' },
      });
    }
    expect((await api('/api/v1/yok', aliceKey)).status).toBe(404);
  });
});

describe('Idempotency-Key', () => {
  test('a retry gets the first answer and is not charged again; a different body with the key is 422', async () => {
    const before = await balanceOf(aliceId);
    const send = (key: string, prompt: string) =>
      api('/api/v1/images', aliceKey, {
        method: 'POST',
        headers: { 'idempotency-key': key },
        body: imageForm({ prompt, allowFramed: 'true' }),
      });
    const first = await send('siparis-42', 'mermer zemin');
    expect(first.status).toBe(202);
    const charged = Number(first.headers.get('x-credits-charged'));
    expect(charged).toBeGreaterThan(0);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const { id } = (await first.json()) as { id: string };
    expect(await balanceOf(aliceId)).toBe(before - charged);
    const usedAfterFirst = await uploadsUsed(aliceId);

    const again = await send('siparis-42', 'mermer zemin');
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual({ id, status: 'queued', livemode: true });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('x-credits-charged')).toBe('0');
    expect(await balanceOf(aliceId)).toBe(before - charged);
    expect(await uploadsUsed(aliceId)).toBe(usedAfterFirst);
    const runs = await server.deps.db.selectFrom('generations').select('id').where('user_id', '=', aliceId).execute();
    expect(runs).toHaveLength(1);

    const other = await send('siparis-42', 'ahşap masa');
    expect(other.status).toBe(422);
    expect((await errorOf(other)).message).toBe(M.api.errors.idempotencyMismatch);

    // Another seller's key of the same name is their own.
    const bobs = await api('/api/v1/cutouts', bobKey, {
      method: 'POST',
      headers: { 'idempotency-key': 'siparis-42' },
      body: imageForm({}),
    });
    expect(bobs.status).toBe(200);
    await waitFinished(id, aliceKey);
  }, 120_000);

  test('a refused first request is not stored: corrected, the same key goes through once', async () => {
    const headers = { 'idempotency-key': 'duzeltilen' };
    const refused = await api('/api/v1/cutouts', aliceKey, { method: 'POST', headers, body: imageForm({}, null) });
    expect(refused.status).toBe(422);
    const ok = await api('/api/v1/cutouts', aliceKey, { method: 'POST', headers, body: imageForm({}) });
    expect(ok.status).toBe(200);
    const first = (await ok.json()) as { id: string };
    const replay = await api('/api/v1/cutouts', aliceKey, { method: 'POST', headers, body: imageForm({}) });
    expect(await replay.json()).toEqual(first);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const bad = await api('/api/v1/cutouts', aliceKey, { method: 'POST', headers: { 'idempotency-key': 'é' }, body: imageForm({}) });
    expect(bad.status).toBe(422);
    expect((await errorOf(bad)).message).toBe(M.api.errors.idempotencyKey);
  }, 60_000);

  test('a key older than 24 hours no longer counts', async () => {
    await server.deps.db
      .updateTable('api_idempotency_keys')
      .set({ created_at: new Date(Date.now() - 25 * 3600_000) })
      .where('user_id', '=', aliceId)
      .where('key', '=', 'duzeltilen')
      .execute();
    const res = await api('/api/v1/cutouts', aliceKey, {
      method: 'POST',
      headers: { 'idempotency-key': 'duzeltilen' },
      body: imageForm({}),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
  }, 60_000);
});

describe('credits and limits visible', () => {
  test('GET /api/v1/account: balance, plan, period end, costs and limits', async () => {
    const res = await api('/api/v1/account', aliceKey);
    expect(res.status).toBe(200);
    const account = (await res.json()) as {
      balance: number;
      plan: string | null;
      periodEnd: string | null;
      costs: { image: number; video: number };
      limits: Record<string, { limit: number; remaining: number; windowSeconds: number }>;
    };
    expect(account.balance).toBe(await balanceOf(aliceId));
    const user = await server.deps.db
      .selectFrom('users')
      .select(['plan_code', 'credits_expire_at'])
      .where('id', '=', aliceId)
      .executeTakeFirstOrThrow();
    expect(account.plan).toBe(user.plan_code);
    expect(account.periodEnd).toBe(user.credits_expire_at ? new Date(user.credits_expire_at).toISOString() : null);
    const s = await getSettings(server.deps.db);
    expect(account.costs).toEqual({ image: s.imageCreditCost, video: s.videoCreditCost, cutout: 0, export: 0 });
    expect(account.limits.uploads).toMatchObject({
      limit: SELLER_LIMITS.uploads.limit,
      windowSeconds: SELLER_LIMITS.uploads.windowMs / 1000,
      remaining: SELLER_LIMITS.uploads.limit - (await uploadsUsed(aliceId)),
    });
    expect((await api('/api/v1/account', null)).status).toBe(401);
  });

  test('RateLimit-* headers on a limited call; Remaining goes down by one per counted upload', async () => {
    const a = await api('/api/v1/cutouts', bobKey, { method: 'POST', body: imageForm({}) });
    const b = await api('/api/v1/cutouts', bobKey, { method: 'POST', body: imageForm({}) });
    expect(a.headers.get('ratelimit-limit')).toBe(String(SELLER_LIMITS.uploads.limit));
    expect(Number(b.headers.get('ratelimit-remaining'))).toBe(Number(a.headers.get('ratelimit-remaining')) - 1);
    expect(Number(a.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    expect(Number(a.headers.get('ratelimit-reset'))).toBeLessThanOrEqual(SELLER_LIMITS.uploads.windowMs / 1000);
  }, 60_000);

  test('every /api/v1 answer carries RateLimit-*: the request limit per seller (per address without a key); over it 429', async () => {
    const limited = (res: Response) => ({
      limit: res.headers.get('ratelimit-limit'),
      remaining: Number(res.headers.get('ratelimit-remaining')),
      reset: Number(res.headers.get('ratelimit-reset')),
    });
    const seller = String(API_REQUEST_LIMITS.seller.limit);
    const address = String(API_REQUEST_LIMITS.address.limit);
    const a = limited(await api('/api/v1/account', aliceKey));
    const b = limited(await api('/api/v1/generations', aliceKey));
    expect(a.limit).toBe(seller);
    expect(b).toMatchObject({ limit: seller, remaining: a.remaining - 1 });
    expect(b.reset).toBeGreaterThan(0);
    expect(b.reset).toBeLessThanOrEqual(API_REQUEST_LIMITS.seller.windowMs / 1000);
    // Refusals and the open document carry them too.
    expect(limited(await api('/api/v1/generations/00000000-0000-4000-8000-000000000000', aliceKey)).limit).toBe(seller);
    expect(limited(await api('/api/v1/account', aliceKey, { method: 'PUT' })).limit).toBe(seller);
    expect(limited(await api('/api/v1/nothing-here', aliceKey)).limit).toBe(seller);
    expect(limited(await api('/api/v1/account', null)).limit).toBe(address);
    expect(limited(await api('/api/v1/account', 'vk_live_' + 'x'.repeat(40))).limit).toBe(address);
    expect(limited(await api('/api/v1/openapi.json', null)).limit).toBe(address);
    // The account shows where the request limit stands.
    const account = (await (await api('/api/v1/account', aliceKey)).json()) as {
      limits: { requests: { limit: number; remaining: number } };
    };
    expect(account.limits.requests.limit).toBe(API_REQUEST_LIMITS.seller.limit);
    expect(account.limits.requests.remaining).toBeLessThan(API_REQUEST_LIMITS.seller.limit);
    // Over the limit: 429 with Retry-After, in the Error shape; Bob's own limit is untouched.
    await server.deps.db
      .updateTable('rate_limits')
      .set({ count: API_REQUEST_LIMITS.seller.limit })
      .where('key', '=', `requests:user:${aliceId}`)
      .execute();
    const over = await api('/api/v1/account', aliceKey);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited(over)).toMatchObject({ limit: seller, remaining: 0 });
    expect((await errorOf(over)).code).toBe('RATE_LIMITED');
    expect((await api('/api/v1/account', bobKey)).status).toBe(200);
    await server.deps.db.deleteFrom('rate_limits').where('key', '=', `requests:user:${aliceId}`).execute();
  });

  test('exports of unknown ids do not lock out real exports; an unfinished own run is 409 with its status', async () => {
    for (let i = 0; i <= SELLER_LIMITS.exports.limit; i++) {
      const res = await api(`/api/v1/generations/00000000-0000-4000-8000-00000000000${i % 10}/export/trendyol`, aliceKey);
      expect(res.status).toBe(404);
    }
    const [run] = await server.deps.db.selectFrom('generations').select(['id', 'status']).where('user_id', '=', aliceId).execute();
    await server.deps.db.updateTable('generations').set({ status: 'processing' }).where('id', '=', run!.id).execute();
    const busy = await api(`/api/v1/generations/${run!.id}/export/trendyol`, aliceKey);
    expect(busy.status).toBe(409);
    expect(await errorOf(busy)).toMatchObject({ code: 'CONFLICT', message: M.api.errors.notFinished('processing') });
    await server.deps.db.updateTable('generations').set({ status: run!.status }).where('id', '=', run!.id).execute();
    const zip = await api(`/api/v1/generations/${run!.id}/export/trendyol`, aliceKey);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('ratelimit-remaining')).toBe(String(SELLER_LIMITS.exports.limit - 1));
  }, 60_000);
});

describe('listing and deleting', () => {
  let ids: string[] = [];

  test('GET /api/v1/generations: newest first, a page at a time by cursor, filtered by type and status', async () => {
    // Two more runs of Alice's: a video and an image (the first image is from the idempotency test).
    const video = await api('/api/v1/videos', aliceKey, {
      method: 'POST',
      body: imageForm({ prompt: 'dönen ürün', duration: '5', aspectRatio: '9:16', allowFramed: 'true' }),
    });
    expect(video.status).toBe(202);
    const image = await api('/api/v1/images', aliceKey, {
      method: 'POST',
      body: imageForm({ prompt: 'beton zemin', allowFramed: 'true' }),
    });
    expect(image.status).toBe(202);
    const rows = await server.deps.db
      .selectFrom('generations')
      .select(['id', 'type'])
      .where('user_id', '=', aliceId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    ids = rows.map((r) => r.id);
    expect(ids).toHaveLength(3);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await api(`/api/v1/generations?limit=2${cursor ? `&cursor=${cursor}` : ''}`, aliceKey);
      expect(res.status).toBe(200);
      const page = (await res.json()) as { data: TApiGeneration[]; nextCursor: string | null };
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((g) => g.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(ids);

    const videos = (await (await api('/api/v1/generations?type=video', aliceKey)).json()) as { data: TApiGeneration[] };
    expect(videos.data.map((g) => g.id)).toEqual(rows.filter((r) => r.type === 'video').map((r) => r.id));
    const first = (await (await api(`/api/v1/generations?type=image&limit=1`, aliceKey)).json()) as { data: TApiGeneration[] };
    // A generation shows its prompt, creation time and cost.
    expect(first.data[0]).toMatchObject({
      id: ids[0],
      prompt: 'beton zemin',
      createdAt: expect.any(String),
      creditsUsed: expect.any(Number),
    });
    expect(first.data[0]!.creditsUsed).toBeGreaterThan(0);
    // The oldest (from the idempotency test) has finished.
    const completed = (await (await api('/api/v1/generations?status=completed', aliceKey)).json()) as { data: TApiGeneration[] };
    expect(completed.data.map((g) => g.id)).toEqual([ids[2]]);
    // Bob sees none of them; bad parameters are a 422.
    expect(((await (await api('/api/v1/generations', bobKey)).json()) as { data: unknown[] }).data).toEqual([]);
    expect((await api('/api/v1/generations?limit=0', aliceKey)).status).toBe(422);
    expect((await api('/api/v1/generations?status=bitti', aliceKey)).status).toBe(422);
  }, 60_000);

  test("a generation shows its prompt, creation time and cost; its photo is served again to the key's seller only", async () => {
    const id = ids[2]!;
    const g = (await (await api(`/api/v1/generations/${id}`, aliceKey)).json()) as TApiGeneration;
    const row = await server.deps.db
      .selectFrom('generations')
      .innerJoin('uploads', 'uploads.id', 'generations.upload_id')
      .select(['generations.created_at', 'generations.credits_used', 'generations.parameters', 'uploads.storage_key'])
      .where('generations.id', '=', id)
      .executeTakeFirstOrThrow();
    expect(g).toMatchObject({
      prompt: (row.parameters as { prompt: string }).prompt,
      creditsUsed: row.credits_used,
      createdAt: new Date(row.created_at).toISOString(),
    });
    expect(g.photoUrl).toBe(`${server.url}/api/v1/generations/${id}/photo`);
    const res = await api(g.photoUrl, aliceKey);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals((await server.deps.storage.get(row.storage_key))!.bytes)).toBe(true);
    expect(res.headers.get('content-type')).toMatch(/^image\//);
    const other = await api(g.photoUrl, bobKey);
    expect(other.status).toBe(404);
    expect((await errorOf(other)).code).toBe('NOT_FOUND');
    expect((await api(g.photoUrl, null)).status).toBe(401);
    expect((await api(`/api/v1/generations/00000000-0000-4000-8000-000000000000/photo`, aliceKey)).status).toBe(404);
  });

  test('DELETE /api/v1/generations/{id}: the files go, the run is no longer shown; unfinished is 409, others 404', async () => {
    const id = ids[2]!;
    const row = await server.deps.db.selectFrom('generations').select('outputs').where('id', '=', id).executeTakeFirstOrThrow();
    const keys = (row.outputs as Array<{ key: string; thumbKey: string }>).flatMap((o) => [o.key, o.thumbKey]);
    expect(keys.length).toBeGreaterThan(0);
    for (const k of keys) expect(await server.deps.storage.get(k)).not.toBeNull();

    await server.deps.db.updateTable('generations').set({ status: 'queued' }).where('id', '=', id).execute();
    const busy = await api(`/api/v1/generations/${id}`, aliceKey, { method: 'DELETE' });
    expect(busy.status).toBe(409);
    expect((await errorOf(busy)).message).toBe(M.api.errors.notFinished('queued'));
    await server.deps.db.updateTable('generations').set({ status: 'completed' }).where('id', '=', id).execute();

    expect((await api(`/api/v1/generations/${id}`, bobKey, { method: 'DELETE' })).status).toBe(404);
    const before = await balanceOf(aliceId);
    const del = await api(`/api/v1/generations/${id}`, aliceKey, { method: 'DELETE' });
    expect(del.status).toBe(204);
    for (const k of keys) expect(await server.deps.storage.get(k)).toBeNull();
    expect((await api(`/api/v1/generations/${id}`, aliceKey)).status).toBe(404);
    expect((await api(`/api/v1/generations/${id}/outputs/0`, aliceKey)).status).toBe(404);
    expect((await api(`/api/v1/generations/${id}/photo`, aliceKey)).status).toBe(404);
    expect((await api(`/api/v1/generations/${id}`, aliceKey, { method: 'DELETE' })).status).toBe(404);
    const list = (await (await api('/api/v1/generations', aliceKey)).json()) as { data: TApiGeneration[] };
    expect(list.data.map((g) => g.id)).toEqual([ids[0], ids[1]]);
    expect(await balanceOf(aliceId)).toBe(before);
  });
});

describe('the document', () => {
  test('is served in the language asked for, each language its own (not the first one asked)', async () => {
    const en = (await (await api('/api/v1/openapi.json', null, { headers: { 'accept-language': 'en' } })).json()) as {
      info: { title: string; description: string };
    };
    const tr = (await (await api('/api/v1/openapi.json', null, { headers: { 'accept-language': 'tr' } })).json()) as {
      info: { description: string };
    };
    expect(en.info.description).toContain(messagesFor('en').apiDocs.intro);
    expect(tr.info.description).toContain(messagesFor('tr').apiDocs.intro);
    const page = await (await api('/api/docs', null)).text();
    expect(page).toContain('Idempotency-Key');
    expect(page).toContain('NEEDS_FRAMED_CONSENT');
  });

  test("the API table in docs/api.md and /api/docs name exactly the document's operations", async () => {
    const doc = (await (await api('/api/v1/openapi.json', null)).json()) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(doc.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    const readme = readFileSync(join(__dirname, '..', '..', 'docs', 'api.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Seller API'), readme.indexOf('**Webhooks.**', readme.indexOf('## Seller API')));
    const rows = [...section.matchAll(/^\| `([^|]+)`/gm)].flatMap((m) =>
      m[1]!.split('`, `').map((r) => r.replace('/outputs/{i}', '/outputs/{index}')),
    );
    expect(
      rows
        .filter((r) => r.startsWith('GET ') || r.startsWith('POST ') || r.startsWith('DELETE '))
        .filter((r) => r.includes('/api/v1/'))
        .sort(),
    ).toEqual(operations);
    const page = await (await api('/api/docs', null)).text();
    for (const o of operations) expect(page).toContain(`<code>${o}</code>`);
  });
});
