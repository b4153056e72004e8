import pg from 'pg';
import { LocalEventBus, type AppEvent, type EventBus } from './bus';

const CHANNEL = 'vitrin_events';

/**
 * Fan-out through Postgres LISTEN/NOTIFY, so every server and worker process sees every
 * event. Publishing only NOTIFYs; delivery (to this process too) comes back via LISTEN.
 */
export class PgEventBus implements EventBus {
  private local = new LocalEventBus();
  private listener: pg.Client | null = null;
  private closed = false;
  private sending: Promise<void> = Promise.resolve();

  private constructor(private readonly pool: pg.Pool, private readonly connectionString: string) {}

  static async connect(pool: pg.Pool, connectionString: string): Promise<PgEventBus> {
    const bus = new PgEventBus(pool, connectionString);
    await bus.listen();
    return bus;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        this.local.publish(JSON.parse(msg.payload) as AppEvent);
      } catch {
        // a malformed payload is dropped, never fatal
      }
    });
    // A dropped LISTEN connection is re-opened; events in the gap are covered by backfill.
    client.on('error', () => {
      this.listener = null;
      if (!this.closed) setTimeout(() => void this.listen().catch(() => {}), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
  }

  /**
   * NOTIFYs go out one after another: sent in parallel over different pool connections they
   * could commit out of order, and a "completed" could overtake the "queued" before it.
   */
  publish(event: AppEvent): void {
    const payload = JSON.stringify(event);
    this.sending = this.sending
      .then(() => this.pool.query('select pg_notify($1, $2)', [CHANNEL, payload]))
      .then(
        () => undefined,
        (err) => console.error('[events] notify failed', err),
      );
  }

  subscribe(signal?: AbortSignal): AsyncIterable<AppEvent> {
    return this.local.subscribe(signal);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.sending;
    await this.listener?.end().catch(() => {});
    await this.local.close();
  }
}
