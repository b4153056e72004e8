import { isDatabaseUnavailable } from '../errors';
import { log, type Logger } from './log';

/**
 * One line when a service goes away and one when it is back, however many loops, requests and
 * connections notice in between (a database restart used to print a line per poll of every loop).
 * `failed` is called by whoever meets the outage, `ok` by whoever next succeeds.
 */
class OutageReporter {
  private down = false;

  constructor(
    private readonly service: string,
    private readonly logger: () => Logger = log,
  ) {}

  failed(err: unknown, where?: string): void {
    if (this.down) return;
    this.down = true;
    const reason = err instanceof Error ? err.message : String(err);
    this.logger().warn({ service: this.service, outage: 'down', where }, `${this.service} unavailable: ${reason.split('\n', 1)[0]}`);
  }

  ok(): void {
    if (!this.down) return;
    this.down = false;
    this.logger().info({ service: this.service, outage: 'up' }, `${this.service} available again`);
  }
}

/** The process's database outage (every loop, pool and event bus of the process reports to it). */
export const databaseOutage = new OutageReporter('database');

/**
 * What a background claimer's PollLoop reports (generation worker, e-mail sender, data exports, webhook
 * sender): a round that lost the database goes to the outage reporter (one line an outage, `part` saying
 * who met it), any other failure to `failed`; a round that went through says the database is back.
 */
export function claimerReports(part: string, failed: (err: unknown) => void) {
  return {
    onError: (err: unknown) => (isDatabaseUnavailable(err) ? databaseOutage.failed(err, part) : failed(err)),
    onOk: () => databaseOutage.ok(),
  };
}
