import { sql } from 'kysely';
import type { Db } from '../../db';
import { ADMIN_WEBHOOK_LIMIT, WEBHOOK_PROBLEMS, type WebhookProblem } from '../../../shared/schemas/admin';
import { iso } from './search';
import { readJsonOrNull } from '../../db/read';
import { ZWebhookSummary } from '../../db/json-columns';

/** The latest processed webhooks and credit-ledger rows, 20 each, newest first (docs/product.md §7). */
export async function listWebhookLogs(db: Db) {
  const [events, ledger] = await Promise.all([
    db
      .selectFrom('processed_webhooks as w')
      .leftJoin('users as u', 'u.id', 'w.user_id')
      .select([
        'w.id',
        'w.event_key',
        'w.provider',
        'w.event_type',
        'w.matched',
        'w.summary',
        'w.created_at',
        'w.user_id',
        'u.email as user_email',
        sql<boolean>`w.payment_event is not null`.as('has_payment'),
      ])
      .orderBy('w.created_at', 'desc')
      .orderBy('w.id', 'desc')
      .limit(ADMIN_WEBHOOK_LIMIT)
      .execute(),
    db
      .selectFrom('credit_ledger as l')
      .leftJoin('users as u', 'u.id', 'l.user_id')
      .select(['l.id', 'l.user_id', 'l.delta', 'l.reason', 'l.ref', 'l.created_at', 'u.email'])
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(ADMIN_WEBHOOK_LIMIT)
      .execute(),
  ]);
  return {
    events: events.map((e) => {
      const s = readJsonOrNull(ZWebhookSummary, e.summary, 'processed_webhooks.summary');
      return {
        id: e.id,
        eventKey: e.event_key,
        provider: e.provider,
        eventType: e.event_type,
        matched: e.matched,
        /** An unmatched payment an admin can try to match again (older rows kept no payment to retry). */
        retryable: !e.matched && e.has_payment,
        userId: e.user_id,
        userEmail: e.user_email ?? null,
        summary: s
          ? {
              email: s.email ?? null,
              plan: s.plan ?? null,
              amountCents: s.amountCents ?? null,
              currency: s.currency ?? null,
              paymentRef: s.paymentRef ?? null,
              problem: problemOf(s.problem),
            }
          : null,
        createdAt: iso(e.created_at)!,
      };
    }),
    ledger: ledger.map((l) => ({
      id: l.id,
      userId: l.user_id,
      email: l.email ?? null,
      delta: l.delta,
      reason: l.reason,
      ref: l.ref,
      createdAt: iso(l.created_at)!,
    })),
  };
}

function problemOf(value: unknown): WebhookProblem | null {
  return WEBHOOK_PROBLEMS.find((p) => p === value) ?? null;
}
