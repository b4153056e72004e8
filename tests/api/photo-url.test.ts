import http from 'node:http';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HttpClient, startTestServer, validSignUp } from '../helpers/server';
import type { RunningServer } from '../../server/index';
import { M } from '../../shared/messages';
import { photo } from '../studio/photos';
import { fetchPhoto } from '../../server/services/photo-url';
import { AppError } from '../../server/errors';

/**
 * Issue 34 item 7: `photoUrl` in a JSON body instead of the multipart file, fetched by the server
 * under the webhook's SSRF rules (resolved addresses checked, redirects checked at every hop),
 * 10 MB and time limits, the content judged as uploads are. The photos come from a local HTTP
 * server (the test server allows private addresses, as the webhook tests do); a server that does
 * not allow them refuses the same address without connecting.
 */
let server: RunningServer;
let source: http.Server;
let base: string;
let key: string;
let userId: string;
const hits: string[] = [];
const coffee = photo('coffee');

beforeAll(async () => {
  source = http.createServer((req, res) => {
    hits.push(req.url!);
    const u = new URL(req.url!, 'http://x');
    if (u.pathname === '/urun.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(coffee);
    // Text that says it is a JPEG: judged by its content.
    if (u.pathname === '/yalan.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end('merhaba dünya');
    if (u.pathname === '/buyuk.jpg') {
      // 10 MB + 1 without Content-Length (chunked): cut off while it arrives.
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      const chunk = Buffer.alloc(1024 * 1024, 1);
      for (let i = 0; i < 10; i++) res.write(chunk);
      return res.end(Buffer.alloc(1, 1));
    }
    if (u.pathname === '/tasindi') return res.writeHead(302, { location: '/urun.jpg' }).end();
    const hop = /^\/dongu\/(\d+)$/.exec(u.pathname);
    if (hop) return res.writeHead(302, { location: `/dongu/${Number(hop[1]) + 1}` }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => source.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
  server = await startTestServer({ WORKER_CONCURRENCY: '1', API_WEBHOOKS_ALLOW_PRIVATE: 'true' });
  const alice = new HttpClient(server.url);
  userId = (await alice.mutate('auth.signUp', validSignUp('alice@example.com'))).data.user!.id;
  key = (await alice.mutate('apiKeys.create', { name: 'URL' })).data.key;
  await server.deps.db.updateTable('users').set({ credits_balance: 100 }).execute();
}, 60_000);

afterAll(async () => {
  await server?.close();
  await new Promise((r) => source.close(r));
});

function postJson(path: string, body: unknown) {
  return fetch(server.url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

const uploadsUsed = async () =>
  (await server.deps.db.selectFrom('rate_limits').select('count').where('key', '=', `uploads:user:${userId}`).executeTakeFirst())?.count ??
  0;

describe('photoUrl', () => {
  test('a cut-out and an image run from a photo at a URL (a redirect followed), as from an uploaded one', async () => {
    const cut = await postJson('/api/v1/cutouts', { photoUrl: `${base}/tasindi` });
    expect(cut.status).toBe(200);
    const body = (await cut.json()) as { id: string; width: number; height: number };
    const stored = await server.deps.db
      .selectFrom('uploads')
      .select(['width', 'height'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect([body.width, body.height]).toEqual([stored.width, stored.height]);
    expect(hits).toEqual(['/tasindi', '/urun.jpg']);

    const before = (await server.deps.db.selectFrom('users').select('credits_balance').where('id', '=', userId).executeTakeFirstOrThrow())
      .credits_balance;
    const run = await postJson('/api/v1/images', {
      photoUrl: `${base}/urun.jpg`,
      prompt: 'mermer zemin',
      allowFramed: true,
      scene: { background: '#ffffff', seed: 7 },
    });
    expect(run.status).toBe(202);
    const charged = Number(run.headers.get('x-credits-charged'));
    expect(charged).toBeGreaterThan(0);
    const { id } = (await run.json()) as { id: string };
    const after = (await server.deps.db.selectFrom('users').select('credits_balance').where('id', '=', userId).executeTakeFirstOrThrow())
      .credits_balance;
    expect(before - after).toBe(charged);
    // The run's photo is the fetched one, served again by the API.
    const again = await fetch(`${server.url}/api/v1/generations/${id}/photo`, { headers: { authorization: `Bearer ${key}` } });
    expect(again.status).toBe(200);
    expect(again.headers.get('content-type')).toBe('image/jpeg');
  }, 60_000);

  test('refusals: bad JSON, bad fields (nothing fetched), no photoUrl, not a photo, over 10 MB, 404, too many redirects; none counted', async () => {
    const used = await uploadsUsed();
    hits.length = 0;
    const cases: Array<[string, unknown, number, string]> = [
      ['/api/v1/images', '{"photoUrl": ', 422, M.api.errors.badJson],
      ['/api/v1/images', '[1,2]', 422, M.api.errors.badJson],
      ['/api/v1/videos', { photoUrl: `${base}/urun.jpg`, prompt: 'x', duration: 4, aspectRatio: '9:16' }, 422, ''],
      ['/api/v1/images', { photoUrl: `${base}/urun.jpg`, prompt: 'x', allowFramed: 'belki' }, 422, M.api.errors.badAllowFramed],
      ['/api/v1/images', { prompt: 'mermer' }, 422, M.api.errors.needPhotoUrl],
      ['/api/v1/cutouts', { photoUrl: 'ftp://example.com/a.jpg' }, 422, M.api.errors.photoUrlInvalid],
    ];
    for (const [path, body, status, message] of cases) {
      const res = await postJson(path, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      const err = await errorOf(res);
      expect(err.code).toBe('VALIDATION');
      if (message) expect(err.message).toBe(message);
    }
    // Refused before anything was fetched.
    expect(hits).toEqual([]);

    const fetched: Array<[string, number, string, string]> = [
      [`${base}/yalan.jpg`, 422, 'VALIDATION', M.generation.fileType],
      [`${base}/buyuk.jpg`, 413, 'QUOTA_EXCEEDED', M.generation.fileTooLarge],
      [`${base}/yok.jpg`, 422, 'VALIDATION', M.api.errors.photoUrlStatus(404)],
      [`${base}/dongu/0`, 422, 'VALIDATION', M.api.errors.photoUrlRedirects(3)],
    ];
    for (const [photoUrl, status, code, message] of fetched) {
      const res = await postJson('/api/v1/cutouts', { photoUrl });
      expect(res.status, photoUrl).toBe(status);
      expect(await errorOf(res)).toMatchObject({ code, message });
    }
    expect(hits.filter((h) => h.startsWith('/dongu/'))).toHaveLength(4);
    expect(await uploadsUsed()).toBe(used);
  }, 60_000);

  test("the SSRF guard: without the operator's allowance, loopback and names resolving to it are refused unconnected", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'photo-url-'));
    try {
      hits.length = 0;
      const policy = { requireHttps: false, allowPrivate: false };
      const port = (source.address() as AddressInfo).port;
      for (const url of [`${base}/urun.jpg`, `http://localhost:${port}/urun.jpg`, `http://[::ffff:127.0.0.1]:${port}/urun.jpg`]) {
        const err = await fetchPhoto(url, policy, path.join(dir, 'body')).catch((e: unknown) => e);
        expect(err, url).toBeInstanceOf(AppError);
        expect((err as AppError).message).toBe(M.api.errors.photoUrlPrivate);
      }
      expect(hits).toEqual([]);
      await expect(stat(path.join(dir, 'body'))).rejects.toThrow();
      // https only, where the policy asks for it.
      const https = await fetchPhoto(`${base}/urun.jpg`, { requireHttps: true, allowPrivate: true }, path.join(dir, 'body')).catch(
        (e: unknown) => e,
      );
      expect((https as AppError).message).toBe(M.api.errors.photoUrlHttps);
      // Allowed: the bytes arrive whole.
      const size = await fetchPhoto(`${base}/urun.jpg`, { requireHttps: false, allowPrivate: true }, path.join(dir, 'body'));
      expect(size).toBe(coffee.length);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
