import type { Db } from '../db';
import { readJson } from '../db/read';
import { ZStoredPreferences } from '../db/json-columns';
import { DEFAULT_PREFERENCES, ZPreferences, type TPreferences, type TSavePreferences } from '../../shared/schemas/preferences';

export async function getPreferences(db: Db, userId: string): Promise<TPreferences> {
  const row = await db.selectFrom('user_preferences').select('data').where('user_id', '=', userId).executeTakeFirst();
  // Stored JSON is merged over the defaults so a newly added preference gets its default;
  // the two nested sections are merged key by key, or a new key would reset the whole row.
  const stored = row ? readJson(ZStoredPreferences, row.data, 'user_preferences.data') : {};
  const parsed = ZPreferences.safeParse({
    ...DEFAULT_PREFERENCES,
    ...stored,
    notifications: { ...DEFAULT_PREFERENCES.notifications, ...(stored.notifications ?? {}) },
    privacy: { ...DEFAULT_PREFERENCES.privacy, ...(stored.privacy ?? {}) },
  });
  return parsed.success ? parsed.data : DEFAULT_PREFERENCES;
}

/** Saves one section (docs/decisions.md D18), leaving the others as they were. */
export async function savePreferences(db: Db, userId: string, input: TSavePreferences): Promise<TPreferences> {
  const current = await getPreferences(db, userId);
  const { section, ...values } = input;
  void section;
  const next: TPreferences = { ...current, ...values };
  const data = JSON.stringify(next);
  await db
    .insertInto('user_preferences')
    .values({ user_id: userId, data })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ data, updated_at: new Date() }))
    .execute();
  return next;
}
