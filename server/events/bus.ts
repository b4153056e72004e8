import { EventEmitter, on } from 'node:events';
import type { GenerationStatus } from '../db/types';

/** Every event the product publishes; `userId` scopes private events to their owner. */
export type AppEvent =
  | { type: 'session.ended'; sessionId: string }
  | { type: 'credits.changed'; userId: string; balance: number }
  | { type: 'generation.updated'; userId: string; generationId: string; status: GenerationStatus; progress: number }
  | { type: 'admin.activity'; kind: string; summary: string; at: string }
  /** This process's link to the other processes' events is down: events may be missed until `bus.resumed`. */
  | { type: 'bus.interrupted' }
  /** This process's link to the other processes' events was down and is back: re-read state. */
  | { type: 'bus.resumed' }
  /** A table behind an in-memory read changed (NOTIFYed by a database trigger). */
  | { type: 'cache.invalidated'; name: string };

/** The pause before try `attempt` (from 0) to reach the database again: 0.25 s doubling to 5 s. */
export const reconnectDelayMs = (attempt: number): number => Math.min(250 * 2 ** attempt, 5_000);

/** The Postgres channel events travel on (LISTEN/NOTIFY, and the cache triggers). */
export const EVENTS_CHANNEL = 'vitrin_events';

export interface EventBus {
  publish(event: AppEvent): void;
  /** Async iterator of events; ends when `signal` aborts. */
  subscribe(signal?: AbortSignal): AsyncIterable<AppEvent>;
  close(): Promise<void>;
}

/** In-process fan-out: the default for a single server process. */
export class LocalEventBus implements EventBus {
  private emitter = new EventEmitter().setMaxListeners(0);

  /** `onClose` runs when the bus closes (e.g. to stop listening to the embedded database). */
  constructor(private readonly onClose?: () => Promise<void>) {}

  publish(event: AppEvent): void {
    this.emitter.emit('event', event);
  }

  /** Not a generator: the listener must exist from this call on, before the caller backfills. */
  subscribe(signal?: AbortSignal): AsyncIterable<AppEvent> {
    const source = on(this.emitter, 'event', { signal });
    const iterator: AsyncIterableIterator<AppEvent> = {
      async next() {
        try {
          const r = await source.next();
          return r.done ? { done: true, value: undefined } : { done: false, value: r.value[0] as AppEvent };
        } catch (err) {
          if ((err as Error).name === 'AbortError') return { done: true, value: undefined };
          throw err;
        }
      },
      async return() {
        await source.return?.();
        return { done: true, value: undefined };
      },
      [Symbol.asyncIterator]() {
        return iterator;
      },
    };
    return iterator;
  }

  async close(): Promise<void> {
    await this.onClose?.().catch(() => {});
    this.emitter.removeAllListeners();
  }
}
