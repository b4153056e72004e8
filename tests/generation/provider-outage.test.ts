import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { freePort } from '../helpers/tcp-forwarder';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshDatabase } from '../helpers/db';
import { balanceOf, ledgerSum, productPhoto, userWithUpload } from '../helpers/fixtures';
import { createGeneration } from '../../server/services/generations';
import { LocalEventBus } from '../../server/events/bus';
import { GenerationWorker } from '../../server/jobs/worker';
import { MAX_ATTEMPTS } from '../../server/jobs/queue';
import { openDatabase, type DbHandle } from '../../server/db';
import { LocalFileStorage } from '../../server/providers/storage';
import { FalStudioProvider } from '../../server/providers/ai/fal-studio';
import { FAL_RETRY } from '../../server/providers/ai/fal';
import type { AiProvider, ProviderOutput } from '../../server/providers/ai';
import { M } from '../../shared/messages';

/**
 * fal cannot be reached (refused connection, a host name that does not resolve): the run must end
 * `failed` with the network text and one refund, not be taken for a database outage and wait for
 * ever. The delays are shortened here; with the defaults the same path ends well within 3 minutes:
 * each fal call is tried 4 times with 1 + 2 + 4 s (±25 %) between (≤ 8.75 s), the worker makes
 * MAX_ATTEMPTS = 3 attempts with 2 s and 4 s (±25 %, ≤ 7.5 s) between and polls every second, so
 * 3 × 8.75 + 7.5 + 3 ≈ 37 s of waiting, leaving over 140 s for the 12 connection attempts
 * themselves (undici gives up connecting after 10 s, so ≤ 120 s even when DNS times out).
 */

let h: DbHandle & { url?: string };
let storage: LocalFileStorage;
let photo: Buffer;
beforeAll(async () => {
  h = await freshDatabase();
  storage = new LocalFileStorage(mkdtempSync(path.join(tmpdir(), 'vitrin-outage-')));
  photo = await productPhoto(640, 480);
});
afterAll(async () => {
  await h.close();
});

/** fal's hosts aimed at a closed local port. */
const refusingFal = async (): Promise<typeof fetch> => {
  const port = await freePort();
  return (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    url.protocol = 'http:';
    url.host = `127.0.0.1:${port}`;
    return fetch(url, init);
  };
};

/** What Node's fetch (undici) throws when the host name does not resolve; no lookup is made. */
const unresolvableFal = async (): Promise<typeof fetch> => async (input) => {
  const host = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).hostname;
  const dns = Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), {
    errno: -3008,
    code: 'ENOTFOUND',
    syscall: 'getaddrinfo',
    hostname: host,
  });
  throw new TypeError('fetch failed', { cause: dns });
};

async function queuedImage() {
  const { user, uploadId, storageKey } = await userWithUpload(h.db);
  await storage.put(storageKey, photo, 'image/jpeg');
  const bus = new LocalEventBus();
  const { id } = await createGeneration({ db: h.db, bus }, user.id, {
    type: 'image',
    uploadId,
    prompt: 'beyaz fon',
  });
  return { user, id, bus };
}

const row = (id: string) => h.db.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

test.each([
  ['refused connection', refusingFal],
  ['host name that does not resolve', unresolvableFal],
])(
  'fal unreachable (%s): the run ends failed with the network text and exactly one refund',
  async (_, fakeFetch) => {
    const { user, id, bus } = await queuedImage();
    const provider = new FalStudioProvider({
      apiKey: 'test-key',
      fetch: await fakeFetch(),
      pollIntervalMs: 5,
      // The queue API's retries start at 1 s whatever is set; a tiny multiplier keeps the next ones short.
      retry: { ...FAL_RETRY, backoffMultiplier: 0.01, enableJitter: false },
    });
    const worker = new GenerationWorker({ db: h.db, bus, storage, provider }, { concurrency: 1, pollMs: 20, retryBaseMs: 10 });
    worker.start();
    try {
      // The first attempt also makes the automatic cut-out the fal studio composes from (on the studio pool).
      for (let i = 0; i < 1800 && (await row(id)).status !== 'failed'; i++) await new Promise((r) => setTimeout(r, 50));
    } finally {
      await worker.stop();
    }
    const g = await row(id);
    expect(g.status).toBe('failed');
    expect(g.error_message).toBe(M.generation.network);
    expect(g.attempts).toBe(MAX_ATTEMPTS);
    const refunds = await h.db
      .selectFrom('credit_ledger')
      .select('delta')
      .where('reason', '=', 'generation_refund')
      .where('ref', '=', id)
      .execute();
    expect(refunds).toEqual([{ delta: 1 }]);
    expect(await balanceOf(h.db, user.id)).toBe(10);
    expect(await ledgerSum(h.db, user.id)).toBe(10);
  },
  120_000,
);

// Real PostgreSQL only: PGlite lives inside the process and cannot be cut off.
describe.skipIf(!process.env.TEST_DATABASE_URL)('database outage (PostgreSQL)', () => {
  test('the database going away for good mid-run leaves the job to its lease: nothing failed, nothing refunded', async () => {
    const { user, id, bus } = await queuedImage();
    // The worker's own connection pool, ended while the provider runs: its next query fails in the client.
    const w = await openDatabase({ databaseUrl: h.url!, poolSize: 2 });
    const provider: AiProvider = {
      name: 'local',
      submitImage: async () => ({ requestId: 'req-1' }),
      submitVideo: async () => ({ requestId: 'req-1' }),
      waitForResult: async (): Promise<ProviderOutput[]> => {
        await w.pool!.end();
        return Array.from({ length: 4 }, () => ({ bytes: photo, mime: 'image/jpeg' as const, ext: 'jpg' as const }));
      },
    };
    // The worker tries to hand the run back for one lease (tests/generation/outage-attempt.test.ts has the
    // database return); this one never does, so after a short lease the run stays with its lease.
    const worker = new GenerationWorker({ db: w.db, bus, storage, provider }, { concurrency: 1, workerId: 'cut-off', leaseMs: 3_000 });
    expect(await worker.runOnce()).toBe(true);
    const g = await row(id);
    expect(g.status).toBe('processing');
    expect(g.lease_owner).toBe('cut-off');
    expect(g.refunded_at).toBeNull();
    expect(g.attempts).toBe(1);
    expect(await balanceOf(h.db, user.id)).toBe(9);
  });
});
