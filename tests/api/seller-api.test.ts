import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HttpClient, startTestServer, validSignUp } from '../helpers/server';
import type { RunningServer } from '../../server/index';
import { M } from '../../shared/messages';
import { SELLER_LIMITS } from '../../shared/constants';
import { EXPORT_PRESETS } from '../../shared/export-presets';
import type { TApiGeneration, TWebhookEvent } from '../../shared/schemas/api';
import { photo } from '../studio/photos';
import { unzip } from '../exports/helpers';
import { waitFor } from '../helpers/wait';

/**
 * The seller API over real HTTP, as an integrator uses it: keys from the page's procedures, then
 * only `Authorization: Bearer` requests (no cookie, no Origin), a run on the local offline studio,
 * its outputs and the Trendyol zip with the same key, and the webhook received by a local server.
 */
let server: RunningServer;
let alice: HttpClient;
let bob: HttpClient;
let aliceKey: string;
let bobKey: string;
let aliceId: string;
let bobId: string;

/** What the local webhook receiver got: raw body and signature header; it answers 500 to the first request. */
const received: Array<{ body: string; signature: string | undefined }> = [];
let receiver: Server;
let receiverUrl: string;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: req.headers['x-vitrin-signature'] as string | undefined });
      res.writeHead(received.length === 1 ? 500 : 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/vitrin-hook`;

  server = await startTestServer(
    { WORKER_CONCURRENCY: '1', API_WEBHOOKS_ALLOW_PRIVATE: 'true' },
    { webhookSender: { pollMs: 100, retryBaseMs: 200 } },
  );
  alice = new HttpClient(server.url);
  bob = new HttpClient(server.url);
  aliceId = (await alice.mutate('auth.signUp', validSignUp('alice@example.com'))).data.user!.id;
  bobId = (await bob.mutate('auth.signUp', validSignUp('bob@example.com'))).data.user!.id;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** A request as an integrator sends it: the key only, no cookie, no Origin. */
function api(path: string, key: string | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (key) headers.set('authorization', `Bearer ${key}`);
  return fetch(path.startsWith('http') ? path : server.url + path, { ...init, headers });
}

function imageForm(fields: Record<string, string>, bytes: Buffer | null = photo('coffee')) {
  const fd = new FormData();
  if (bytes) fd.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'fincan.jpg');
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}

/** The documented part of an error body: `{ code, message }`. */
async function errorOf(res: Response) {
  const { code, message } = ((await res.json()) as { error: { code: string; message: string } }).error;
  return { code, message };
}

async function waitFinished(id: string, key: string): Promise<TApiGeneration> {
  return waitFor(
    async () => {
      const g = (await (await api(`/api/v1/generations/${id}`, key)).json()) as TApiGeneration;
      return g.status === 'completed' || g.status === 'failed' ? g : undefined;
    },
    { timeout: 150_000, what: 'the run to finish' },
  );
}

const balanceOf = async (userId: string) =>
  (await server.deps.db.selectFrom('users').select('credits_balance').where('id', '=', userId).executeTakeFirstOrThrow()).credits_balance;

describe('keys', () => {
  test('a key is shown once, prefixed vk_live_, stored hashed; the list shows only its prefix', async () => {
    const created = await alice.mutate('apiKeys.create', { name: 'Mağaza' });
    expect(created.error).toBeUndefined();
    aliceKey = created.data.key;
    expect(aliceKey).toMatch(/^vk_live_[a-z2-7]{48}$/);
    const list = await alice.query('apiKeys.list');
    expect(list.data).toEqual([
      { id: created.data.id, name: 'Mağaza', prefix: aliceKey.slice(0, 12), mode: 'live', createdAt: expect.any(String), lastUsedAt: null },
    ]);
    const row = await server.deps.db.selectFrom('api_keys').selectAll().where('id', '=', created.data.id).executeTakeFirstOrThrow();
    expect(Buffer.from(row.key_hash).toString('hex')).not.toContain(Buffer.from(aliceKey).toString('hex'));
    expect(JSON.stringify(row)).not.toContain(aliceKey);
    bobKey = (await bob.mutate('apiKeys.create', { name: 'Ajans' })).data.key;
    // An empty name is refused with the Turkish text.
    const empty = await alice.mutate('apiKeys.create', { name: '  ' });
    expect(empty.error?.message).toBe(M.api.keyNameRequired);
  });

  test('signed out, the key procedures are refused', async () => {
    const anon = new HttpClient(server.url);
    expect((await anon.query('apiKeys.list')).error?.data.appCode).toBe('UNAUTHENTICATED');
  });

  test('401 for a missing, malformed or wrong key, in the JSON error shape with the Turkish text', async () => {
    for (const key of [null, 'vk_live_yanlis', aliceKey.slice(0, -1) + (aliceKey.endsWith('a') ? 'b' : 'a'), 'abc']) {
      const res = await api('/api/v1/generations/00000000-0000-4000-8000-000000000000', key);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(await errorOf(res)).toEqual({ code: 'UNAUTHENTICATED', message: M.api.errors.unauthorized });
    }
    const post = await api('/api/v1/images', null, { method: 'POST', body: imageForm({ prompt: 'mermer' }) });
    expect(post.status).toBe(401);
  });
});

describe('documents', () => {
  test('the OpenAPI document is made from the request schemas; /api/docs is the Turkish reference', async () => {
    const doc = (await (await api('/api/v1/openapi.json', null)).json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, { required?: string[]; properties: Record<string, { enum?: string[] }> }> };
      webhooks: Record<string, unknown>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/images',
        '/api/v1/videos',
        '/api/v1/generations/{id}',
        '/api/v1/cutouts',
        '/api/v1/generations/{id}/export/{preset}',
        '/api/v1/openapi.json',
      ]),
    );
    expect(doc.components.schemas.ImageForm!.required).toEqual(['photo', 'prompt']);
    expect(Object.keys(doc.components.schemas.ImageForm!.properties)).toEqual([
      'photo',
      'prompt',
      'category',
      'subject',
      'scene',
      'allowFramed',
    ]);
    expect(doc.components.schemas.VideoForm!.properties.aspectRatio!.enum).toEqual(['16:9', '9:16']);
    expect(doc.webhooks.generationFinished).toBeDefined();
    const page = await api('/api/docs', null);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('lang="tr"');
    expect(html).toContain(M.apiDocs.quickstartTitle);
    expect(html).toContain('/api/v1/generations/URETIM_ID/export/trendyol');
    expect(html).toContain('X-Vitrin-Signature');
  });
});

describe('a run over the API', () => {
  let runId: string;
  let secret: string;

  test('the webhook URL is saved with a secret shown once', async () => {
    const r = await alice.mutate('apiKeys.setWebhook', { url: receiverUrl });
    expect(r.error).toBeUndefined();
    secret = r.data.secret;
    expect(secret).toMatch(/^whsec_/);
    expect((await alice.query('apiKeys.webhook')).data.url).toBe(receiverUrl);
  });

  test('POST /api/v1/images → 202, charged like a page run, queued and finished by the local studio', async () => {
    const before = await balanceOf(aliceId);
    const res = await api('/api/v1/images', aliceKey, {
      method: 'POST',
      body: imageForm({ prompt: 'mermer zemin, gün ışığı', allowFramed: 'true' }),
    });
    expect(res.status).toBe(202);
    const body = (await res.json()) as { id: string; status: string };
    expect(body).toEqual({ id: expect.any(String), status: 'queued', livemode: true });
    runId = body.id;
    const cost = await server.deps.db
      .selectFrom('generations')
      .select(['credits_used', 'api_key_id'])
      .where('id', '=', runId)
      .executeTakeFirstOrThrow();
    expect(await balanceOf(aliceId)).toBe(before - cost.credits_used);
    expect(cost.api_key_id).not.toBeNull();
    // The web app sees the same run.
    expect((await alice.query('generations.get', { id: runId })).data.status).toMatch(/queued|processing|completed/);

    const g = await waitFinished(runId, aliceKey);
    expect(g.status).toBe('completed');
    expect(g.type).toBe('image');
    expect(g.progress).toBe(100);
    expect(g.outputs).toHaveLength(4);
    expect(g.outputs.map((o) => o.role)).toEqual(['white', 'scene', 'scene', 'scene']);
    expect(g.cutoutUrl).toMatch(new RegExp(`^${server.url.replace(/[.:/]/g, '\\$&')}/api/v1/cutouts/`));
    for (const [i, o] of g.outputs.entries()) {
      expect(o.url).toBe(`${server.url}/api/v1/generations/${runId}/outputs/${i}`);
      const file = await api(o.url, aliceKey);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/jpeg');
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect({ width: meta.width, height: meta.height }).toEqual({ width: o.width, height: o.height });
    }
    const cut = await api(g.cutoutUrl!, aliceKey);
    expect(cut.headers.get('content-type')).toBe('image/png');
    // The outputs need the key.
    expect((await api(g.outputs[0]!.url, null)).status).toBe(401);
  }, 180_000);

  test("another seller's key gets 404 for the run, its outputs, cut-out and export", async () => {
    for (const path of [
      `/api/v1/generations/${runId}`,
      `/api/v1/generations/${runId}/outputs/0`,
      `/api/v1/generations/${runId}/export/trendyol`,
    ]) {
      const res = await api(path, bobKey);
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toEqual({ code: 'NOT_FOUND', message: M.api.errors.notFound });
    }
    const g = (await (await api(`/api/v1/generations/${runId}`, aliceKey)).json()) as TApiGeneration;
    expect((await api(g.cutoutUrl!, bobKey)).status).toBe(404);
    expect((await api('/api/v1/generations/not-a-uuid', aliceKey)).status).toBe(404);
    expect((await api(`/api/v1/generations/${runId}/outputs/9`, aliceKey)).status).toBe(404);
  });

  test('the Trendyol zip with the same key', async () => {
    const res = await api(`/api/v1/generations/${runId}/export/trendyol`, aliceKey);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const files = await unzip(Buffer.from(await res.arrayBuffer()));
    const jpegs = [...files.keys()].filter((n) => n.endsWith('.jpg'));
    expect(jpegs).toHaveLength(4);
    const { width, height } = EXPORT_PRESETS.trendyol;
    for (const name of jpegs) expect(await sharp(files.get(name)!).metadata()).toMatchObject({ width, height, format: 'jpeg' });
    expect((await api(`/api/v1/generations/${runId}/export/yok`, aliceKey)).status).toBe(404);
  }, 120_000);

  test('the webhook is signed, retried after a failed answer, and every attempt is shown to the seller', async () => {
    await waitFor(() => received.length >= 2, { timeout: 20_000, what: 'two webhook attempts' });
    expect(received).toHaveLength(2);
    for (const { body, signature } of received) {
      const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature ?? '');
      expect(m).not.toBeNull();
      const expected = createHmac('sha256', secret).update(`${m![1]}.${body}`).digest();
      expect(timingSafeEqual(Buffer.from(m![2]!, 'hex'), expected)).toBe(true);
      expect(Math.abs(Number(m![1]) - Date.now() / 1000)).toBeLessThan(120);
      const event = JSON.parse(body) as TWebhookEvent;
      expect(event.type).toBe('generation.completed');
      expect(event.data).toEqual((await (await api(`/api/v1/generations/${runId}`, aliceKey)).json()) as TApiGeneration);
    }
    // A tampered body does not verify.
    const [t, v1] = received[1]!.signature!.split(',').map((p) => p.split('=')[1]!);
    expect(createHmac('sha256', secret).update(`${t}.${received[1]!.body} `).digest('hex')).not.toBe(v1);

    const hook = await waitFor(
      async () => {
        const h = (await alice.query('apiKeys.webhook')).data;
        return h.deliveries[0]?.status === 'delivered' ? h : undefined;
      },
      { what: 'the delivery to be shown delivered' },
    );
    expect(hook.deliveries).toHaveLength(1);
    expect(hook.deliveries[0]).toMatchObject({ eventType: 'generation.completed', generationId: runId, status: 'delivered' });
    expect(hook.deliveries[0]!.attempts.map((a) => a.statusCode)).toEqual([500, 200]);
    // Bob sees none of Alice's deliveries.
    expect((await bob.query('apiKeys.webhook')).data).toEqual({ url: null, previousSecretUntil: null, deliveries: [] });
  }, 60_000);

  test('POST /api/v1/cutouts answers the cut-out, readable with the key', async () => {
    const res = await api('/api/v1/cutouts', aliceKey, { method: 'POST', body: imageForm({}) });
    expect(res.status).toBe(200);
    const cut = (await res.json()) as { cutoutUrl: string | null; width: number; height: number; note: string | null };
    expect(cut).toMatchObject({ width: 600, height: 400, note: null });
    const png = await api(cut.cutoutUrl!, aliceKey);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await png.arrayBuffer())).metadata()).hasAlpha).toBe(true);
  }, 60_000);

  test('POST /api/v1/videos → 202; the run is a video on the same queue', async () => {
    const res = await api('/api/v1/videos', aliceKey, {
      method: 'POST',
      body: imageForm({
        prompt: 'mermer tezgah',
        duration: '5',
        aspectRatio: '16:9',
        scene: '{"background":"#FFFFFF","reflection":false}',
      }),
    });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    const g = (await (await api(`/api/v1/generations/${id}`, aliceKey)).json()) as TApiGeneration;
    expect(g).toMatchObject({ id, type: 'video' });
    const row = await server.deps.db
      .selectFrom('generations')
      .select(['parameters', 'api_key_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // The scene controls reach the run as the page's would (the colour read as the schema writes it).
    expect(row.parameters).toMatchObject({
      prompt: 'mermer tezgah',
      duration: 5,
      aspectRatio: '16:9',
      scene: { background: '#ffffff', reflection: false },
    });
    expect(row.api_key_id).not.toBeNull();
  });
});

describe('refusals', () => {
  test('422 with a Turkish text for bad forms, and nothing is charged', async () => {
    const before = await balanceOf(bobId);
    const cases: Array<[FormData, string]> = [
      [imageForm({ prompt: 'mermer' }, null), M.api.errors.needPhoto],
      [imageForm({}), M.generation.needPhotoAndPrompt],
      [imageForm({ prompt: 'mermer', subject: '{bozuk' }), M.api.errors.badSubject],
      [imageForm({ prompt: 'mermer', scene: '{bozuk' }), M.api.errors.badScene],
      [imageForm({ prompt: 'mermer', scene: '{"shadow":7}' }), M.generation.sceneControl],
      [imageForm({ prompt: 'mermer', allowFramed: 'belki' }), M.api.errors.badAllowFramed],
    ];
    for (const [body, message] of cases) {
      const res = await api('/api/v1/images', bobKey, { method: 'POST', body });
      expect(res.status).toBe(422);
      expect(await errorOf(res)).toEqual({ code: 'VALIDATION', message });
    }
    const video = await api('/api/v1/videos', bobKey, {
      method: 'POST',
      body: imageForm({ prompt: 'x', duration: '99', aspectRatio: '16:9' }),
    });
    expect(video.status).toBe(422);
    expect((await errorOf(video)).message).toBe(M.generation.durationRange);
    const notAPhoto = await api('/api/v1/images', bobKey, {
      method: 'POST',
      body: imageForm({ prompt: 'mermer' }, Buffer.from('merhaba')),
    });
    expect(notAPhoto.status).toBe(422);
    expect(await balanceOf(bobId)).toBe(before);
  });

  test('402 when the credits do not cover the run; nothing is queued', async () => {
    await server.deps.db.updateTable('users').set({ credits_balance: 0 }).where('id', '=', bobId).execute();
    const res = await api('/api/v1/images', bobKey, { method: 'POST', body: imageForm({ prompt: 'mermer zemin' }) });
    expect(res.status).toBe(402);
    expect(await errorOf(res)).toEqual({ code: 'INSUFFICIENT_CREDITS', message: M.generation.insufficient });
    const runs = await server.deps.db.selectFrom('generations').select('id').where('user_id', '=', bobId).execute();
    expect(runs).toHaveLength(0);
    expect(await balanceOf(bobId)).toBe(0);
  });

  test('429 with Retry-After from the per-seller limits the page uses', async () => {
    const { limit, windowMs } = SELLER_LIMITS.uploads;
    // Bob has used up his uploads in this window (as if from the page).
    await server.deps.db
      .insertInto('rate_limits')
      .values({ key: `uploads:user:${bobId}`, count: limit, reset_at: new Date(Date.now() + windowMs) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ count: limit, reset_at: new Date(Date.now() + windowMs) }))
      .execute();
    for (const path of ['/api/v1/images', '/api/v1/cutouts', '/api/v1/videos']) {
      const res = await api(path, bobKey, { method: 'POST', body: imageForm({ prompt: 'mermer' }) });
      expect(res.status).toBe(429);
      const after = Number(res.headers.get('retry-after'));
      expect(after).toBeGreaterThan(0);
      expect(after).toBeLessThanOrEqual(windowMs / 1000);
      expect(await errorOf(res)).toEqual({ code: 'RATE_LIMITED', message: M.fairShare.uploads(Math.ceil(after / 60)) });
    }
    // The page's upload route shares the same counter.
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(photo('coffee'))], { type: 'image/jpeg' }), 'a.jpg');
    expect((await bob.raw('/api/uploads', { method: 'POST', body: fd })).status).toBe(429);
  });
});

describe('revoking', () => {
  test('a key revoked by its seller is 401 at once', async () => {
    const { data } = await alice.mutate('apiKeys.create', { name: 'Geçici' });
    expect((await api('/api/v1/generations/00000000-0000-4000-8000-000000000000', data.key)).status).toBe(404);
    expect((await alice.mutate('apiKeys.revoke', { id: data.id })).error).toBeUndefined();
    const res = await api('/api/v1/generations/00000000-0000-4000-8000-000000000000', data.key);
    expect(res.status).toBe(401);
    expect((await alice.query('apiKeys.list')).data.map((k) => k.id)).not.toContain(data.id);
    // Another seller cannot revoke Alice's key.
    const list = (await alice.query('apiKeys.list')).data;
    expect((await bob.mutate('apiKeys.revoke', { id: list[0]!.id })).error?.data.appCode).toBe('NOT_FOUND');
  });

  test("the admin sees a seller's API usage and revokes a key, audited", async () => {
    const admin = new HttpClient(server.url);
    expect((await admin.mutate('admin.login', { email: 'admin@test.local', password: 'admin-secret-1' })).error).toBeUndefined();
    const usage = (await admin.query('admin.apiKeys.usage', { id: aliceId })).data;
    const main = usage.keys.find((k) => k.prefix === aliceKey.slice(0, 12))!;
    expect(main.requestCount).toBeGreaterThan(5);
    expect(main.runs).toBe(2);
    expect(main.lastUsedAt).not.toBeNull();
    expect(usage.runs).toBe(2);
    expect(usage.credits).toBeGreaterThan(0);
    expect(usage.webhookUrl).toBe(receiverUrl);
    expect(usage.keys.some((k) => k.revokedAt)).toBe(true);
    // Sellers cannot call the admin procedures.
    expect((await alice.query('admin.apiKeys.usage', { id: aliceId })).error?.data.appCode).toBe('NOT_ADMIN');

    expect((await admin.mutate('admin.apiKeys.revoke', { id: main.id })).error).toBeUndefined();
    expect((await api(`/api/v1/generations/00000000-0000-4000-8000-000000000000`, aliceKey)).status).toBe(401);
    const log = await server.deps.db.selectFrom('admin_logs').selectAll().where('action', '=', 'api_key.revoke').execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ target_type: 'api_key', target_id: main.id });
    expect((await admin.mutate('admin.apiKeys.revoke', { id: main.id })).error?.data.appCode).toBe('NOT_FOUND');
  });

  test('removing the webhook stops deliveries', async () => {
    expect((await alice.mutate('apiKeys.removeWebhook')).error).toBeUndefined();
    expect((await alice.query('apiKeys.webhook')).data.url).toBeNull();
  });
});
