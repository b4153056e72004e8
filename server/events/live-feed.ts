import { tracked } from '@trpc/server';
import { setTimeout as sleep } from 'node:timers/promises';
import { reconnectDelayMs, type AppEvent, type EventBus } from './bus';
import { isDatabaseUnavailable } from '../errors';

/**
 * The one shape of a live subscription: listen to the bus first, then send the current state
 * (`snapshot`), then every relevant event mapped by `fromEvent` (null: not for this caller).
 * When the bus was down (`bus.resumed`) the snapshot is sent again: events NOTIFYed during the
 * gap never arrive. A reconnecting client gets a fresh snapshot too, so no `lastEventId` replay
 * is needed; ids only order the messages of one connection.
 */
export async function* liveFeed<T>(
  bus: EventBus,
  signal: AbortSignal | undefined,
  opts: { snapshot: () => Promise<T[]>; fromEvent: (event: AppEvent) => Promise<T | null> | T | null; idOf?: (item: T) => string },
) {
  const events = bus.subscribe(signal)[Symbol.asyncIterator]();
  let seq = 0;
  const envelope = (item: T) => tracked(opts.idOf?.(item) ?? `${Date.now()}-${seq++}`, item);
  try {
    for (const item of await opts.snapshot()) yield envelope(item);
    while (true) {
      const next = await events.next();
      if (next.done) return;
      if (next.value.type === 'bus.resumed') {
        // The database may go away again while the snapshot is read (a second restart): the read is
        // retried, so the subscription outlives the outage instead of ending with it.
        for (const item of await untilUp(opts.snapshot, signal)) yield envelope(item);
        continue;
      }
      const item = await opts.fromEvent(next.value);
      if (item !== null) yield envelope(item);
    }
  } finally {
    await events.return?.();
  }
}

/** `read()`, tried again with the bus's backoff (`reconnectDelayMs`) while the database is unavailable. */
async function untilUp<T>(read: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await read();
    } catch (err) {
      if (!isDatabaseUnavailable(err) || signal?.aborted) throw err;
      await sleep(reconnectDelayMs(attempt), undefined, { signal });
    }
  }
}
