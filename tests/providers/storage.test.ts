import { mkdtemp, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, InvalidStorageKeyError, LocalFileStorage, S3FileStorage, type FileStorage } from '../../server/providers/storage';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const TRAVERSALS = [
  '../secret',
  'a/../../secret',
  '..',
  '.',
  '/etc/passwd',
  'a//b',
  'a/',
  '',
  'a\\..\\b',
  '.meta/x.json',
  'a/.hidden',
  'nul\0byte',
  'üpload.jpg',
  'a/b c.jpg',
  'x'.repeat(513),
];

/** The same contract, run against each driver. */
function contract(name: string, make: () => FileStorage) {
  describe(`${name} storage contract`, () => {
    it('round-trips bytes and content type, overwrites, and deletes idempotently', async () => {
      const s = make();
      const key = 'generations/user-1/job_2/0.jpg';
      expect(await s.get(key)).toBeNull();
      expect(await s.head(key)).toBeNull();
      await s.put(key, Buffer.from('first'), 'image/jpeg');
      await s.put(key, Buffer.from('second version'), 'image/jpeg');
      expect(await s.get(key)).toEqual({ bytes: Buffer.from('second version'), contentType: 'image/jpeg' });
      expect(await s.head(key)).toEqual({ size: 14, contentType: 'image/jpeg' });
      await s.delete(key);
      await s.delete(key);
      expect(await s.get(key)).toBeNull();
    });

    it('streams a whole object or an inclusive byte range (video seeking)', async () => {
      const s = make();
      const bytes = Buffer.from('0123456789abcdef');
      await s.put('videos/v.mp4', bytes, 'video/mp4');
      const whole = await s.openRead('videos/v.mp4');
      expect(whole?.info).toEqual({ size: 16, contentType: 'video/mp4' });
      expect(await readAll(whole!.body)).toEqual(bytes);
      const part = await s.openRead('videos/v.mp4', { start: 10, end: 99 });
      expect(part?.info.size).toBe(16);
      expect((await readAll(part!.body)).toString()).toBe('abcdef');
      await expect(s.openRead('videos/v.mp4', { start: 16, end: 20 })).rejects.toThrow(RangeError);
      expect(await s.openRead('videos/missing.mp4')).toBeNull();
    });

    it('stores a stream without a size known ahead; a stream that fails leaves no object', async () => {
      const s = make();
      const parts = ['PK', 'first part ', 'x'.repeat(40), ' end'].map((p) => Buffer.from(p));
      expect(await s.putStream('exports/u/e.zip', Readable.from(parts), 'application/zip')).toBe(Buffer.concat(parts).length);
      expect(await s.get('exports/u/e.zip')).toEqual({ bytes: Buffer.concat(parts), contentType: 'application/zip' });
      const failing = Readable.from(
        (async function* () {
          yield Buffer.from('x'.repeat(30));
          throw new Error('zip failed');
        })(),
      );
      await expect(s.putStream('exports/u/broken.zip', failing, 'application/zip')).rejects.toThrow('zip failed');
      expect(await s.head('exports/u/broken.zip')).toBeNull();
    });

    it('refuses keys that could escape the root or mean something else', async () => {
      const s = make();
      for (const key of TRAVERSALS) {
        await expect(s.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(InvalidStorageKeyError);
        await expect(s.get(key), key).rejects.toThrow(InvalidStorageKeyError);
        await expect(s.delete(key), key).rejects.toThrow(InvalidStorageKeyError);
      }
      for (const folder of ['..', '../x', '', 'a/', '/etc'])
        await expect(s.deleteAll(folder), folder).rejects.toThrow(InvalidStorageKeyError);
    });

    it('deletes everything under a folder, and nothing next to it', async () => {
      const s = make();
      const mine = ['uploads/u-1/a.jpg', 'uploads/u-1/b.png', 'uploads/u-1/deep/c.webp'];
      const others = ['uploads/u-10/a.jpg', 'uploads/u-2/a.jpg', 'uploads/u-1.jpg'];
      for (const key of [...mine, ...others]) await s.put(key, Buffer.from(key), 'image/jpeg');
      await s.deleteAll('uploads/u-1');
      for (const key of mine) expect(await s.head(key), key).toBeNull();
      for (const key of others) expect(await s.get(key), key).toEqual({ bytes: Buffer.from(key), contentType: 'image/jpeg' });
      await s.deleteAll('uploads/u-1'); // nothing left: not an error
      await s.deleteAll('never/was');
    });
  });
}

describe('local folder', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'vitrin-storage-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  contract('local', () => new LocalFileStorage(join(root, 'files')));

  it('writes nothing outside its root, and leaves no temporary files', async () => {
    const s = new LocalFileStorage(join(root, 'files2'));
    await writeFile(join(root, 'secret'), 'top secret');
    await expect(s.get('../secret')).rejects.toThrow(InvalidStorageKeyError);
    await s.put('uploads/a.png', Buffer.from('png'), 'image/png');
    expect((await readdir(join(root, 'files2', 'uploads'))).sort()).toEqual(['a.png']);
    expect(await readdir(root)).not.toContain('a.png');
  });

  it('falls back to the extension for files without recorded content type', async () => {
    const s = new LocalFileStorage(join(root, 'files3'));
    await mkdir(join(root, 'files3', 'old'), { recursive: true });
    await writeFile(join(root, 'files3', 'old', 'clip.mp4'), 'mp4');
    expect(await s.head('old/clip.mp4')).toEqual({ size: 3, contentType: 'video/mp4' });
  });

  it('the factory picks the local folder under DATA_DIR/files without a bucket', async () => {
    const s = createStorage({ dataDir: root, s3: { bucket: '  ' } });
    expect(s.name).toBe('local');
    await s.put('x.txt', Buffer.from('hi'), 'text/plain');
    expect(await readdir(join(root, 'files'))).toContain('x.txt');
  });
});

/**
 * A minimal path-style S3 endpoint: PUT, GET (with Range), HEAD, DELETE on /bucket/key; ListObjectsV2
 * (GET /bucket?list-type=2, two keys a page so paging is exercised) and DeleteObjects (POST /bucket?delete).
 */
describe('S3 against a fake endpoint', () => {
  const objects = new Map<string, { bytes: Buffer; type: string }>();
  const uploads = new Map<string, { type: string; parts: Map<number, Buffer> }>();
  const seen: string[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3');
    const path = decodeURIComponent(url.pathname);
    seen.push(`${req.method} ${path}`);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const bucket = path.split('/')[1];
    if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
      const prefix = `/${bucket}/${url.searchParams.get('prefix') ?? ''}`;
      const all = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
      // Like S3's, the token marks a key to go on after, so deleting the pages already read is safe.
      const after = url.searchParams.get('continuation-token');
      const rest = after ? all.filter((k) => k > after) : all;
      const page = rest.slice(0, 2);
      const more = rest.length > 2;
      res.writeHead(200, { 'content-type': 'application/xml' });
      return res.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><KeyCount>${page.length}</KeyCount>` +
          `<IsTruncated>${more}</IsTruncated>${more ? `<NextContinuationToken>${page.at(-1)}</NextContinuationToken>` : ''}` +
          page.map((k) => `<Contents><Key>${k.slice(bucket!.length + 2)}</Key><Size>1</Size></Contents>`).join('') +
          `</ListBucketResult>`,
      );
    }
    if (req.method === 'POST' && url.searchParams.has('delete')) {
      const body = Buffer.concat(chunks).toString();
      for (const m of body.matchAll(/<Key>([^<]*)<\/Key>/g)) objects.delete(`/${bucket}/${m[1]}`);
      res.writeHead(200, { 'content-type': 'application/xml' });
      return res.end('<?xml version="1.0" encoding="UTF-8"?><DeleteResult></DeleteResult>');
    }
    const obj = objects.get(path);
    const notFound = () => {
      res.writeHead(404, { 'content-type': 'application/xml' });
      res.end(req.method === 'HEAD' ? undefined : '<Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
    };
    // Multipart uploads: create (POST ?uploads), parts (PUT ?partNumber&uploadId), complete (POST ?uploadId), abort (DELETE ?uploadId).
    const uploadId = url.searchParams.get('uploadId');
    if (req.method === 'POST' && url.searchParams.has('uploads')) {
      const id = `up-${uploads.size + 1}`;
      uploads.set(id, { type: String(req.headers['content-type']), parts: new Map() });
      res.writeHead(200, { 'content-type': 'application/xml' });
      return res.end(`<InitiateMultipartUploadResult><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`);
    }
    if (uploadId && uploads.has(uploadId)) {
      const up = uploads.get(uploadId)!;
      if (req.method === 'PUT') {
        up.parts.set(Number(url.searchParams.get('partNumber')), Buffer.concat(chunks));
        res.writeHead(200, { etag: `"p${url.searchParams.get('partNumber')}"` });
        return res.end();
      }
      uploads.delete(uploadId);
      if (req.method === 'POST') {
        const order = [...up.parts.keys()].sort((a, b) => a - b);
        objects.set(path, { bytes: Buffer.concat(order.map((n) => up.parts.get(n)!)), type: up.type });
        res.writeHead(200, { 'content-type': 'application/xml' });
        return res.end('<CompleteMultipartUploadResult><ETag>"x"</ETag></CompleteMultipartUploadResult>');
      }
      res.writeHead(204);
      return res.end();
    }
    switch (req.method ?? '') {
      case 'PUT':
        objects.set(path, { bytes: Buffer.concat(chunks), type: String(req.headers['content-type']) });
        res.writeHead(200, { etag: '"x"' });
        return res.end();
      case 'HEAD':
        if (!obj) return notFound();
        res.writeHead(200, { 'content-length': obj.bytes.length, 'content-type': obj.type });
        return res.end();
      case 'GET': {
        if (!obj) return notFound();
        const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
        if (range) {
          const [start, end] = [Number(range[1]), Number(range[2])];
          res.writeHead(206, {
            'content-type': obj.type,
            'content-range': `bytes ${start}-${end}/${obj.bytes.length}`,
            'content-length': end - start + 1,
          });
          return res.end(obj.bytes.subarray(start, end + 1));
        }
        res.writeHead(200, { 'content-type': obj.type, 'content-length': obj.bytes.length });
        return res.end(obj.bytes);
      }
      case 'DELETE':
        objects.delete(path);
        res.writeHead(204);
        return res.end();
    }
    res.writeHead(405);
    res.end();
  });
  let endpoint = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const make = (partBytes?: number) =>
    new S3FileStorage({
      partBytes,
      bucket: 'vitrin',
      endpoint,
      region: 'auto',
      accessKeyId: 'test',
      secretAccessKey: 'test',
      forcePathStyle: true,
      prefix: 'prod',
    });

  contract('s3', () => make());
  contract('s3 (multipart)', () => make(16));

  it('streams a large object in parts, one part in memory at a time, and aborts a failed upload', async () => {
    seen.length = 0;
    const body = Buffer.from('0123456789'.repeat(5));
    const chunks = [0, 10, 20, 30, 40].map((at) => body.subarray(at, at + 10));
    expect(await make(16).putStream('exports/u/big.zip', Readable.from(chunks), 'application/zip')).toBe(50);
    expect(objects.get('/vitrin/prod/exports/u/big.zip')).toEqual({ bytes: body, type: 'application/zip' });
    expect(seen.filter((l) => l === 'PUT /vitrin/prod/exports/u/big.zip')).toHaveLength(3); // a part as soon as 16 bytes are in: 20 + 20 + 10
    expect(uploads.size).toBe(0); // completed or aborted, none left open
  });

  it('uses path-style URLs under the configured prefix', async () => {
    await make().put('uploads/u.jpg', Buffer.from('jpg'), 'image/jpeg');
    expect(seen).toContain('PUT /vitrin/prod/uploads/u.jpg');
    expect(objects.get('/vitrin/prod/uploads/u.jpg')?.type).toBe('image/jpeg');
  });

  it('the factory picks S3 when a bucket is set', () => {
    expect(createStorage({ dataDir: '/unused', s3: { bucket: 'b', endpoint, accessKeyId: 'a', secretAccessKey: 'b' } }).name).toBe('s3');
  });
});
