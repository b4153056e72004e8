import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import sharp from 'sharp';
import { freshDatabase } from '../helpers/db';
import { userWithUpload } from '../helpers/fixtures';
import { recordCutout } from '../../server/services/studio';
import { storeUpload } from '../../server/services/uploads';
import { deleteUserFolders } from '../../server/services/account-files';
import { LocalFileStorage } from '../../server/providers/storage';
import { AppError } from '../../server/errors';
import type { DbHandle } from '../../server/db';
import type { CutoutResult } from '../../server/studio/cutout';

/**
 * The file half of an account deleted while its requests run (seen once in the full suite as a 500
 * in tests/accounts/deletion-race.test.ts): the deletion removed the account's folders between a
 * write's mkdir and its rename, so the write failed with ENOENT before any row was tried. Here the
 * deletion happens inside the write, every time: the caller gets the 404/401 of a deleted account
 * and nothing is left in storage.
 */
let h: DbHandle;
let dir: string;
beforeAll(async () => {
  h = await freshDatabase();
  dir = mkdtempSync(path.join(tmpdir(), 'vitrin-race-files-'));
});
afterAll(async () => {
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A storage whose first write erases the account (row and folders) and then fails as the vanished folder makes it fail. */
function erasingStorage(userId: string) {
  const storage = new LocalFileStorage(dir);
  let erased = false;
  const put = storage.put.bind(storage);
  storage.put = async (key, bytes, type) => {
    if (!erased) {
      erased = true;
      await h.db.deleteFrom('uploads').where('user_id', '=', userId).execute();
      await h.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', userId).execute();
      await deleteUserFolders(storage, userId);
      throw Object.assign(new Error(`ENOENT: no such file or directory, open '${key}'`), { code: 'ENOENT' });
    }
    return put(key, bytes, type);
  };
  return storage;
}

const folderLeft = (userId: string) =>
  ['uploads', 'cutouts'].some((f) => existsSync(path.join(dir, f, userId)) || existsSync(path.join(dir, '.meta', f, userId)));

test('a cut-out whose folder goes with the account while it is written: 404, no file, no folder', async () => {
  const { user, uploadId } = await userWithUpload(h.db);
  const png = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#a52' } })
    .png()
    .toBuffer();
  const result = {
    ok: true,
    png,
    maskPng: png,
    coverage: 0.5,
    box: { x: 0, y: 0, width: 8, height: 8 },
    width: 8,
    height: 8,
    confidence: 0.9,
    figures: null,
    timings: { totalMs: 1 },
  } as CutoutResult;
  const err = await recordCutout({ db: h.db, storage: erasingStorage(user.id) }, user.id, uploadId, result, { guided: false }).catch(
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).appCode).toBe('NOT_FOUND');
  expect(folderLeft(user.id)).toBe(false);
  expect(await h.db.selectFrom('cutouts').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
});

test('an upload whose folder goes with the account while it is written: 401, no file, no row', async () => {
  const { user } = await userWithUpload(h.db);
  const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#a52' } })
    .jpeg()
    .toBuffer();
  const err = await storeUpload({ db: h.db, storage: erasingStorage(user.id) }, user.id, {
    bytes,
    mime: 'image/jpeg',
    ext: 'jpg',
    width: 8,
    height: 8,
  }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).appCode).toBe('UNAUTHENTICATED');
  expect(folderLeft(user.id)).toBe(false);
  expect(await h.db.selectFrom('uploads').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
});
