import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshDatabase } from '../helpers/db';
import { balanceOf, ledgerSum, productPhoto, userWithUpload } from '../helpers/fixtures';
import { runNode, type NodeProcess } from '../helpers/process';
import { waitFor } from '../helpers/wait';
import { createGeneration } from '../../server/services/generations';
import { LocalEventBus } from '../../server/events/bus';
import { MAX_ATTEMPTS } from '../../server/jobs/queue';
import { LocalFileStorage } from '../../server/providers/storage';
import { M } from '../../shared/messages';
import type { DbHandle } from '../../server/db';

/**
 * Issue 33 item 5, with real processes: `npm run worker` processes (server/jobs/worker-main.ts)
 * on PostgreSQL, each killed with SIGKILL while the run is in its hands — as a worker that runs
 * out of memory on a photo dies. After MAX_ATTEMPTS such deaths the next worker's claim does not
 * start the run again: it fails with its Turkish reason and exactly one refund. The minute each
 * dead worker's lease would take to run out is skipped by ending the lease in the database.
 * PostgreSQL only: the worker process refuses the embedded database (one owner per data directory).
 */
const PG = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG)('a run that kills its worker (real worker processes, PostgreSQL)', () => {
  let h: DbHandle & { url?: string };
  let dataDir: string;
  const workers: NodeProcess[] = [];

  beforeAll(async () => {
    h = await freshDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'vitrin-crash-procs-'));
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.kill()));
    await h?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const startWorker = () => {
    const w = runNode('server/jobs/worker-main.ts', {
      DATABASE_URL: h.url!,
      DATA_DIR: dataDir,
      WORKER_CONCURRENCY: '1',
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
    });
    workers.push(w);
    return w;
  };

  const row = (id: string) =>
    h.db
      .selectFrom('generations')
      .select(['status', 'attempts', 'lease_owner', 'error_message', 'refunded_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  test(`${MAX_ATTEMPTS} workers die holding the run; the next claim fails it with one refund`, { timeout: 300_000 }, async () => {
    const { user, uploadId, storageKey } = await userWithUpload(h.db);
    await new LocalFileStorage(path.join(dataDir, 'files')).put(storageKey, await productPhoto(1200, 900), 'image/jpeg');
    const before = await balanceOf(h.db, user.id);
    // A video: its local render takes seconds, so the run is surely in the worker's hands when it dies.
    const { id } = await createGeneration({ db: h.db, bus: new LocalEventBus() }, user.id, {
      type: 'video',
      uploadId,
      prompt: 'beyaz fon',
      duration: 5,
      aspectRatio: '9:16',
    });
    expect(await balanceOf(h.db, user.id)).toBeLessThan(before);

    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const w = startWorker();
      const claimed = await waitFor(
        async () => {
          const g = await row(id);
          return g.status === 'processing' && g.attempts === attempt && g.lease_owner?.startsWith(`worker-${w.pid}-`) ? g : undefined;
        },
        { timeout: 240_000, every: 10, what: `worker ${attempt} holds the run` },
      );
      expect(claimed.attempts).toBe(attempt);
      w.child.kill('SIGKILL');
      expect(await w.exited).toBeNull();
      // Still its: a dead worker hands nothing back. Its lease would run out within a minute.
      expect(await row(id)).toMatchObject({ status: 'processing', attempts: attempt });
      await h.db
        .updateTable('generations')
        .set({ lease_expires_at: new Date(Date.now() - 1_000) })
        .where('id', '=', id)
        .execute();
    }

    // The next worker claims it once more: past the cap, it is failed and refunded, not run.
    const last = startWorker();
    const failed = await waitFor(
      async () => {
        const g = await row(id);
        return g.status === 'failed' ? g : undefined;
      },
      { timeout: 240_000, what: 'the run failed' },
    );
    expect(failed).toMatchObject({ attempts: MAX_ATTEMPTS + 1, error_message: M.generation.interrupted });
    expect(failed.refunded_at).not.toBeNull();
    const refunds = await h.db
      .selectFrom('credit_ledger')
      .select('delta')
      .where('ref', '=', id)
      .where('reason', '=', 'generation_refund')
      .execute();
    expect(refunds).toHaveLength(1);
    expect(await balanceOf(h.db, user.id)).toBe(before);
    expect(await ledgerSum(h.db, user.id)).toBe(before);
    // It made nothing: no outputs were stored for the run.
    const outputs = await h.db.selectFrom('generations').select('outputs').where('id', '=', id).executeTakeFirstOrThrow();
    expect(outputs.outputs ?? []).toEqual([]);
    await last.kill();
  });
});
