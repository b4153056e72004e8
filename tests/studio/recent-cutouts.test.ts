import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshDatabase } from '../helpers/db';
import { userWithUpload } from '../helpers/fixtures';
import { loadTruth } from './truth';
import { StudioPool } from '../../server/studio/pool';
import { RECENT_CUTOUTS, RecentCutouts } from '../../server/studio/recent-cutouts';
import type { CutoutResult } from '../../server/studio/cutout';
import { LocalFileStorage } from '../../server/providers/storage';
import { runCutout } from '../../server/services/studio';
import type { DbHandle } from '../../server/db';

/** A real pool that counts the tasks it is given. */
class CountingPool extends StudioPool {
  cutouts = 0;
  override run: StudioPool['run'] = (task, opts) => {
    if (task.kind === 'cutout') this.cutouts++;
    return super.run(task, opts);
  };
}

let h: DbHandle;
let filesDir: string;
let storage: LocalFileStorage;
const pool = new CountingPool(1, { rememberCutouts: true });
beforeAll(async () => {
  h = await freshDatabase();
  filesDir = mkdtempSync(path.join(tmpdir(), 'vitrin-recent-'));
  storage = new LocalFileStorage(filesDir);
});
afterAll(async () => {
  await pool.close();
  await h.close();
  rmSync(filesDir, { recursive: true, force: true });
});

describe('a photo uploaded again is not cut again', () => {
  it('the same seller, the same photo and hints: one cut, two stored cut-outs alike; another seller or another box is cut anew', async () => {
    const { photo } = await loadTruth('coffee');
    const upload = async (userId?: string) => {
      const made = await userWithUpload(h.db);
      const id = userId ?? made.user.id;
      if (userId) await h.db.updateTable('uploads').set({ user_id: userId }).where('id', '=', made.uploadId).execute();
      await storage.put(made.storageKey, photo, 'image/jpeg');
      return { userId: id, uploadId: made.uploadId };
    };
    const deps = { db: h.db, storage, pool };
    const first = await upload();
    const a = await runCutout(deps, first.userId, { uploadId: first.uploadId });
    expect(pool.cutouts).toBe(1);
    expect(a.verdict).toBe('accepted');

    // The same seller uploads the same photo again: a new cut-out row and file, the same pixels, no new cut.
    const again = await upload(first.userId);
    const b = await runCutout(deps, first.userId, { uploadId: again.uploadId });
    expect(pool.cutouts).toBe(1);
    expect(b.id).not.toBe(a.id);
    const file = async (id: string) => {
      const row = await h.db.selectFrom('cutouts').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow();
      return (await storage.get(row.storage_key!))!.bytes;
    };
    expect(Buffer.compare(await file(a.id), await file(b.id))).toBe(0);

    // Another seller with the very same photo: cut for them (nothing learnt from another seller's run).
    const other = await upload();
    await runCutout(deps, other.userId, { uploadId: other.uploadId });
    expect(pool.cutouts).toBe(2);

    // The first seller's box is another question: cut.
    await runCutout(deps, first.userId, { uploadId: again.uploadId, subject: { x: 0.1, y: 0.1, width: 0.8, height: 0.8 } });
    expect(pool.cutouts).toBe(3);
  });
});

describe('what the process keeps', () => {
  const result = (kb: number): CutoutResult => ({
    ok: true,
    png: Buffer.alloc(kb * 1024),
    coverage: 0.5,
    box: { x: 0, y: 0, width: 1, height: 1 },
    width: 10,
    height: 10,
    confidence: 1,
    maskPng: null,
    figures: null,
    timings: { totalMs: 1 },
  });
  const hints = { subject: null, keep: [], remove: [] };

  it(`at most ${RECENT_CUTOUTS.entries} cut-outs, the least recently used leaving first`, async () => {
    const recent = new RecentCutouts();
    const keys = await Promise.all(Array.from({ length: RECENT_CUTOUTS.entries + 1 }, (_, i) => recent.key('s', Buffer.from([i]), hints)));
    keys.slice(0, -1).forEach((k) => recent.set(k, result(1)));
    expect(recent.get(keys[0]!)).toBeDefined(); // used again: now the newest
    recent.set(keys.at(-1)!, result(1));
    expect(recent.size).toBe(RECENT_CUTOUTS.entries);
    expect(recent.get(keys[0]!)).toBeDefined();
    expect(recent.get(keys[1]!)).toBeUndefined();
  });

  it('at most maxBytes of PNG, and nothing older than ttlMs', async () => {
    let now = 0;
    const recent = new RecentCutouts(() => now);
    const big = Math.floor(RECENT_CUTOUTS.maxBytes / 4 / 1024) - 1;
    const keys = await Promise.all(Array.from({ length: 5 }, (_, i) => recent.key('s', Buffer.from([i]), hints)));
    keys.forEach((k) => recent.set(k, result(big)));
    expect(recent.size).toBe(4);
    expect(recent.get(keys[0]!)).toBeUndefined();
    now = RECENT_CUTOUTS.ttlMs + 1;
    expect(recent.get(keys[4]!)).toBeUndefined();
    expect(recent.size).toBe(3);
  });
});
