import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshDatabase } from '../helpers/db';
import { productPhoto, userWithUpload } from '../helpers/fixtures';
import { runNode, type NodeProcess } from '../helpers/process';
import { waitFor } from '../helpers/wait';
import { freePort } from '../helpers/tcp-forwarder';
import { createGeneration } from '../../server/services/generations';
import { LocalEventBus } from '../../server/events/bus';
import { LocalFileStorage } from '../../server/providers/storage';
import type { DbHandle } from '../../server/db';

/**
 * Issue 35 item 3, found by following docs/operations.md's recipe: a run finished by a separate
 * `npm run worker` process is counted in that process, which no web process's /metrics sees. With
 * METRICS_PORT the worker serves its own /metrics; Prometheus scrapes every process.
 * PostgreSQL only: the worker process refuses the embedded database.
 */
const PG = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG)('a separate worker serves its own /metrics (PostgreSQL)', () => {
  let h: DbHandle & { url?: string };
  let dataDir: string;
  let worker: NodeProcess | undefined;

  beforeAll(async () => {
    h = await freshDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'vitrin-worker-metrics-'));
  });
  afterAll(async () => {
    await worker?.kill();
    await h?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the run it finished is counted on its METRICS_PORT, with the queue read from the database', { timeout: 240_000 }, async () => {
    const port = await freePort();
    worker = runNode('server/jobs/worker-main.ts', {
      DATABASE_URL: h.url!,
      DATA_DIR: dataDir,
      WORKER_CONCURRENCY: '1',
      METRICS_PORT: String(port),
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
    });
    await worker.waitFor(/Metrics: http:\/\/localhost:\d+\/metrics/);
    const scrape = async () => {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      return res.text();
    };
    const finished = /^vitrin_runs_finished_total\{outcome="completed",type="image",provider="local"\} (\d+)$/m;
    expect(finished.exec(await scrape())).toBeNull();

    const { user, uploadId, storageKey } = await userWithUpload(h.db);
    await new LocalFileStorage(path.join(dataDir, 'files')).put(storageKey, await productPhoto(900, 700), 'image/jpeg');
    const { id } = await createGeneration({ db: h.db, bus: new LocalEventBus() }, user.id, {
      type: 'image',
      uploadId,
      prompt: 'beyaz fon',
    });
    await waitFor(
      async () =>
        (await h.db.selectFrom('generations').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status === 'completed',
      { timeout: 200_000, what: 'the worker completed the run' },
    );

    const text = await scrape();
    expect(finished.exec(text)?.[1]).toBe('1');
    expect(text).toMatch(/^vitrin_queue_depth\{queue="runs",state="queued"\} 0$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    // Anything but /metrics is not served on that port.
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
  });
});
