import type { Db } from '../../db';
import { paginate } from '../../db/paginate';
import { ADMIN_LOG_PAGE_SIZE } from '../../../shared/schemas/admin';
import { iso } from './search';
import { readJsonOrNull } from '../../db/read';
import { ZAuditValues } from '../../db/json-columns';

/** The audit log newest first, 50 per page (docs/product.md §9), joined to the admin's name and e-mail. */
export async function listLogs(db: Db, input: { action?: string | null; page: number }) {
  let base = db.selectFrom('admin_logs as l').leftJoin('admin_users as a', 'a.id', 'l.admin_id');
  if (input.action) base = base.where('l.action', '=', input.action);
  const [{ rows, total }, actions] = await Promise.all([
    paginate(
      base,
      (q) =>
        q
          .select([
            'l.id',
            'l.admin_id',
            'l.action',
            'l.target_type',
            'l.target_id',
            'l.old_values',
            'l.new_values',
            'l.created_at',
            'a.full_name',
            'a.email',
          ])
          .orderBy('l.created_at', 'desc')
          .orderBy('l.id', 'desc'),
      { page: input.page, pageSize: ADMIN_LOG_PAGE_SIZE },
    ),
    db.selectFrom('admin_logs').select('action').distinct().orderBy('action').execute(),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      oldValues: readJsonOrNull(ZAuditValues, r.old_values, 'admin_logs.old_values'),
      newValues: readJsonOrNull(ZAuditValues, r.new_values, 'admin_logs.new_values'),
      createdAt: iso(r.created_at)!,
      admin: r.admin_id ? { id: r.admin_id, name: r.full_name ?? '', email: r.email ?? '' } : null,
    })),
    total,
    page: input.page,
    pageSize: ADMIN_LOG_PAGE_SIZE,
    pageCount: Math.max(1, Math.ceil(total / ADMIN_LOG_PAGE_SIZE)),
    actions: actions.map((a) => a.action),
  };
}
