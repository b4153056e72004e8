import { afterAll, beforeAll, expect, test } from 'vitest';
import { freshDatabase } from '../helpers/db';
import { userWithUpload } from '../helpers/fixtures';
import { CUTOUT_REASONS } from '../../shared/schemas/generations';
import type { DbHandle } from '../../server/db';

let h: DbHandle;
beforeAll(async () => {
  h = await freshDatabase();
});
afterAll(async () => {
  await h.close();
});

test('every reason the cut-out gate can give is accepted as a stored cut-out note', async () => {
  const { user, uploadId } = await userWithUpload(h.db);
  for (const reason of CUTOUT_REASONS) {
    const row = await h.db
      .insertInto('cutouts')
      .values({
        upload_id: uploadId,
        user_id: user.id,
        storage_key: null,
        width: 640,
        height: 427,
        note_code: reason,
        reasons: JSON.stringify([reason]),
      })
      .returning('note_code')
      .executeTakeFirstOrThrow();
    expect(row.note_code).toBe(reason);
  }
});
