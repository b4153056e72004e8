import type { Db } from '../db';
import type { Env } from '../env';
import { getSettings } from './settings';
import { getPreferences } from './preferences';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/messages/language';
import { publicBaseUrl } from '../email/links';
import type { Site } from '../email/templates/layout';

/**
 * What every template needs: the site name and support address from settings, the link base, and
 * (given the recipient) the language the recipient saved, so the e-mail is written in it.
 */
export async function emailContext(
  db: Db,
  env?: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  recipientId?: string,
): Promise<{ site: Site; base: string; notificationsOn: boolean }> {
  const s = await getSettings(db);
  const language = recipientId ? await recipientLanguage(db, recipientId) : DEFAULT_LANGUAGE;
  return {
    site: { siteName: s.siteName, supportEmail: s.supportEmail, language },
    base: publicBaseUrl(env),
    notificationsOn: s.emailNotifications,
  };
}

/** The language a user saved (their e-mails are written in it). */
export async function recipientLanguage(db: Db, userId: string): Promise<Language> {
  return (await getPreferences(db, userId)).language;
}
