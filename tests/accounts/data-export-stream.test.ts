import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import JSZip from 'jszip';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer } from '../helpers/server';
import { productPhoto } from '../helpers/fixtures';
import { customerClient } from '../admin/helpers';
import { DataExportWorker } from '../../server/jobs/data-exports';
import type { FileStorage } from '../../server/providers/storage';
import type { RunningServer } from '../../server/index';

let server: RunningServer;

// A process that only answers requests, as in a deployment with `npm run worker` beside it.
beforeAll(async () => {
  server = await startTestServer({ WORKER_CONCURRENCY: '0' });
});
afterAll(async () => {
  await server.close();
});

/**
 * The server's storage, recording how the export uses it: every file opened as a stream (and
 * whether one was still open), whole-file reads, and how much of the zip had reached storage
 * when each file was opened.
 */
function observed(base: FileStorage) {
  const log = { opened: [] as { key: string; openBefore: number; zipBytesStored: number }[], wholeReads: [] as string[], zipBytes: 0 };
  let open = 0;
  const storage: FileStorage = {
    name: base.name,
    put: (k, b, t) => base.put(k, b, t),
    head: (k) => base.head(k),
    delete: (k) => base.delete(k),
    deleteAll: (prefix) => base.deleteAll(prefix),
    get: (k) => {
      log.wholeReads.push(k);
      return base.get(k);
    },
    openRead: async (k, r) => {
      const got = await base.openRead(k, r);
      if (!got) return got;
      log.opened.push({ key: k, openBefore: open, zipBytesStored: log.zipBytes });
      open++;
      got.body.once('close', () => open--);
      return got;
    },
    putStream: (k, body, t) => {
      const counted = async function* () {
        for await (const chunk of body as AsyncIterable<Buffer>) {
          log.zipBytes += chunk.length;
          yield chunk;
        }
      };
      return base.putStream(k, Readable.from(counted()), t);
    },
  };
  return { storage, log };
}

test('"Verilerimi indir" is built by the job worker, not the process answering the request; files stream one at a time into a zip that streams into storage', async () => {
  const { client, userId } = await customerClient(server, 'akis@example.com');
  const { db, storage } = server.deps;
  const keys: string[] = [];
  for (let i = 0; i < 3; i++) {
    const key = `uploads/${userId}/${crypto.randomUUID()}.jpg`;
    await storage.put(key, await productPhoto(900 + 10 * i, 700), 'image/jpeg');
    await db
      .insertInto('uploads')
      .values({ user_id: userId, storage_key: key, mime: 'image/jpeg', width: 900, height: 700, size_bytes: 1 })
      .execute();
    keys.push(key);
  }

  const asked = await client.mutate('auth.requestExport');
  expect(asked.status).toBe(200);
  // However often the seller asks (each answer a turn of the serving process's event loop, where a
  // build started by the request would have claimed it), the serving process does not build it.
  for (let i = 0; i < 20; i++) expect((await client.query('auth.exportStatus')).data?.status).toBe('queued');
  const exportsDir = path.join(server.deps.env.DATA_DIR, 'files', 'exports', userId);
  expect(existsSync(exportsDir)).toBe(false);

  // The worker (`npm run worker` runs the same class) claims and builds it.
  const { storage: watched, log } = observed(storage);
  expect(await new DataExportWorker({ db, storage: watched }).runOnce()).toBe(true);
  const ready = (await client.query('auth.exportStatus')).data!;
  expect(ready.status).toBe('ready');

  // Each file was streamed, never read whole, with no other file open; the zip was already
  // flowing into storage before the last one was opened.
  expect(log.wholeReads).toEqual([]);
  expect(log.opened.map((o) => o.key)).toEqual(keys);
  expect(log.opened.every((o) => o.openBefore === 0)).toBe(true);
  expect(log.opened.at(-1)!.zipBytesStored).toBeGreaterThan(0);
  expect(ready.sizeBytes).toBe(log.zipBytes);

  const res = await client.raw(`/api/exports/${ready.id}`);
  expect(res.status).toBe(200);
  expect(Number(res.headers.get('content-length'))).toBe(ready.sizeBytes);
  const zip = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()));
  const uploads = await db
    .selectFrom('uploads')
    .select(['id', 'storage_key'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  expect(Object.keys(zip.files)).toEqual([
    'profile.json',
    ...uploads.map((u) => `uploads/${u.id}.jpg`),
    'generations.json',
    'credit-transactions.json',
  ]);
  for (const u of uploads)
    expect(await zip.file(`uploads/${u.id}.jpg`)!.async('nodebuffer')).toEqual((await storage.get(u.storage_key))!.bytes);
  expect(JSON.parse(await zip.file('profile.json')!.async('string')).account.email).toBe('akis@example.com');
});
