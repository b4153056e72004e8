import { sql, type Selectable } from 'kysely';
import type { Db } from './index';
import type { Database } from './types';

/** The tables whose rows are claimed by a lease: each has status, run_after, lease_owner, lease_expires_at, attempts. */
export type LeasedTable = 'email_outbox' | 'data_exports' | 'api_webhook_deliveries';

/**
 * Claims one row of a leased queue: the first due `queued` row (by `orderBy`), or one whose claimer
 * died (an expired lease in the `active` status); it becomes `active`, owned by `owner` until the
 * lease ends, with one more attempt. FOR UPDATE SKIP LOCKED, so any number of processes can claim
 * at once and never the same row. Times are the database's own clock (`run_after` defaults to its
 * `now()`, in microseconds), so a row is due the moment it is committed, whatever our clock says.
 *
 * The generation queue (`jobs/queue.ts`) claims its own way: it takes sellers in turn under a cap
 * per seller, holds an advisory lock for that count and resumes a job on our clock, none of which
 * these plain first-in-first-out queues need.
 */
export async function claimLeased<T extends LeasedTable>(
  db: Db,
  table: T,
  opts: { owner: string; leaseMs: number; active: string; orderBy: 'created_at' | 'run_after' },
): Promise<Selectable<Database[T]> | null> {
  const { rows } = await sql<Selectable<Database[T]>>`
    update ${sql.table(table)}
    set status = ${opts.active},
        lease_owner = ${opts.owner},
        lease_expires_at = now() + ${`${opts.leaseMs} milliseconds`}::interval,
        attempts = attempts + 1
    where id = (
      select id from ${sql.table(table)}
      where (status = 'queued' and run_after <= now())
         or (status = ${opts.active} and lease_expires_at < now())
      order by ${sql.ref(opts.orderBy)}
      limit 1
      for update skip locked
    )
    returning *`.execute(db);
  return rows[0] ?? null;
}
