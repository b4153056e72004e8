import { connect, type Socket } from 'node:net';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HttpClient, startTestServer, upload } from '../helpers/server';
import { adminClient, clientFor, customerClient } from '../admin/helpers';
import { productPhoto } from '../helpers/fixtures';
import { UPLOADS_IN_FLIGHT_PER_SELLER } from '../../shared/constants';
import { M } from '../../shared/messages';
import type { RunningServer } from '../../server/index';

/**
 * Issue 33 item 8 over real sockets: upload bodies go to a temporary file, not memory; a seller has
 * at most UPLOADS_IN_FLIGHT_PER_SELLER uploads arriving at once (the next is a Turkish 429, unread);
 * a body that stalls is cut after the body timeout (408, connection closed); and no temporary file
 * stays behind, whatever the outcome.
 */
const TIMEOUT_MS = 6000;
let server: RunningServer;
let seller: { client: HttpClient; userId: string };
let key: string;
let photo: Buffer;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1', UPLOAD_BODY_TIMEOUT_MS: String(TIMEOUT_MS) });
  seller = await customerClient(server, 'yukleyen@example.com');
  key = (await seller.client.mutate('apiKeys.create', { name: 'Mağaza' })).data.key;
  photo = await productPhoto(800, 600);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const tmpRoot = () => path.join(path.resolve(server.deps.env.DATA_DIR), 'tmp', 'uploads');
const tmpEntries = () => (existsSync(tmpRoot()) ? readdirSync(tmpRoot()) : []);

async function waitUntil(what: string, ok: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * A 9.9 MB API upload over a raw socket: headers and the first 256 KB of the body, then nothing
 * more (held open). `answer` collects what the server sends; `closed` resolves when the socket ends.
 */
function heldUpload(apiKey: string) {
  const boundary = 'vitrinboundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="prompt"\r\n\r\nmermer zemin\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const total = head.length + 9.9 * 1024 * 1024 + `\r\n--${boundary}--\r\n`.length;
  const url = new URL(server.url);
  const socket: Socket = connect(Number(url.port), url.hostname);
  let answer = '';
  socket.on('data', (d: Buffer) => (answer += d.toString('utf8')));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(
    `POST /api/v1/images HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${apiKey}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${Math.round(total)}\r\n\r\n`,
  );
  socket.write(Buffer.concat([head, photo.subarray(0, 3), Buffer.alloc(256 * 1024, 7)]));
  return { socket, closed, answer: () => answer };
}

function apiForm(): FormData {
  const fd = new FormData();
  fd.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'masa.jpg');
  return fd;
}

describe('uploads in flight and stalled bodies', () => {
  test('past the cap a seller gets a Turkish 429 (page and API alike), others are not held up; stalled bodies are cut with a 408; no temporary file stays', async () => {
    const held = Array.from({ length: UPLOADS_IN_FLIGHT_PER_SELLER }, () => heldUpload(key));
    // Each held body is being written to its own temporary folder.
    await waitUntil('the held uploads to reach disk', () => tmpEntries().length === UPLOADS_IN_FLIGHT_PER_SELLER);

    const overApi = await fetch(`${server.url}/api/v1/cutouts`, {
      method: 'POST',
      body: apiForm(),
      headers: { authorization: `Bearer ${key}` },
    });
    expect(overApi.status).toBe(429);
    const apiBody = (await overApi.json()) as { error: { code: string; message: string } };
    expect(apiBody.error).toMatchObject({ code: 'RATE_LIMITED', message: M.generation.uploadsInFlight(UPLOADS_IN_FLIGHT_PER_SELLER) });
    expect(apiBody.error.message).toBe(
      `Aynı anda en fazla ${UPLOADS_IN_FLIGHT_PER_SELLER} fotoğraf yüklenebilir. Lütfen devam eden yüklemelerin bitmesini bekleyin.`,
    );
    const overPage = await upload(seller.client, photo, 'masa.jpg');
    expect(overPage.status).toBe(429);
    expect(overPage.body.error.message).toBe(M.generation.uploadsInFlight(UPLOADS_IN_FLIGHT_PER_SELLER));

    // Another seller uploads meanwhile.
    const other = await customerClient(server, 'baska@example.com');
    expect((await upload(other.client, photo, 'masa.jpg')).status).toBe(201);

    // The held bodies stall: each is answered 408 once the body timeout passes, and its socket closed.
    await Promise.all(held.map((h) => h.closed));
    for (const h of held) {
      expect(h.answer()).toMatch(/^HTTP\/1\.1 408/);
      expect(h.answer()).toContain(JSON.stringify(M.generation.uploadTimedOut).slice(1, -1));
    }
    await waitUntil('the temporary files to go', () => tmpEntries().length === 0);
    const rows = await server.deps.db.selectFrom('uploads').select('id').where('user_id', '=', seller.userId).execute();
    expect(rows).toEqual([]);

    // The slots are free again.
    expect((await upload(seller.client, photo, 'masa.jpg')).status).toBe(201);
    await waitUntil('the last temporary file to go', () => tmpEntries().length === 0);
  }, 60_000);

  test('a client that goes away mid-body frees its slot and leaves no temporary file', async () => {
    const held = Array.from({ length: UPLOADS_IN_FLIGHT_PER_SELLER }, () => heldUpload(key));
    await waitUntil('the held uploads to reach disk', () => tmpEntries().length === UPLOADS_IN_FLIGHT_PER_SELLER);
    for (const h of held) h.socket.destroy();
    await waitUntil('the temporary files to go', () => tmpEntries().length === 0);
    const ok = await fetch(`${server.url}/api/v1/cutouts`, {
      method: 'POST',
      body: apiForm(),
      headers: { authorization: `Bearer ${key}` },
    });
    expect(ok.status).toBe(200);
    await waitUntil('the last temporary file to go', () => tmpEntries().length === 0);
  }, 60_000);

  test('a refused photo (not an image) leaves no temporary file', async () => {
    const r = await upload(seller.client, Buffer.alloc(5000, 1), 'masa.jpg');
    expect(r.status).toBe(422);
    await waitUntil('the temporary file to go', () => tmpEntries().length === 0);
  });
});

describe("the admin's uploads (the back-office's one HTTP route)", () => {
  test('POST /api/admin/uploads: admin only, checked by content, stored publicly, audited', async () => {
    const form = async () => {
      const f = new FormData();
      f.append('file', new Blob([new Uint8Array(await productPhoto(400, 300))], { type: 'image/jpeg' }), 'urun.jpg');
      return f;
    };
    const anon = await clientFor(server).raw('/api/admin/uploads', { method: 'POST', body: await form() });
    expect(anon.status).toBe(401);
    const { client: cust } = await customerClient(server, 'yukleme@example.com');
    expect((await cust.raw('/api/admin/uploads', { method: 'POST', body: await form() })).status).toBe(401);

    const admin = await adminClient(server);
    const ok = await admin.raw('/api/admin/uploads', { method: 'POST', body: await form() });
    expect(ok.status).toBe(201);
    const body = (await ok.json()) as { url: string };
    expect(body.url).toMatch(/^\/api\/files\/public\/admin\/[0-9a-f-]{36}\.jpg$/);
    const img = await fetch(server.url + body.url);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toContain('image/jpeg');
    expect(await server.deps.db.selectFrom('admin_logs').select('id').where('action', '=', 'upload.create').execute()).toHaveLength(1);

    const text = new FormData();
    text.append('file', new Blob(['merhaba'], { type: 'image/jpeg' }), 'sahte.jpg');
    const refused = await admin.raw('/api/admin/uploads', { method: 'POST', body: text });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(M.generation.fileType);
    // A foreign Origin is refused before anything is read.
    const foreign = new HttpClient(server.url, 'https://evil.example');
    foreign.cookies = admin.cookies;
    expect((await foreign.raw('/api/admin/uploads', { method: 'POST', body: await form() })).status).toBe(403);
  });
});
