import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../server/db';
import { migrateToLatest } from '../server/db/migrator';
import { LocalEventBus } from '../server/events/bus';
import { GenerationWorker } from '../server/jobs/worker';
import { LocalStudioProvider } from '../server/providers/ai/local';
import { LocalFileStorage } from '../server/providers/storage';
import { signUp } from '../server/services/accounts';
import { createBatch } from '../server/services/batch';

/**
 * Batch throughput (issue 12 (docs/history.md)): a batch of real photos (the three fixtures,
 * repeated) through `batch.create` and the in-process workers with the local
 * studio, as the server runs them by default (2 workers, studio pool sized to
 * the cores), on an in-memory database. Wall time from the take of credits to
 * the last completed run, including each photo's automatic cut-out.
 */
export type BatchBench = { photos: number; completed: number; ms: number; photosPerMinute: number; workers: number; cores: number };

export async function benchBatch(count = 9, workers = 2): Promise<BatchBench> {
  const dir = fileURLToPath(new URL('../tests/fixtures/photos/', import.meta.url));
  const sources = ['coffee', 'rocket', 'chelsea'].map((n) => readFileSync(join(dir, `${n}.jpg`)));
  const handle = await openDatabase({ pgliteDir: 'memory://' });
  await migrateToLatest(handle.db);
  const filesDir = mkdtempSync(join(tmpdir(), 'vitrin-bench-batch-'));
  const storage = new LocalFileStorage(filesDir);
  const bus = new LocalEventBus();
  try {
    const user = await signUp(handle.db, {
      email: `bench-${randomUUID()}@example.com`,
      password: 'gizli-sifre',
      fullName: 'Bench',
      companyName: null,
      phone: null,
    });
    await handle.db.updateTable('users').set({ credits_balance: 999999 }).where('id', '=', user.id).execute();
    const uploadIds: string[] = [];
    for (let i = 0; i < count; i++) {
      const key = `uploads/${user.id}/${i}.jpg`;
      await storage.put(key, sources[i % sources.length]!, 'image/jpeg');
      const row = await handle.db
        .insertInto('uploads')
        .values({
          user_id: user.id,
          storage_key: key,
          mime: 'image/jpeg',
          width: 600,
          height: 400,
          size_bytes: sources[i % sources.length]!.length,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      uploadIds.push(row.id);
    }
    const worker = new GenerationWorker(
      { db: handle.db, bus, storage, provider: new LocalStudioProvider({ concurrency: workers }) },
      { concurrency: workers, pollMs: 100 },
    );
    const t = performance.now();
    // Every photo may run framed: the bench measures throughput, not the consent question.
    const { items } = await createBatch({ db: handle.db, bus, storage, aiProvider: 'local' }, user.id, {
      uploadIds,
      prompt: 'mermer tezgah, sabah ışığı',
      allowFramed: uploadIds,
    });
    worker.start();
    const ids = items.map((i) => i.generationId!).filter(Boolean);
    let finished = 0;
    let completed = 0;
    while (finished < ids.length) {
      await new Promise((r) => setTimeout(r, 200));
      const rows = await handle.db.selectFrom('generations').select('status').where('id', 'in', ids).execute();
      finished = rows.filter((r) => r.status === 'completed' || r.status === 'failed').length;
      completed = rows.filter((r) => r.status === 'completed').length;
    }
    const ms = Math.round(performance.now() - t);
    await worker.stop();
    return {
      photos: ids.length,
      completed,
      ms,
      photosPerMinute: Math.round((ids.length / (ms / 60_000)) * 10) / 10,
      workers,
      cores: availableParallelism(),
    };
  } finally {
    await handle.close();
    rmSync(filesDir, { recursive: true, force: true });
  }
}

// `node --import tsx bench/batch.ts` runs this part alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchBatch();
  console.log(
    `Toplu üretim: ${r.photos} fotoğraf ${(r.ms / 1000).toFixed(1)} s, dakikada ${r.photosPerMinute} fotoğraf (${r.workers} işçi, ${r.cores} çekirdek, ${r.completed} tamamlandı)`,
  );
  process.exit(0);
}
