import { EventEmitter, on } from 'node:events';

/** Every event the product publishes; `userId` scopes private events to their owner. */
export type AppEvent =
  | { type: 'session.ended'; sessionId: string }
  | { type: 'credits.changed'; userId: string; balance: number }
  | { type: 'generation.updated'; userId: string; generationId: string; status: string; progress: number }
  | { type: 'admin.activity'; kind: string; summary: string; at: string };

export interface EventBus {
  publish(event: AppEvent): void;
  /** Async iterator of events; ends when `signal` aborts. */
  subscribe(signal?: AbortSignal): AsyncIterable<AppEvent>;
  close(): Promise<void>;
}

/** In-process fan-out: the default for a single server process. */
export class LocalEventBus implements EventBus {
  private emitter = new EventEmitter().setMaxListeners(0);

  publish(event: AppEvent): void {
    this.emitter.emit('event', event);
  }

  async *subscribe(signal?: AbortSignal): AsyncIterable<AppEvent> {
    try {
      for await (const [event] of on(this.emitter, 'event', { signal })) yield event as AppEvent;
    } catch (err) {
      if ((err as Error).name !== 'AbortError') throw err;
    }
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
