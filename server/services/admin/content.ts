import type { Db } from '../../db';
import type { ContentSection } from '../../db/types';
import { AppError } from '../../errors';
import { M, landingDefaults } from '../../../shared/messages';
import { invalidateLandingCache } from '../landing';
import { writeAudit } from './audit';
import { iso } from './search';

export type AdminContentItem = {
  id: string;
  section: ContentSection;
  key: string;
  value: string;
  /** The English text beside it (issue 38 item 5); null: the English page shows the Turkish one. */
  valueEn: string | null;
  description: string | null;
  /** The built-in text this key returns to on reset, if it has one, and its English copy. */
  defaultValue: string | null;
  defaultValueEn: string | null;
  updatedAt: string;
  updatedBy: string | null;
};

type DefaultText = { section: ContentSection; key: string; value: string; valueEn: string | null; description: string };

/** M.defaults.content flattened to section → key → text, with the landing's English copies (the legal pages have none). */
function defaults(): Map<string, DefaultText> {
  const english = landingDefaults('en').content as Record<string, Record<string, string> | undefined>;
  const out = new Map<string, DefaultText>();
  for (const [section, keys] of Object.entries(M.defaults.content)) {
    for (const [key, [value, description]] of Object.entries(keys)) {
      const valueEn = english[section]?.[key] ?? null;
      out.set(`${section}.${key}`, { section: section as ContentSection, key, value, valueEn, description });
    }
  }
  return out;
}

/** Empty English is stored as null: the English page shows the Turkish text. */
const englishOrNull = (text: string | null | undefined): string | null => (text ? text : null);

async function counters(db: Db) {
  const count = (table: 'portfolio_items' | 'testimonials' | 'site_stats' | 'features') =>
    db
      .selectFrom(table)
      .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.countAll<number>().filterWhere('is_active', '=', true).as('active')])
      .executeTakeFirstOrThrow()
      .then((r) => ({ total: Number(r.total), active: Number(r.active) }));
  const [portfolio, testimonials, stats, features] = await Promise.all([
    count('portfolio_items'),
    count('testimonials'),
    count('site_stats'),
    count('features'),
  ]);
  return { portfolio, testimonials, stats, features };
}

/** Site texts ordered by section (docs/product.md §7), plus the counters of the content lists. */
export async function listContent(db: Db) {
  const defs = defaults();
  const [rows, counts] = await Promise.all([
    db
      .selectFrom('site_content as c')
      .leftJoin('admin_users as a', 'a.id', 'c.updated_by')
      .select(['c.id', 'c.section', 'c.key', 'c.value', 'c.value_en', 'c.description', 'c.updated_at', 'a.full_name as updated_by_name'])
      .orderBy('c.section', 'asc')
      .orderBy('c.key', 'asc')
      .execute(),
    counters(db),
  ]);
  const items: AdminContentItem[] = rows.map((r) => ({
    id: r.id,
    section: r.section,
    key: r.key,
    value: r.value,
    valueEn: r.value_en,
    description: r.description,
    defaultValue: defs.get(`${r.section}.${r.key}`)?.value ?? null,
    defaultValueEn: defs.get(`${r.section}.${r.key}`)?.valueEn ?? null,
    updatedAt: iso(r.updated_at)!,
    updatedBy: r.updated_by_name ?? null,
  }));
  return { items, counts };
}

/**
 * Saves only the texts that changed (docs/product.md §7), Turkish and English alike (issue 38 item 5),
 * one audit row per text with what changed; then the landing cache goes. The legal pages are Turkish
 * only: an English text for one is refused.
 */
export async function saveContent(
  db: Db,
  adminId: string,
  items: { id: string; value: string; valueEn?: string | undefined }[],
): Promise<{ saved: number }> {
  const saved = await db.transaction().execute(async (trx) => {
    const ids = [...new Set(items.map((i) => i.id))];
    const current = await trx
      .selectFrom('site_content')
      .select(['id', 'section', 'key', 'value', 'value_en'])
      .where('id', 'in', ids)
      .forUpdate()
      .execute();
    if (current.length !== ids.length) throw new AppError('NOT_FOUND', M.common.notFound);
    const byId = new Map(current.map((r) => [r.id, r]));
    let n = 0;
    const now = new Date();
    for (const item of items) {
      const row = byId.get(item.id)!;
      const valueEn = item.valueEn === undefined ? row.value_en : englishOrNull(item.valueEn);
      if (row.section === 'legal' && valueEn !== row.value_en) throw new AppError('VALIDATION', M.common.invalidInput);
      const changed = {
        ...(row.value !== item.value && { value: [row.value, item.value] as const }),
        ...(row.value_en !== valueEn && { value_en: [row.value_en, valueEn] as const }),
      };
      if (Object.keys(changed).length === 0) continue;
      await trx
        .updateTable('site_content')
        .set({ value: item.value, value_en: valueEn, updated_by: adminId, updated_at: now })
        .where('id', '=', item.id)
        .execute();
      const side = (i: 0 | 1) => Object.fromEntries(Object.entries(changed).map(([k, pair]) => [k, pair[i]]));
      await writeAudit(trx, {
        adminId,
        action: 'content.update',
        targetType: 'site_content',
        targetId: item.id,
        oldValues: { section: row.section, key: row.key, ...side(0) },
        newValues: { section: row.section, key: row.key, ...side(1) },
      });
      row.value = item.value;
      row.value_en = valueEn;
      n++;
    }
    return n;
  });
  if (saved > 0) invalidateLandingCache(db);
  return { saved };
}

/**
 * Reset: every built-in text goes back to its M.defaults.content value and its English copy (rows
 * that were removed come back). One audit row lists what changed. Texts without a built-in default are left alone.
 */
export async function resetContent(db: Db, adminId: string): Promise<{ reset: number }> {
  const defs = defaults();
  const reset = await db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('site_content').select(['id', 'section', 'key', 'value', 'value_en']).forUpdate().execute();
    const byKey = new Map(rows.map((r) => [`${r.section}.${r.key}`, r]));
    const oldValues: Record<string, string | null> = {};
    const newValues: Record<string, string | null> = {};
    let n = 0;
    const now = new Date();
    for (const [k, d] of defs) {
      const row = byKey.get(k);
      if (row && row.value === d.value && row.value_en === d.valueEn) continue;
      // Each language that changes is listed: `hero.title` (Turkish), `hero.title.en` (English).
      if (!row || row.value !== d.value) {
        oldValues[k] = row?.value ?? null;
        newValues[k] = d.value;
      }
      if (!row || row.value_en !== d.valueEn) {
        oldValues[`${k}.en`] = row?.value_en ?? null;
        newValues[`${k}.en`] = d.valueEn;
      }
      n++;
      const texts = { value: d.value, value_en: d.valueEn, updated_by: adminId, updated_at: now };
      await trx
        .insertInto('site_content')
        .values({ section: d.section, key: d.key, description: d.description, ...texts })
        .onConflict((oc) => oc.columns(['section', 'key']).doUpdateSet(texts))
        .execute();
    }
    if (n > 0)
      await writeAudit(trx, { adminId, action: 'content.reset', targetType: 'site_content', targetId: null, oldValues, newValues });
    return n;
  });
  if (reset > 0) invalidateLandingCache(db);
  return { reset };
}
