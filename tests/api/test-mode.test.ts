import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HttpClient, startTestServer, validSignUp } from '../helpers/server';
import { waitFor } from '../helpers/wait';
import type { RunningServer } from '../../server/index';
import type { TApiGeneration } from '../../shared/schemas/api';
import { photo } from '../studio/photos';
import { TEST_OUTPUT_MAX } from '../../server/services/api-test-mode';
import { expectMark } from '../helpers/test-mark';
import { ffmpegPath, runFfmpeg } from '../../server/studio/ffmpeg';

/**
 * Issue 34 item 4: test keys (`vk_test_…`) beside live ones. The same pipeline and validation, no
 * credit taken (no ledger row, no 402), outputs small and marked "TEST" (checked in the pixels),
 * runs kept apart both ways (API and the page's history), webhooks with `livemode`.
 */
let server: RunningServer;
let seller: HttpClient;
let sellerId: string;
let liveKey: string;
let testKey: string;
let receiver: http.Server;
let receiverUrl: string;
const received: Array<{ type: string; livemode: boolean; data: { id: string; livemode: boolean } }> = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push(JSON.parse(body) as (typeof received)[number]);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  server = await startTestServer({ WORKER_CONCURRENCY: '1', API_WEBHOOKS_ALLOW_PRIVATE: 'true' }, { webhookSender: { pollMs: 100 } });
  seller = new HttpClient(server.url);
  sellerId = (await seller.mutate('auth.signUp', validSignUp('deneme@example.com'))).data.user!.id;
  liveKey = (await seller.mutate('apiKeys.create', { name: 'Canlı' })).data.key;
  const created = await seller.mutate('apiKeys.create', { name: 'Deneme', mode: 'test' });
  expect(created.data.mode).toBe('test');
  testKey = created.data.key;
  expect((await seller.mutate('apiKeys.setWebhook', { url: receiverUrl })).error).toBeUndefined();
}, 60_000);

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

function api(path: string, key: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${key}`);
  return fetch(path.startsWith('http') ? path : server.url + path, { ...init, headers });
}

function form(fields: Record<string, string>, bytes: Buffer = photo('coffee')) {
  const fd = new FormData();
  fd.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'urun.jpg');
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}

const setBalance = (n: number) => server.deps.db.updateTable('users').set({ credits_balance: n }).where('id', '=', sellerId).execute();
const balance = async () =>
  (await server.deps.db.selectFrom('users').select('credits_balance').where('id', '=', sellerId).executeTakeFirstOrThrow()).credits_balance;
const ledgerRows = async () =>
  Number(
    (
      await server.deps.db
        .selectFrom('credit_transactions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', sellerId)
        .executeTakeFirstOrThrow()
    ).n,
  );

async function finished(id: string, key: string): Promise<TApiGeneration> {
  return waitFor(
    async () => {
      const g = (await (await api(`/api/v1/generations/${id}`, key)).json()) as TApiGeneration;
      return g.status !== 'queued' && g.status !== 'processing' ? g : null;
    },
    { timeout: 180_000, every: 100, what: `run ${id} to finish` },
  );
}

let liveRun: string;
let testImageRun: string;
let testVideoRun: string;

describe('test mode', () => {
  test('a test key starts vk_test_ and is listed as such beside the live one', async () => {
    expect(testKey).toMatch(/^vk_test_[a-z2-7]{48}$/);
    expect(liveKey).toMatch(/^vk_live_/);
    const keys = (await seller.query('apiKeys.list')).data;
    expect(keys.map((k) => [k.name, k.mode, k.prefix.slice(0, 8)]).sort()).toEqual([
      ['Canlı', 'live', 'vk_live_'],
      ['Deneme', 'test', 'vk_test_'],
    ]);
  });

  test('with an empty balance a live run is a 402 (nothing stored) while test image and video runs go through; no credit moves', async () => {
    await setBalance(0);
    const rowsBefore = await ledgerRows();
    const uploadsBefore = (await server.deps.db.selectFrom('uploads').select('id').where('user_id', '=', sellerId).execute()).length;
    const refused = await api('/api/v1/images', liveKey, { method: 'POST', body: form({ prompt: 'mermer', allowFramed: 'true' }) });
    expect(refused.status).toBe(402);
    // Refused before the photo was stored or judged.
    expect((await server.deps.db.selectFrom('uploads').select('id').where('user_id', '=', sellerId).execute()).length).toBe(uploadsBefore);

    const image = await api('/api/v1/images', testKey, { method: 'POST', body: form({ prompt: 'mermer zemin', allowFramed: 'true' }) });
    expect(image.status).toBe(202);
    expect(image.headers.get('x-credits-charged')).toBe('0');
    const accepted = (await image.json()) as { id: string; status: string; livemode: boolean };
    expect(accepted).toMatchObject({ status: 'queued', livemode: false });
    testImageRun = accepted.id;
    const video = await api('/api/v1/videos', testKey, {
      method: 'POST',
      body: form({ prompt: 'dönen ürün', duration: '5', aspectRatio: '9:16', allowFramed: 'true' }),
    });
    expect(video.status).toBe(202);
    expect(video.headers.get('x-credits-charged')).toBe('0');
    testVideoRun = ((await video.json()) as { id: string }).id;

    const img = await finished(testImageRun, testKey);
    expect(img).toMatchObject({ status: 'completed', livemode: false, creditsUsed: 0 });
    const vid = await finished(testVideoRun, testKey);
    expect(vid).toMatchObject({ status: 'completed', livemode: false, creditsUsed: 0 });
    expect(await balance()).toBe(0);
    expect(await ledgerRows()).toBe(rowsBefore);
    // The same validation: a bad form is the same 422 with a test key.
    const bad = await api('/api/v1/images', testKey, { method: 'POST', body: form({ prompt: 'x', allowFramed: 'belki' }) });
    expect(bad.status).toBe(422);
  }, 240_000);

  test('test outputs are at most 512 px and carry the visible TEST mark (image and video)', async () => {
    const img = (await (await api(`/api/v1/generations/${testImageRun}`, testKey)).json()) as TApiGeneration;
    expect(img.outputs.length).toBeGreaterThan(0);
    for (const out of img.outputs) {
      const res = await api(out.url, testKey);
      expect(res.status).toBe(200);
      const raw = await sharp(Buffer.from(await res.arrayBuffer()))
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(Math.max(raw.info.width, raw.info.height)).toBeLessThanOrEqual(TEST_OUTPUT_MAX);
      expect([out.width, out.height]).toEqual([raw.info.width, raw.info.height]);
      expectMark(raw);
    }

    const vid = (await (await api(`/api/v1/generations/${testVideoRun}`, testKey)).json()) as TApiGeneration;
    const mp4 = Buffer.from(await (await api(vid.outputs[0]!.url, testKey)).arrayBuffer());
    const dir = await mkdtemp(join(tmpdir(), 'test-mode-video-'));
    try {
      await writeFile(join(dir, 'v.mp4'), mp4);
      await runFfmpeg({
        bin: await ffmpegPath(),
        args: ['-y', '-i', join(dir, 'v.mp4'), '-frames:v', '1', join(dir, 'f.png')],
        outputSeconds: 1,
        onProgress: () => {},
      });
      const raw = await sharp(await readFile(join(dir, 'f.png')))
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(Math.max(raw.info.width, raw.info.height)).toBeLessThanOrEqual(TEST_OUTPUT_MAX);
      expectMark(raw);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  test('runs are kept apart: each key sees only its own kind; the page history shows live runs only', async () => {
    await setBalance(100);
    const res = await api('/api/v1/images', liveKey, { method: 'POST', body: form({ prompt: 'ahşap masa', allowFramed: 'true' }) });
    expect(res.status).toBe(202);
    expect(Number(res.headers.get('x-credits-charged'))).toBeGreaterThan(0);
    liveRun = ((await res.json()) as { id: string }).id;
    const live = await finished(liveRun, liveKey);
    expect(live).toMatchObject({ status: 'completed', livemode: true });

    const ids = async (key: string) =>
      ((await (await api('/api/v1/generations', key)).json()) as { data: TApiGeneration[] }).data.map((g) => g.id);
    expect(await ids(liveKey)).toEqual([liveRun]);
    expect((await ids(testKey)).sort()).toEqual([testImageRun, testVideoRun].sort());
    // The other kind is the same 404 as another seller's run: read, output, photo, export, delete.
    for (const [key, id] of [
      [liveKey, testImageRun],
      [testKey, liveRun],
    ] as const) {
      expect((await api(`/api/v1/generations/${id}`, key)).status).toBe(404);
      expect((await api(`/api/v1/generations/${id}/outputs/0`, key)).status).toBe(404);
      expect((await api(`/api/v1/generations/${id}/photo`, key)).status).toBe(404);
      expect((await api(`/api/v1/generations/${id}/export/trendyol`, key)).status).toBe(404);
      expect((await api(`/api/v1/generations/${id}`, key, { method: 'DELETE' })).status).toBe(404);
    }
    // The account answers which kind of key asks.
    expect(((await (await api('/api/v1/account', testKey)).json()) as { livemode: boolean }).livemode).toBe(false);
    expect(((await (await api('/api/v1/account', liveKey)).json()) as { livemode: boolean }).livemode).toBe(true);
    // The seller's web history: live runs only.
    const history = (await seller.query('generations.list', { page: 1, pageSize: 20 })).data;
    expect(history.items.map((g) => g.id)).toEqual([liveRun]);
    // A test key deletes its own test run.
    expect((await api(`/api/v1/generations/${testVideoRun}`, testKey, { method: 'DELETE' })).status).toBe(204);
    expect(await ids(testKey)).toEqual([testImageRun]);
  }, 120_000);

  test('webhooks say livemode: false for test runs and true for live ones', async () => {
    const of = (id: string) => received.find((e) => e.data.id === id);
    await waitFor(() => of(testImageRun) && of(testVideoRun) && of(liveRun), { timeout: 30_000, what: 'the three webhook events' });
    for (const id of [testImageRun, testVideoRun])
      expect(of(id)).toMatchObject({ type: 'generation.completed', livemode: false, data: { livemode: false } });
    expect(of(liveRun)).toMatchObject({ type: 'generation.completed', livemode: true, data: { livemode: true } });
  }, 60_000);

  test('an Idempotency-Key used by a test request is not replayed to a live one', async () => {
    const headers = { 'idempotency-key': 'ayni-anahtar' };
    const body = () => form({ prompt: 'mermer', allowFramed: 'true' });
    const first = await api('/api/v1/images', testKey, { method: 'POST', headers, body: body() });
    expect(first.status).toBe(202);
    const second = await api('/api/v1/images', liveKey, { method: 'POST', headers, body: body() });
    expect(second.status).toBe(422);
    await finished(((await first.json()) as { id: string }).id, testKey);
  }, 120_000);
});
