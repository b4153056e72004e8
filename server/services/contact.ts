import type { Db } from '../db';
import type { EventBus } from '../events/bus';
import { AppError } from '../errors';
import { LIMITS, hitRateLimit } from '../auth/rate-limit';
import { M } from '../../shared/messages';
import type { TContactMessageParsed } from '../../shared/schemas/contact';

/**
 * docs/decisions.md D19: stores a landing-page contact message. Each IP may send LIMITS.contactPerIp messages per
 * window (docs/decisions.md D15, counted in the database so every server process shares the count); over the limit
 * nothing is written. The admin activity feed hears about it at once.
 */
export async function submitContactMessage(
  deps: { db: Db; bus: EventBus },
  ip: string,
  input: TContactMessageParsed,
): Promise<{ id: string }> {
  const { limit, windowMs } = LIMITS.contactPerIp;
  if (!(await hitRateLimit(deps.db, `contact:ip:${ip}`, limit, windowMs)).allowed) {
    throw new AppError('RATE_LIMITED', M.common.tooManyAttempts);
  }
  const row = await deps.db
    .insertInto('contact_messages')
    .values({ name: input.name, email: input.email, company: input.company, message: input.message })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  deps.bus.publish({
    type: 'admin.activity',
    kind: 'message',
    summary: M.contact.activity(input.name),
    at: new Date(row.created_at).toISOString(),
  });
  return { id: row.id };
}
