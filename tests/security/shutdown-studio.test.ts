import { afterAll, expect, test, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../../server/index';
import { readEnv } from '../../server/env';
import { freshDatabase } from '../helpers/db';
import { balanceOf, productPhoto, userWithUpload } from '../helpers/fixtures';
import { createGeneration } from '../../server/services/generations';
import { LocalEventBus } from '../../server/events/bus';
import { GenerationWorker } from '../../server/jobs/worker';
import { LocalStudioProvider } from '../../server/providers/ai';
import type { StudioTask } from '../../server/studio/pool-tasks';

/**
 * A deploy (SIGTERM) while the worker is inside a long studio step: the server takes no new
 * connection from the first moment, is closed well within the grace, and the run goes back to the
 * queue charged once, to be finished once by the next worker.
 */

// The process-wide studio pool replaced by a fake: the cut-out runs until it is given up (or,
// when `slow` is off, answers at once); the renders answer at once.
const studio = vi.hoisted(() => {
  let started!: () => void;
  return {
    slow: true,
    cutouts: 0,
    abandoned: 0,
    photo: Buffer.alloc(0) as Buffer,
    started: new Promise<void>((resolve) => (started = resolve)),
    markStarted: () => started(),
  };
});
vi.mock('../../server/studio/pool', () => ({
  studioPool: () => ({
    run: (task: StudioTask, { signal }: { owner: string; signal?: AbortSignal }): Promise<unknown> => {
      const fallback = { ok: false, reasons: ['uncertain'], width: 640, height: 480, confidence: 0, timings: { totalMs: 1 } };
      if (task.kind === 'images')
        return Promise.resolve(Array.from({ length: 4 }, () => ({ bytes: studio.photo, mime: 'image/jpeg', ext: 'jpg' })));
      studio.cutouts++;
      if (!studio.slow) return Promise.resolve(fallback);
      studio.markStarted();
      return new Promise((resolve, reject) => {
        // Long enough to outlast any grace, short enough not to hang the run if nothing gives it up.
        const done = setTimeout(() => resolve(fallback), 30_000);
        signal?.addEventListener('abort', () => {
          studio.abandoned++;
          clearTimeout(done);
          reject(signal.reason);
        });
      });
    },
  }),
}));

/** Whether a new TCP connection to the port is accepted. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ port, host: 'localhost' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const dataDir = mkdtempSync(path.join(tmpdir(), 'vitrin-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test('shutdown during a studio step: new connections refused at once, closed within the grace, the run released and finished once by the next worker', async () => {
  studio.photo = await productPhoto(640, 480);
  const handle = await freshDatabase();
  try {
    const env = readEnv({
      PORT: '0',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'admin@test.local',
      ADMIN_PASSWORD: 'admin-secret-1',
      WORKER_CONCURRENCY: '1',
    } as NodeJS.ProcessEnv);
    const server = await startServer({ env, handle, log: () => {}, aiProvider: new LocalStudioProvider() });
    const { storage } = server.deps;
    expect(await accepts(server.port)).toBe(true);

    const { user, uploadId, storageKey } = await userWithUpload(handle.db);
    await storage.put(storageKey, studio.photo, 'image/jpeg');
    const { id } = await createGeneration({ db: handle.db, bus: server.deps.bus }, user.id, {
      type: 'image',
      uploadId,
      prompt: 'beyaz fon',
    });
    await studio.started; // the worker is inside the automatic cut-out
    expect(await balanceOf(handle.db, user.id)).toBe(9);

    // A grace far longer than the test's own timeout: a close that waited for anything until the grace
    // (the studio step, the run) fails the test, with no clock read.
    const graceMs = 600_000;
    const closing = server.close({ graceMs });
    // (a) From the first moment of the shutdown, a new connection is refused.
    expect(await accepts(server.port)).toBe(false);
    // (b) The studio step is given up, so the close is done within the grace.
    await closing;
    expect(studio.abandoned).toBe(1);

    // (c) The run is back in the queue, charged once, nothing refunded.
    const released = await handle.db.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(released).toMatchObject({ status: 'queued', lease_owner: null, refunded_at: null });
    expect(await balanceOf(handle.db, user.id)).toBe(9);

    // The next worker (a new process after the deploy) finishes it once.
    studio.slow = false;
    const next = new GenerationWorker(
      { db: handle.db, bus: new LocalEventBus(), storage, provider: new LocalStudioProvider() },
      { concurrency: 1 },
    );
    expect(await next.runOnce()).toBe(true);
    expect(await next.runOnce()).toBe(false);
    const done = await handle.db.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(done.status).toBe('completed');
    expect(done.outputs).toHaveLength(4);
    expect(studio.cutouts).toBe(2);
    const moves = await handle.db.selectFrom('credit_transactions').select(['type', 'amount']).where('generation_id', '=', id).execute();
    expect(moves).toEqual([{ type: 'usage', amount: -1 }]);
    expect(await balanceOf(handle.db, user.id)).toBe(9);
  } finally {
    await handle.close();
  }
}, 60_000);
