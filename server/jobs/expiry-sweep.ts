import type { Db } from '../db';
import type { EventBus } from '../events/bus';
import { applyExpiry } from '../services/credits';
import { deleteExpiredSessions } from '../auth/sessions';
import { UNLIMITED_BALANCE } from '../../shared/constants';
import type { AppDeps } from '../deps';
import { announceBalance } from '../events/announce';
import { startPeriodic } from '../lib/poll-loop';

/** Expires every balance whose paid or trial period has ended (docs/decisions.md D8); returns how many. */
export async function sweepExpiredCredits({ db, bus }: Pick<AppDeps, 'db' | 'bus'>, now = new Date()): Promise<number> {
  const due = await db
    .selectFrom('users')
    .select('id')
    .where('credits_expire_at', '<=', now)
    .where('credits_balance', '<>', UNLIMITED_BALANCE)
    .limit(1000)
    .execute();
  let expired = 0;
  for (const { id } of due) {
    if (await applyExpiry(db, id, now)) {
      expired++;
      announceBalance(bus, id, 0);
    }
  }
  return expired;
}

/** Deletes sessions past their expiry and rate-limit windows that have ended. */
export async function deleteExpiredRows(db: Db, now = new Date()): Promise<void> {
  await deleteExpiredSessions(db, now);
  await db.deleteFrom('rate_limits').where('reset_at', '<=', now).execute();
}

/**
 * Runs the sweeps every `everyMs` (the first after one period) on a PollLoop like every other loop
 * (decision D42); every process may run them (applyExpiry is safe to race, the deletes are
 * idempotent). A failure (the database down) is logged and retried next time. The answer stops the
 * loop and waits for a round in flight.
 */
export function startExpirySweep(db: Db, bus: EventBus, everyMs = 10 * 60_000): () => Promise<void> {
  return startPeriodic(everyMs, 'expiry sweep failed', async () => {
    await sweepExpiredCredits({ db, bus });
    await deleteExpiredRows(db);
  });
}
