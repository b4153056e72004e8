import type { z } from 'zod';
import { invalidateRead } from '../read-cache';
import type { Db } from '../../db';
import { SETTING_KEY_OF, type ZAdminSettings } from '../../../shared/schemas/admin';
import { SETTING_DEFAULTS, getSettings, setSetting, type SettingKey } from '../settings';
import { writeAudit } from './audit';
import { iso } from './search';

type Values = z.output<typeof ZAdminSettings>;

/** The typed settings (what the form edits) and who changed them last. */
export async function listSettings(db: Db) {
  const s = await getSettings(db);
  const values: Values = {
    siteName: s.siteName,
    siteDescription: s.siteDescription,
    supportEmail: s.supportEmail,
    supportPhone: s.supportPhone,
    contactAddress: s.contactAddress,
    defaultTrialCredits: s.defaultTrialCredits,
    maxCreditsPerUser: s.maxCreditsPerUser,
    imageCreditCost: s.imageCreditCost,
    videoCreditCost: s.videoCreditCost,
    maintenanceMode: s.maintenanceMode,
    allowRegistrations: s.allowRegistrations,
    emailNotifications: s.emailNotifications,
    requireEmailVerification: s.requireEmailVerification,
    priceTryBasic: s.tryPrices.basic,
    priceTryStandard: s.tryPrices.standard,
    priceTryPremium: s.tryPrices.premium,
    storageQuotaMb: s.storageQuotaMb,
    uploadRetentionDays: s.uploadRetentionDays,
    currency: s.currency,
    kdvRate: s.kdvRate,
    invoicePrefix: s.invoicePrefix,
    companyTitle: s.company.title,
    companyTaxOffice: s.company.taxOffice,
    companyVkn: s.company.vkn,
    companyAddress: s.company.address,
    companyMersis: s.company.mersis,
    companyEmail: s.company.email ?? '',
    companyPhone: s.company.phone ?? '',
  };
  const last = await db
    .selectFrom('settings as s')
    .leftJoin('admin_users as a', 'a.id', 's.updated_by')
    .select(['s.updated_at', 'a.full_name', 'a.email'])
    .where('s.updated_by', 'is not', null)
    .orderBy('s.updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    values,
    lastChange: last ? { at: iso(last.updated_at)!, by: last.full_name || last.email || '' } : null,
  };
}

/**
 * Writes the keys whose stored text differs (booleans as 'true'/'false', docs/product.md §3), with the
 * admin as updated_by and one audit row listing old and new values. The change applies at once
 * here and on commit in every other process (docs/decisions.md D23; services/read-cache.ts).
 */
export async function saveSettings(db: Db, adminId: string, input: Values): Promise<{ changed: string[] }> {
  const result = await db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('settings').select(['key', 'value']).forUpdate().execute();
    const current: Record<SettingKey, string> & Record<string, string> = { ...SETTING_DEFAULTS };
    for (const r of rows) current[r.key] = r.value;
    const oldValues: Record<string, string> = {};
    const newValues: Record<string, string> = {};
    for (const [field, key] of Object.entries(SETTING_KEY_OF) as [keyof Values, SettingKey][]) {
      const next = String(input[field]);
      if (current[key] === next) continue;
      oldValues[key] = current[key];
      newValues[key] = next;
      await setSetting(trx, key, next, adminId);
    }
    const changed = Object.keys(newValues);
    if (changed.length)
      await writeAudit(trx, { adminId, action: 'settings.update', targetType: 'settings', targetId: null, oldValues, newValues });
    return { changed };
  });
  // This process's copy goes at once; other processes drop theirs on the trigger's NOTIFY.
  invalidateRead('settings', db);
  return result;
}
