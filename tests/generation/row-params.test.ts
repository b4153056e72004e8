import { afterAll, beforeAll, expect, onTestFinished, test } from 'vitest';
import { freshDatabase } from '../helpers/db';
import { userWithUpload } from '../helpers/fixtures';
import { createGeneration, getGeneration, onGenerationQueued } from '../../server/services/generations';
import { LocalEventBus } from '../../server/events/bus';
import { isErased, rowParams } from '../../server/db/read';
import { IMAGES_PER_RUN, PROMPT_MAX, ZCreateImage } from '../../shared/schemas/generations';
import { ZCreateBatch } from '../../shared/schemas/batch';
import { M } from '../../shared/messages';
import type { DbHandle } from '../../server/db';

let h: DbHandle;
beforeAll(async () => {
  h = await freshDatabase();
});
afterAll(async () => {
  await h.close();
});

test('a stored image row reads whole: the fixed fields of its kind default when an older row lacks them', () => {
  const p = rowParams({ type: 'image', parameters: { prompt: 'ahşap masa' } });
  expect(p).toEqual({ type: 'image', parameters: { prompt: 'ahşap masa', numImages: IMAGES_PER_RUN, outputFormat: 'jpeg' } });
});

test('a row erased by account deletion ({}) is said to be erased, not read as a run with an empty prompt', () => {
  const p = rowParams({ type: 'image', parameters: '{}' });
  expect(isErased(p)).toBe(true);
  expect(p.parameters).toBeNull();
});

test('a row that matches neither shape fails loudly, naming the column', () => {
  expect(() => rowParams({ type: 'video', parameters: { prompt: 'x' } })).toThrow(/generations\.parameters/);
});

test('an erased run is not found through the owner views', async () => {
  const { user, uploadId } = await userWithUpload(h.db);
  const { id } = await createGeneration({ db: h.db, bus: new LocalEventBus() }, user.id, {
    type: 'image',
    uploadId,
    prompt: 'mermer',
  });
  expect((await getGeneration(h.db, user.id, id)).prompt).toBe('mermer');
  await h.db.updateTable('generations').set({ parameters: '{}' }).where('id', '=', id).execute();
  await expect(getGeneration(h.db, user.id, id)).rejects.toThrow(M.common.notFound);
});

test('createGeneration wakes the workers itself once a run is accepted, and not for a refused one', async () => {
  const { user, uploadId } = await userWithUpload(h.db);
  let woken = 0;
  const unsubscribe = onGenerationQueued(() => void woken++);
  onTestFinished(unsubscribe);
  const deps = { db: h.db, bus: new LocalEventBus() };
  await createGeneration(deps, user.id, { type: 'image', uploadId, prompt: 'beyaz fon' });
  expect(woken).toBe(1);
  await h.db.updateTable('users').set({ credits_balance: 0 }).where('id', '=', user.id).execute();
  await expect(createGeneration(deps, user.id, { type: 'image', uploadId, prompt: 'beyaz fon' })).rejects.toThrow(
    M.generation.insufficient,
  );
  expect(woken).toBe(1);
});

test('one prompt limit for the single and the batch run', () => {
  const long = 'a'.repeat(PROMPT_MAX + 1);
  const uploadId = '00000000-0000-4000-8000-000000000000';
  expect(ZCreateImage.safeParse({ uploadId, prompt: long }).error?.issues[0]?.message).toBe(M.generation.promptTooLong);
  expect(ZCreateBatch.safeParse({ uploadIds: [uploadId], prompt: long }).error?.issues[0]?.message).toBe(M.generation.promptTooLong);
  expect(ZCreateImage.safeParse({ uploadId, prompt: 'a'.repeat(PROMPT_MAX) }).success).toBe(true);
});
