import { type Kysely, sql } from 'kysely';

/**
 * Fair share: the retention sweep looks for old uploads no generation uses (an index on each
 * side of that question), and an installed privacy text that still has the built-in retention
 * sentence gets the one that states the retention days (texts an admin rewrote are left alone).
 */
const OLD_SENTENCE = 'Verileriniz hesabınız açık olduğu sürece saklanır.';
const NEW_SENTENCE =
  'Hiçbir üretimde kullanmadığınız ürün fotoğrafları, yüklendikten {upload_retention_days} gün sonra otomatik olarak silinir. Diğer verileriniz hesabınız açık olduğu sürece saklanır.';
const OLD_HINT = '{contact_address} ve {ai_transfer} ayarlardan';
const NEW_HINT = '{contact_address}, {ai_transfer} ve {upload_retention_days} ayarlardan';

async function swapPrivacyText(db: Kysely<any>, from: [string, string], to: [string, string]): Promise<void> {
  await sql`
    update site_content
    set value = replace(value, ${from[0]}::text, ${to[0]}::text),
        description = replace(description, ${from[1]}::text, ${to[1]}::text)
    where section = 'legal' and key = 'privacy' and strpos(value, ${from[0]}::text) > 0
  `.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('uploads_created_idx').on('uploads').column('created_at').execute();
  await db.schema.createIndex('generations_upload_idx').on('generations').column('upload_id').execute();
  await swapPrivacyText(db, [OLD_SENTENCE, OLD_HINT], [NEW_SENTENCE, NEW_HINT]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await swapPrivacyText(db, [NEW_SENTENCE, NEW_HINT], [OLD_SENTENCE, OLD_HINT]);
  await db.schema.dropIndex('generations_upload_idx').ifExists().execute();
  await db.schema.dropIndex('uploads_created_idx').ifExists().execute();
}
