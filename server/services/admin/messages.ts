import type { z } from 'zod';
import { paginate } from '../../db/paginate';
import type { Db } from '../../db';
import { AppError } from '../../errors';
import { M } from '../../../shared/messages';
import type { ZAdminMessagesList } from '../../../shared/schemas/admin';
import { writeAudit } from './audit';
import { containsPattern, iso } from './search';
import type { TAdminMessage } from '../../../shared/schemas/admin-outputs';

type ListInput = z.output<typeof ZAdminMessagesList>;

export type AdminMessage = TAdminMessage;

function base(db: Db) {
  return db.selectFrom('contact_messages as m').leftJoin('admin_users as a', 'a.id', 'm.read_by');
}

const COLUMNS = [
  'm.id',
  'm.name',
  'm.email',
  'm.company',
  'm.message',
  'm.is_read',
  'm.read_at',
  'm.read_by',
  'm.created_at',
  'a.full_name as reader_name',
  'a.email as reader_email',
] as const;

function select(db: Db) {
  return base(db).select(COLUMNS);
}

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

function toMessage(r: Row): AdminMessage {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    company: r.company,
    message: r.message,
    isRead: r.is_read,
    readAt: iso(r.read_at),
    readBy: r.read_by ? { id: r.read_by, name: r.reader_name ?? '', email: r.reader_email ?? '' } : null,
    createdAt: iso(r.created_at)!,
  };
}

/** Newest first, with search over name, e-mail, company and text, and the read filter. */
export async function listMessages(db: Db, input: ListInput) {
  let q = base(db);
  if (input.search) {
    const p = containsPattern(input.search);
    q = q.where((eb) =>
      eb.or([eb('m.name', 'ilike', p), eb('m.email', 'ilike', p), eb('m.company', 'ilike', p), eb('m.message', 'ilike', p)]),
    );
  }
  if (input.filter !== 'all') q = q.where('m.is_read', '=', input.filter === 'read');
  const [{ rows, total }, unread] = await Promise.all([
    paginate(q, (b) => b.select(COLUMNS).orderBy('m.created_at', 'desc').orderBy('m.id', 'desc'), input),
    db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('is_read', '=', false)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map(toMessage),
    total,
    unread: Number(unread.n),
    page: input.page,
    pageCount: Math.max(1, Math.ceil(total / input.pageSize)),
  };
}

/**
 * Read → records read_at and the admin (docs/product.md §4); unread → clears both (docs/decisions.md D20), persisted either
 * way, with an audit row. Marking a message that is already in that state changes nothing.
 */
export async function setMessageRead(db: Db, adminId: string, id: string, read: boolean): Promise<AdminMessage> {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('contact_messages')
      .select(['id', 'email', 'is_read', 'read_at', 'read_by'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new AppError('NOT_FOUND', M.common.notFound);
    if (before.is_read === read) return;
    const now = new Date();
    await trx
      .updateTable('contact_messages')
      .set(read ? { is_read: true, read_at: now, read_by: adminId } : { is_read: false, read_at: null, read_by: null })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, {
      adminId,
      action: read ? 'message.read' : 'message.unread',
      targetType: 'contact_message',
      targetId: id,
      oldValues: { email: before.email, isRead: before.is_read, readAt: iso(before.read_at), readBy: before.read_by },
      newValues: { email: before.email, isRead: read, readAt: read ? now.toISOString() : null, readBy: read ? adminId : null },
    });
  });
  return toMessage(await select(db).where('m.id', '=', id).executeTakeFirstOrThrow());
}
