import type { Db } from '../db';
import { M } from '../../shared/messages';
import type { LegalPageKey } from '../../shared/legal';
import { getSettings } from './settings';
import type { z } from '../../shared/zod';
import type { ZLegalPage } from '../../shared/schemas/content';

export type LegalPage = z.output<typeof ZLegalPage>;

/**
 * A legal page's text as the admin left it in the content screen (section `legal`), else the
 * built-in starting text, with the operator's details from settings filled in. The KVKK and
 * privacy texts name the transfer of photos abroad only when fal.ai is configured (docs/decisions.md D33), and the
 * privacy text how long unused photos are kept (the upload_retention_days setting).
 */
export async function getLegalPage(db: Db, page: LegalPageKey, aiProvider: 'local' | 'fal'): Promise<LegalPage> {
  const [row, s] = await Promise.all([
    db.selectFrom('site_content').select(['value', 'updated_at']).where('section', '=', 'legal').where('key', '=', page).executeTakeFirst(),
    getSettings(db),
  ]);
  const template = row?.value ?? M.defaults.content.legal[page][0];
  const values = {
    site_name: s.siteName,
    support_email: s.supportEmail,
    support_phone: s.supportPhone,
    contact_address: s.contactAddress,
    ai_transfer: aiProvider === 'fal' ? M.legal.aiTransferFal : M.legal.aiTransferLocal,
    upload_retention_days: String(s.uploadRetentionDays),
  };
  const body = template.replace(
    /\{(site_name|support_email|support_phone|contact_address|ai_transfer|upload_retention_days)\}/g,
    (_m, k: keyof typeof values) => values[k],
  ); // the pattern matches these keys only;
  return { page, body, updatedAt: row ? new Date(row.updated_at).toISOString() : null };
}
