import { expect, test } from 'vitest';
import { LocalEventBus } from '../../server/events/bus';
import { liveFeed } from '../../server/events/live-feed';
import { markDatabaseClientError } from '../../server/errors';

/**
 * A database restarted twice in a row: the bus comes back (bus.resumed) and the snapshot read then
 * meets the second restart. The subscription must outlive it (seen in db-outage.test.ts under load:
 * the socket stayed open but its subscription had ended, so a later credit change never arrived).
 */
test('a snapshot that meets the database away after bus.resumed is read again; the feed goes on', async () => {
  const bus = new LocalEventBus();
  const abort = new AbortController();
  let reads = 0;
  const feed = liveFeed(bus, abort.signal, {
    snapshot: async () => {
      reads++;
      // The second read (the one after bus.resumed) meets the restart.
      if (reads === 2) throw markDatabaseClientError(Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' }));
      return [`snapshot ${reads}`];
    },
    fromEvent: (e) => (e.type === 'credits.changed' ? `balance ${e.balance}` : null),
  });
  // Each item comes in tRPC's tracked envelope: [id, data].
  const next = async () => ((await feed.next()).value as unknown as [string, string])[1];
  expect(await next()).toBe('snapshot 1');
  bus.publish({ type: 'bus.resumed' });
  expect(await next()).toBe('snapshot 3');
  bus.publish({ type: 'credits.changed', userId: 'u', balance: 55 });
  expect(await next()).toBe('balance 55');
  abort.abort();
  await bus.close();
});

test('any other failure of the snapshot still ends the feed with it', async () => {
  const bus = new LocalEventBus();
  let reads = 0;
  const feed = liveFeed(bus, undefined, {
    snapshot: async () => {
      if (++reads === 2) throw new Error('a bug, not an outage');
      return ['first'];
    },
    fromEvent: () => null,
  });
  await feed.next();
  bus.publish({ type: 'bus.resumed' });
  await expect(feed.next()).rejects.toThrow('a bug, not an outage');
  await bus.close();
});
