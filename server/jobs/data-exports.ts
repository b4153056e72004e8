import { claimLeased } from '../db/lease';
import type { Db } from '../db';
import type { Storage } from '../providers/storage';
import { randomToken } from '../auth/tokens';
import { isDatabaseUnavailable } from '../errors';
import { expireExports, onExportQueued, prepareExport } from '../services/data-export';
import { deleteDeadTokens } from '../services/account-tokens';
import { PollLoop } from '../lib/poll-loop';
import { claimerReports } from '../lib/outage';
import { log } from '../lib/log';

const MAX_ATTEMPTS = 3;

/** Claims the oldest queued export, or one whose preparer died (expired lease). */
function claimExport(db: Db, owner: string, leaseMs: number) {
  return claimLeased(db, 'data_exports', { owner, leaseMs, active: 'processing', orderBy: 'created_at' });
}

/**
 * Prepares "Verilerimi indir" zips in the background (never inside a request), removes the ones
 * past their 24 hours, and drops account tokens that can no longer be used. Safe in every process.
 */
export class DataExportWorker {
  private readonly poll: PollLoop;
  private readonly owner = `export-${process.pid}-${randomToken().slice(0, 8)}`;
  private lastSweep = 0;

  constructor(
    private readonly deps: { db: Db; storage: Storage },
    private readonly opts: { pollMs?: number; leaseMs?: number } = {},
  ) {
    this.poll = new PollLoop({
      runOnce: () => this.runOnce(),
      pollMs: opts.pollMs ?? 3_000,
      subscribe: onExportQueued,
      ...claimerReports('data-exports', (err) => log().error({ err }, 'data export round failed')),
    });
  }

  start(): void {
    this.poll.start();
  }

  stop(): Promise<void> {
    return this.poll.stop();
  }

  /** Prepares one export; false when none was due. */
  async runOnce(): Promise<boolean> {
    const { db, storage } = this.deps;
    if (Date.now() - this.lastSweep > 60_000) {
      this.lastSweep = Date.now();
      await expireExports({ db, storage });
      await deleteDeadTokens(db);
    }
    const job = await claimExport(db, this.owner, this.opts.leaseMs ?? 5 * 60_000);
    if (!job) return false;
    try {
      await prepareExport({ db, storage }, job.id, this.owner);
    } catch (err) {
      if (isDatabaseUnavailable(err)) return true;
      log().error({ err, exportId: job.id }, 'data export failed');
      const final = job.attempts >= MAX_ATTEMPTS;
      await db
        .updateTable('data_exports')
        .set({
          status: final ? 'failed' : 'queued',
          run_after: new Date(Date.now() + 10_000 * job.attempts),
          lease_owner: null,
          lease_expires_at: null,
        })
        .where('id', '=', job.id)
        .where('lease_owner', '=', this.owner)
        .execute();
    }
    return true;
  }
}
