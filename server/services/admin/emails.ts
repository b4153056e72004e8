import type { Db } from '../../db';
import { paginate } from '../../db/paginate';
import type { Selectable } from 'kysely';
import type { EmailOutboxTable, EmailStatus } from '../../db/types';
import { AppError } from '../../errors';
import { M } from '../../../shared/messages';
import { containsPattern, iso } from './search';
import { redactSecretLinks } from '../../email/links';
import { readAttachments } from '../../db/read';
import type { TAdminEmailRow } from '../../../shared/schemas/admin-outputs';

export type AdminEmailRow = TAdminEmailRow;

/** The "E-postalar" page: newest first, searchable by recipient or subject, filterable by status. */
export async function listEmails(db: Db, input: { search?: string | null; status?: EmailStatus | null; page: number; pageSize: number }) {
  let q = db.selectFrom('email_outbox');
  if (input.search) {
    const p = containsPattern(input.search);
    q = q.where((eb) => eb.or([eb('to_address', 'ilike', p), eb('subject', 'ilike', p)]));
  }
  if (input.status) q = q.where('status', '=', input.status);
  const { rows, total } = await paginate(
    q,
    (b) =>
      b
        .select(['id', 'to_address', 'subject', 'kind', 'status', 'transport', 'attempts', 'created_at', 'sent_at', 'last_error'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc'),
    input,
  );
  const items: AdminEmailRow[] = rows.map(emailRow);
  return { items, total, page: input.page, pageSize: input.pageSize };
}

/** One message as it was sent: the plain-text body, secret link tokens always masked (even while it still waits to be sent). */
export async function getEmail(db: Db, id: string) {
  const r = await db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw new AppError('NOT_FOUND', M.common.notFound);
  return {
    ...emailRow(r),
    text: redactSecretLinks(r.body),
    attachments: readAttachments(r.attachments).map((a) => a.filename),
  };
}

/** One outbox row as the admin's list shows it. */
function emailRow(
  r: Pick<
    Selectable<EmailOutboxTable>,
    'id' | 'to_address' | 'subject' | 'kind' | 'status' | 'transport' | 'attempts' | 'created_at' | 'sent_at' | 'last_error'
  >,
): AdminEmailRow {
  return {
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    kind: r.kind,
    status: r.status,
    transport: r.transport,
    attempts: r.attempts,
    createdAt: iso(r.created_at)!,
    sentAt: iso(r.sent_at),
    lastError: r.last_error,
  };
}
