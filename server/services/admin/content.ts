import type { Db } from '../../db';
import type { ContentSection } from '../../db/types';
import { AppError } from '../../errors';
import { M } from '../../../shared/messages';
import { invalidateLandingCache } from '../landing';
import { writeAudit } from './audit';
import { iso } from './search';

export type AdminContentItem = {
  id: string;
  section: ContentSection;
  key: string;
  value: string;
  description: string | null;
  /** The built-in text this key returns to on reset, if it has one. */
  defaultValue: string | null;
  updatedAt: string;
  updatedBy: string | null;
};

/** M.defaults.content flattened to section → key → text. */
function defaults(): Map<string, { section: ContentSection; key: string; value: string; description: string }> {
  const out = new Map<string, { section: ContentSection; key: string; value: string; description: string }>();
  for (const [section, keys] of Object.entries(M.defaults.content)) {
    for (const [key, [value, description]] of Object.entries(keys)) {
      out.set(`${section}.${key}`, { section: section as ContentSection, key, value, description });
    }
  }
  return out;
}

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
      .select(['c.id', 'c.section', 'c.key', 'c.value', 'c.description', 'c.updated_at', 'a.full_name as updated_by_name'])
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
    description: r.description,
    defaultValue: defs.get(`${r.section}.${r.key}`)?.value ?? null,
    updatedAt: iso(r.updated_at)!,
    updatedBy: r.updated_by_name ?? null,
  }));
  return { items, counts };
}

/** Saves only the texts whose value changed (docs/product.md §7), one audit row each; then the landing cache goes. */
export async function saveContent(db: Db, adminId: string, items: { id: string; value: string }[]): Promise<{ saved: number }> {
  const saved = await db.transaction().execute(async (trx) => {
    const ids = [...new Set(items.map((i) => i.id))];
    const current = await trx
      .selectFrom('site_content')
      .select(['id', 'section', 'key', 'value'])
      .where('id', 'in', ids)
      .forUpdate()
      .execute();
    if (current.length !== ids.length) throw new AppError('NOT_FOUND', M.common.notFound);
    const byId = new Map(current.map((r) => [r.id, r]));
    let n = 0;
    const now = new Date();
    for (const item of items) {
      const row = byId.get(item.id)!;
      if (row.value === item.value) continue;
      await trx
        .updateTable('site_content')
        .set({ value: item.value, updated_by: adminId, updated_at: now })
        .where('id', '=', item.id)
        .execute();
      await writeAudit(trx, {
        adminId,
        action: 'content.update',
        targetType: 'site_content',
        targetId: item.id,
        oldValues: { section: row.section, key: row.key, value: row.value },
        newValues: { section: row.section, key: row.key, value: item.value },
      });
      row.value = item.value;
      n++;
    }
    return n;
  });
  if (saved > 0) invalidateLandingCache(db);
  return { saved };
}

/**
 * Reset: every built-in text goes back to its M.defaults.content value (rows that were removed
 * come back). One audit row lists what changed. Texts without a built-in default are left alone.
 */
export async function resetContent(db: Db, adminId: string): Promise<{ reset: number }> {
  const defs = defaults();
  const reset = await db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('site_content').select(['id', 'section', 'key', 'value']).forUpdate().execute();
    const byKey = new Map(rows.map((r) => [`${r.section}.${r.key}`, r]));
    const oldValues: Record<string, string | null> = {};
    const newValues: Record<string, string> = {};
    const now = new Date();
    for (const [k, d] of defs) {
      const row = byKey.get(k);
      if (row && row.value === d.value) continue;
      oldValues[k] = row?.value ?? null;
      newValues[k] = d.value;
      await trx
        .insertInto('site_content')
        .values({ section: d.section, key: d.key, value: d.value, description: d.description, updated_by: adminId, updated_at: now })
        .onConflict((oc) => oc.columns(['section', 'key']).doUpdateSet({ value: d.value, updated_by: adminId, updated_at: now }))
        .execute();
    }
    const n = Object.keys(newValues).length;
    if (n > 0)
      await writeAudit(trx, { adminId, action: 'content.reset', targetType: 'site_content', targetId: null, oldValues, newValues });
    return n;
  });
  if (reset > 0) invalidateLandingCache(db);
  return { reset };
}
