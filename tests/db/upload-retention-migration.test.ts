import { expect, test } from 'vitest';
import { sql } from 'kysely';
import { migrationDatabase } from '../helpers/migration-db';
import { M } from '../../shared/messages';
import { getLegalPage } from '../../server/services/legal';

// An installed privacy text (seeded before retention existed) gets the retention sentence; a text
// the admin rewrote is left alone; the migration goes down and up again on both databases.
const NEW_SENTENCE =
  'Hiçbir üretimde kullanmadığınız ürün fotoğrafları, yüklendikten {upload_retention_days} gün sonra otomatik olarak silinir. Diğer verileriniz hesabınız açık olduğu sürece saklanır.';
const OLD_SENTENCE = 'Verileriniz hesabınız açık olduğu sürece saklanır.';
const [seededText, seededHint] = M.defaults.content.legal.privacy;
const oldText = seededText.replace(NEW_SENTENCE, OLD_SENTENCE);
const oldHint = seededHint.replace(', {ai_transfer} ve {upload_retention_days}', ' ve {ai_transfer}');

const t = migrationDatabase();

const indexes = async () =>
  (
    await sql<{
      indexname: string;
    }>`select indexname from pg_indexes where indexname in ('uploads_created_idx', 'generations_upload_idx')`.execute(t.h.db)
  ).rows
    .map((r) => r.indexname)
    .sort();
const privacy = () =>
  t.h.db
    .selectFrom('site_content')
    .select(['value', 'description'])
    .where('section', '=', 'legal')
    .where('key', '=', 'privacy')
    .executeTakeFirstOrThrow();

test("the built-in text of an existing install states the retention, an admin's own text is left alone, and down restores it", async () => {
  expect(seededText).toContain(NEW_SENTENCE);
  expect(oldText).not.toContain('{upload_retention_days}');
  const down = await t.migrator.migrateTo('2026-11-23T06-00-generation-params');
  expect(down.error).toBeUndefined();
  expect(await indexes()).toEqual([]);
  await t.h.db.insertInto('site_content').values({ section: 'legal', key: 'privacy', value: oldText, description: oldHint }).execute();

  expect((await t.migrator.migrateToLatest()).error).toBeUndefined();
  expect(await indexes()).toEqual(['generations_upload_idx', 'uploads_created_idx']);
  expect(await privacy()).toEqual({ value: seededText, description: seededHint });
  expect((await getLegalPage(t.h.db, 'privacy', 'local')).body).toContain('yüklendikten 30 gün sonra otomatik olarak silinir');

  expect((await t.migrator.migrateTo('2026-11-23T06-00-generation-params')).error).toBeUndefined();
  expect(await privacy()).toEqual({ value: oldText, description: oldHint });
  expect((await t.migrator.migrateToLatest()).error).toBeUndefined();

  // An admin's own privacy text is left as the admin wrote it.
  const own = 'Kendi gizlilik metnimiz. Verileri 10 yıl saklarız.';
  await t.h.db.updateTable('site_content').set({ value: own }).where('section', '=', 'legal').where('key', '=', 'privacy').execute();
  expect((await t.migrator.migrateTo('2026-11-23T06-00-generation-params')).error).toBeUndefined();
  expect((await t.migrator.migrateToLatest()).error).toBeUndefined();
  expect((await privacy()).value).toBe(own);
});
