import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import net from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { freshDatabase } from '../helpers/db';
import { productPhoto, userWithUpload } from '../helpers/fixtures';
import { openDatabase, type DbHandle } from '../../server/db';
import { createGeneration } from '../../server/services/generations';
import { LocalEventBus } from '../../server/events/bus';
import { GenerationWorker } from '../../server/jobs/worker';
import { LocalFileStorage } from '../../server/providers/storage';
import type { AiProvider, ProviderOutput } from '../../server/providers/ai';

/**
 * Issue 33 item 5: the database going away mid-run does not burn an attempt. The worker reaches
 * PostgreSQL through a TCP proxy the test cuts while the run is at the provider and restores once
 * the worker is trying again; the run is handed back with its attempt not counted, and completes
 * on its next claim with one attempt in all. Real PostgreSQL only: PGlite lives inside the process
 * and cannot be cut off.
 */
const PG = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG)('a database outage mid-run (PostgreSQL)', () => {
  let h: DbHandle & { url?: string };
  let workerDb: DbHandle;
  let proxy: net.Server;
  let cut = false;
  let refused = 0;
  const piped = new Set<net.Socket>();

  beforeAll(async () => {
    h = await freshDatabase();
    const upstream = new URL(h.url!);
    proxy = net.createServer((client) => {
      client.on('error', () => {});
      if (cut) {
        refused++;
        return client.destroy();
      }
      const server = net.connect(Number(upstream.port || 5432), upstream.hostname);
      server.on('error', () => client.destroy());
      client.on('close', () => server.destroy());
      server.on('close', () => client.destroy());
      piped.add(client).add(server);
      client.pipe(server).pipe(client);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const via = new URL(h.url!);
    via.hostname = '127.0.0.1';
    via.port = String((proxy.address() as AddressInfo).port);
    workerDb = await openDatabase({ databaseUrl: via.toString(), poolSize: 2 });
  });
  afterAll(async () => {
    await workerDb?.close();
    for (const s of piped) s.destroy();
    await new Promise((r) => proxy?.close(r));
    await h?.close();
  });

  async function until(what: string, check: () => boolean | Promise<boolean>, ms = 60_000) {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  test('the run is handed back when the database returns, its attempt not counted', { timeout: 180_000 }, async () => {
    const storage = new LocalFileStorage(mkdtempSync(path.join(tmpdir(), 'vitrin-outage-')));
    const photo = await productPhoto(640, 480);
    const { user, uploadId, storageKey } = await userWithUpload(h.db);
    await storage.put(storageKey, photo, 'image/jpeg');
    const bus = new LocalEventBus();
    const { id } = await createGeneration({ db: h.db, bus }, user.id, {
      type: 'image',
      uploadId,
      prompt: 'beyaz fon',
    });

    let atProvider = false;
    let goOn: () => void = () => {};
    const gate = new Promise<void>((r) => (goOn = r));
    let held = true;
    const outputs = (): ProviderOutput[] =>
      Array.from({ length: 4 }, () => ({ bytes: photo, mime: 'image/jpeg' as const, ext: 'jpg' as const }));
    const provider: AiProvider = {
      name: 'local',
      submitImage: async () => ({ requestId: 'r-1' }),
      submitVideo: async () => ({ requestId: 'r-1' }),
      waitForResult: async () => {
        atProvider = true;
        if (held) await gate;
        return outputs();
      },
    };
    const worker = new GenerationWorker({ db: workerDb.db, bus, storage, provider }, { concurrency: 1, leaseMs: 60_000 });
    const first = worker.runOnce();
    await until('the run is at the provider', () => atProvider);

    // The database goes away: every connection is cut and new ones are refused.
    cut = true;
    for (const s of piped) s.destroy();
    goOn();
    // The worker could not record the result; it keeps trying to hand the run back.
    await until('the worker retried while the database was away', () => refused >= 3);
    cut = false;
    await first;

    const handedBack = await h.db
      .selectFrom('generations')
      .select(['status', 'attempts', 'lease_owner'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(handedBack).toEqual({ status: 'queued', attempts: 0, lease_owner: null });

    held = false;
    expect(await worker.runOnce()).toBe(true);
    const done = await h.db
      .selectFrom('generations')
      .select(['status', 'attempts', 'refunded_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(done).toEqual({ status: 'completed', attempts: 1, refunded_at: null });
  });
});
