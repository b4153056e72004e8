import { isTrackedEnvelope, tracked, type TrackedEnvelope } from '@trpc/server';
import { z } from '../../shared/zod';

/**
 * A subscription's `.output()`: tRPC's output parser gets the async iterable the resolver returns,
 * not its items, so this schema wraps it and parses each tracked item (`liveFeed`'s envelopes) by
 * `item` as it is yielded — the pattern of tRPC's subscriptions guide (output validation). An item
 * that breaks the schema ends the subscription with an error, as a query's output would.
 */
export function liveOutput<T extends z.ZodType>(item: T) {
  return z
    .custom<AsyncIterable<TrackedEnvelope<z.input<T>>, void>>(
      (value) => !!value && typeof value === 'object' && Symbol.asyncIterator in value,
    )
    .transform(async function* (iterable): AsyncGenerator<TrackedEnvelope<z.output<T>>, void> {
      const iterator = iterable[Symbol.asyncIterator]();
      try {
        while (true) {
          const next = await iterator.next();
          if (next.done) return;
          if (!isTrackedEnvelope(next.value)) throw new Error('liveOutput: an untracked item');
          const [id, data] = next.value;
          yield tracked(id, await item.parseAsync(data));
        }
      } finally {
        await iterator.return?.();
      }
    });
}
