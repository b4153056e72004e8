import { afterAll, beforeAll, expect, test } from 'vitest';
import { Migrator } from 'kysely';
import { freshDatabase } from '../helpers/db';
import { userWithUpload } from '../helpers/fixtures';
import { migrations } from '../../migrations';
import { migrateToLatest } from '../../server/db/migrator';
import { CUTOUT_REASONS, type CutoutNoteCode } from '../../shared/schemas/generations';
import * as firstGate from '../fixtures/migrations/gate-cutout-verdict-first';
import type { DbHandle } from '../../server/db';

/**
 * Issue 33 item 2: a database made while the gate migration was in its first version (three
 * reasons allowed in cutouts.note_code) ends with the current check after migrateToLatest.
 */
let h: DbHandle;
beforeAll(async () => {
  h = await freshDatabase({ migrate: false });
  const then = { ...migrations, '2026-11-25T16-00-gate-cutout-verdict': firstGate };
  const migrator = new Migrator({ db: h.db, provider: { getMigrations: async () => then } });
  const { error } = await migrator.migrateTo('2026-11-25T16-40-fal-provider-inputs');
  if (error) throw error;
}, 180_000);
afterAll(async () => {
  await h?.close();
});

const insertCutout = (userId: string, uploadId: string, reason: string) =>
  h.db
    .insertInto('cutouts')
    .values({
      upload_id: uploadId,
      user_id: userId,
      storage_key: null,
      width: 10,
      height: 10,
      note_code: reason as CutoutNoteCode,
      reasons: '[]',
    })
    .execute();

test('a database from the first gate migration accepts every gate reason after migrateToLatest', { timeout: 120_000 }, async () => {
  const { user, uploadId } = await userWithUpload(h.db);
  // The old check, as such a database has it.
  await expect(insertCutout(user.id, uploadId, 'hole')).rejects.toThrow(/cutouts_note_code_check/);

  await migrateToLatest(h.db);
  for (const reason of CUTOUT_REASONS) await insertCutout(user.id, uploadId, reason);
  await expect(insertCutout(user.id, uploadId, 'made_up')).rejects.toThrow(/cutouts_note_code_check/);
});
