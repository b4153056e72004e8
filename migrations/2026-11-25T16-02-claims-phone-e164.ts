import type { Kysely } from 'kysely';
import { turkishPhoneE164 } from '../shared/phone';

/**
 * Phones are stored in E.164 from now on. Existing values a Turkish line can have are rewritten
 * ("0532 123 45 67" → "+905321234567"), blank ones become null; anything else ("abc", a foreign
 * number) is left as the seller typed it, shown on the profile, and must be corrected on its next
 * save: a guess would be worse than the seller's own text. Down leaves the E.164 values (they are
 * valid phone numbers either way).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const rows: Array<{ id: string; phone: string }> = await db
    .selectFrom('profiles')
    .select(['id', 'phone'])
    .where('phone', 'is not', null)
    .execute();
  for (const row of rows) {
    const next = row.phone.trim() === '' ? null : turkishPhoneE164(row.phone);
    if (next === row.phone || (next === null && row.phone.trim() !== '')) continue;
    await db.updateTable('profiles').set({ phone: next }).where('id', '=', row.id).execute();
  }
}

export async function down(): Promise<void> {}
