import pg from 'pg';
import { EVENTS_CHANNEL as CHANNEL, LocalEventBus, reconnectDelayMs, type AppEvent, type EventBus } from './bus';
import { databaseOutage } from '../lib/outage';

/**
 * Fan-out through Postgres LISTEN/NOTIFY, so every server and worker process sees every
 * event. Publishing only NOTIFYs; delivery (to this process too) comes back via LISTEN.
 */
export class PgEventBus implements EventBus {
  private local = new LocalEventBus();
  private listener: pg.Client | null = null;
  private closed = false;
  private reconnecting = false;
  private sending: Promise<void> = Promise.resolve();

  private constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
  ) {}

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
    // A dropped LISTEN connection (restart, failover, terminated backend) is re-opened for as
    // long as it takes; see reconnect().
    const lost = () => {
      if (this.listener !== client) return;
      this.listener = null;
      void client.end().catch(() => {});
      // Local readers that trust events to stay true (the session cache) stop trusting them until bus.resumed.
      this.local.publish({ type: 'bus.interrupted' });
      this.reconnect();
    };
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    this.listener = client;
  }

  /**
   * Re-LISTENs with backoff (`reconnectDelayMs`) until it works or the bus closes, then
   * tells local subscribers `bus.resumed`: events NOTIFYed during the gap never arrive, so
   * subscriptions re-read their state and sockets re-check their sessions.
   */
  private reconnect(): void {
    if (this.closed || this.reconnecting) return;
    this.reconnecting = true;
    databaseOutage.failed(new Error('LISTEN connection lost'), 'events');
    void (async () => {
      for (let attempt = 0; !this.closed; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, reconnectDelayMs(attempt)).unref());
        if (this.closed) break;
        try {
          await this.listen();
          this.reconnecting = false;
          databaseOutage.ok();
          this.local.publish({ type: 'bus.resumed' });
          return;
        } catch {
          // still down: try again after a longer pause
        }
      }
      this.reconnecting = false;
    })();
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
        (err) => databaseOutage.failed(err, 'events'),
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
