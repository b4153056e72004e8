import type { Db } from '../db';
import type { Env } from '../env';
import { getSettings } from '../services/settings';
import { publicBaseUrl } from './links';
import type { Site } from './templates/layout';

/** What every template needs: the site name and support address from settings, and the link base. */
export async function emailContext(
  db: Db,
  env?: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
): Promise<{ site: Site; base: string; notificationsOn: boolean }> {
  const s = await getSettings(db);
  return { site: { siteName: s.siteName, supportEmail: s.supportEmail }, base: publicBaseUrl(env), notificationsOn: s.emailNotifications };
}
