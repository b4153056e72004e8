import { afterAll, beforeAll, expect, test } from 'vitest';
import sharp from 'sharp';
import zlib from 'node:zlib';
import WebSocket from 'ws';
import { HttpClient, startTestServer, upload, validSignUp } from '../helpers/server';
import type { OutputOf } from '../helpers/api';
import { productPhoto } from '../helpers/fixtures';
import { M } from '../../shared/messages';
import type { RunningServer } from '../../server/index';
import { waitFor } from '../helpers/wait';

let server: RunningServer;
let alice: HttpClient;
let bob: HttpClient;
beforeAll(async () => {
  server = await startTestServer({ WORKER_CONCURRENCY: '1' });
  alice = new HttpClient(server.url);
  bob = new HttpClient(server.url);
  await alice.mutate('auth.signUp', validSignUp('alice@example.com'));
  await bob.mutate('auth.signUp', validSignUp('bob@example.com'));
});
afterAll(async () => {
  await server.close();
});

/** A valid PNG header (IHDR with a correct CRC) that claims the given size over a tiny body. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function uploadCount() {
  const r = await server.handle.db
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

test('a real photo is accepted, re-encoded without metadata, and served only to its owner', async () => {
  const withExif = await sharp(await productPhoto())
    .withMetadata({ exif: { IFD0: { Artist: 'gizli-konum' } } })
    .jpeg()
    .toBuffer();
  expect(withExif.includes(Buffer.from('gizli-konum'))).toBe(true);
  const r = await upload(alice, withExif, 'urun.jpg');
  expect(r.status).toBe(201);
  expect(r.body).toMatchObject({ width: 1200, height: 900 });
  const own = await alice.raw(r.body.url);
  expect(own.status).toBe(200);
  const stored = Buffer.from(await own.arrayBuffer());
  expect(stored.includes(Buffer.from('gizli-konum'))).toBe(false);
  expect((await sharp(stored).metadata()).exif).toBeUndefined();
  expect((await bob.raw(r.body.url)).status).toBe(404);
  expect((await new HttpClient(server.url).raw(r.body.url)).status).toBe(404);
});

test('a text file named .jpg, an SVG, 10 MB + 1 byte and a 20000×20000 image are refused with the Turkish texts (docs/security.md property 18)', async () => {
  const before = await uploadCount();
  const text = await upload(alice, Buffer.from('bu bir resim değil'), 'sahte.jpg');
  expect(text.status).toBe(422);
  expect(text.body.error.message).toBe('Yalnızca PNG, JPG (JPEG) veya WEBP dosyaları yükleyebilirsiniz');
  const svg = await upload(
    alice,
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    'a.svg',
    'image/svg+xml',
  );
  expect(svg.body.error.message).toBe(M.generation.fileType);
  const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(big);
  const tooBig = await upload(alice, big, 'buyuk.jpg');
  expect(tooBig.status).toBe(413);
  expect(tooBig.body.error.message).toBe('Dosya boyutu en fazla 10MB olabilir');
  // A PNG header claiming 20000×20000 (a decompression bomb) is refused from its header alone.
  const bomb = pngClaiming(20000, 20000);
  const huge = await upload(alice, bomb, 'bomba.png', 'image/png');
  expect(huge.status).toBe(422);
  expect(huge.body.error.message).toBe(M.generation.imageTooLarge);
  expect(await uploadCount()).toBe(before);
});

test('uploads need a session and a same-site Origin', async () => {
  const anon = await upload(new HttpClient(server.url), await productPhoto(), 'a.jpg');
  expect(anon.status).toBe(401);
  const foreign = new HttpClient(server.url, 'https://kotu.example');
  foreign.cookies = new Map(alice.cookies);
  expect((await upload(foreign, await productPhoto(), 'a.jpg')).status).toBe(403);
});

test("B can neither read nor use A's generation, its outputs or its upload (docs/security.md property 16)", async () => {
  const up = await upload(alice, await productPhoto(), 'urun.jpg');
  const created = await alice.mutate('generations.createImage', { uploadId: up.body.uploadId, prompt: 'beyaz fon', allowFramed: true });
  expect(created.status).toBe(200);
  const id = created.data.id;
  const g: OutputOf<'generations.get'> = await waitFor(
    async () => {
      const now = (await alice.query('generations.get', { id })).data;
      return now.status === 'completed' || now.status === 'failed' ? now : undefined;
    },
    { timeout: 30_000, what: 'the run to finish' },
  );
  expect(g.status).toBe('completed');
  expect(g.outputs).toHaveLength(4);
  const out = await alice.raw(g.outputs[0]!);
  expect(out.status).toBe(200);
  expect(out.headers.get('content-type')).toBe('image/jpeg');

  expect((await bob.query('generations.get', { id })).error.data.appCode).toBe('NOT_FOUND');
  expect((await bob.raw(g.outputs[0]!)).status).toBe(404);
  expect((await bob.raw(g.thumbnails[0]!)).status).toBe(404);
  const list = await bob.query('generations.list', { page: 1, pageSize: 12 });
  expect(list.data.items.map((x) => x.id)).not.toContain(id);
  const steal = await bob.mutate('generations.createImage', { uploadId: up.body.uploadId, prompt: 'x' });
  expect(steal.status).toBe(404);
  expect((await bob.query('credits.balance')).data.balance).toBe(10);
});

test('image input errors use the SPEC texts and change nothing', async () => {
  const noPrompt = await alice.mutate('generations.createImage', { uploadId: '', prompt: '' });
  expect(noPrompt.status).toBe(400);
  expect(noPrompt.error.message).toBe('Lütfen fotoğraf seçin ve prompt girin');
  const noPhoto = await alice.mutateUnchecked('generations.createVideo', { duration: 5, aspectRatio: '16:9' });
  expect(noPhoto.error.message).toBe('Lütfen fotoğraf seçin');
  const badDuration = await alice.mutate('generations.createVideo', { uploadId: crypto.randomUUID(), duration: 11, aspectRatio: '16:9' });
  expect(badDuration.error.message).toBe(M.generation.durationRange);
});

/** A tRPC WebSocket message; a subscription's events arrive as result.data.data. */
type SocketMessage = {
  id?: number;
  result?: { type?: string; data?: { id?: string; data?: { id?: string; status?: string; balance?: number } } };
};
const eventOf = (m: SocketMessage) => m.result?.data?.data;

function subscribe(c: HttpClient, path: string): { messages: SocketMessage[]; ws: WebSocket; ready: Promise<void> } {
  const ws = new WebSocket(server.url.replace('http', 'ws') + '/trpc', {
    headers: { origin: server.url, cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  const messages: SocketMessage[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    ws.on('open', () => {
      ws.send(JSON.stringify({ id: 1, method: 'subscription', params: { path, input: {} } }));
      resolve();
    });
    ws.on('error', reject);
  });
  ws.on('message', (m) => messages.push(JSON.parse(String(m)) as SocketMessage));
  return { messages, ws, ready };
}

test("private events reach only their owner: B's socket never sees A's generation or balance (docs/security.md property 19)", async () => {
  const a = subscribe(alice, 'generations.onUpdate');
  const b = subscribe(bob, 'generations.onUpdate');
  const bCredits = subscribe(bob, 'credits.onChange');
  await Promise.all([a.ready, b.ready, bCredits.ready]);
  // Each subscription answers `started` once the server has it.
  for (const s of [a, b, bCredits])
    await waitFor(() => s.messages.some((m) => m.id === 1 && m.result?.type === 'started'), { what: 'the subscription to start' });
  const up = await upload(alice, await productPhoto(), 'urun.jpg');
  const { data } = await alice.mutate('generations.createImage', { uploadId: up.body.uploadId, prompt: 'beyaz fon', allowFramed: true });
  await waitFor(() => a.messages.some((m) => eventOf(m)?.id === data.id && eventOf(m)?.status === 'completed'), {
    timeout: 30_000,
    what: "A's run to complete",
  });
  const aSaw = a.messages.map(eventOf).filter((e) => e?.id === data.id);
  expect(aSaw.some((e) => e?.status === 'completed')).toBe(true);
  expect(aSaw.some((e) => e?.status === 'processing')).toBe(true);
  expect(b.messages.some((m) => JSON.stringify(m).includes(data.id))).toBe(false);
  // Bob's credits stream had its initial value and nothing from Alice's spending.
  const bobBalances = bCredits.messages.flatMap((m) => {
    const e = eventOf(m);
    return e ? [e.balance] : [];
  });
  expect(bobBalances).toEqual([10]);
  for (const s of [a, b, bCredits]) s.ws.close();
});
