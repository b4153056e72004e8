import { tracked } from '@trpc/server';
import type { AppEvent, EventBus } from './bus';

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
        for (const item of await opts.snapshot()) yield envelope(item);
        continue;
      }
      const item = await opts.fromEvent(next.value);
      if (item !== null) yield envelope(item);
    }
  } finally {
    await events.return?.();
  }
}
