import { afterAll, expect, test } from 'vitest';
import { StudioPool } from '../../server/studio/pool';
import { photo } from './photos';
import { waitFor } from '../helpers/wait';

// A stopping worker gives its studio step up: the pool drops a waiting task, and stops the thread of
// a running one (the next task gets a fresh thread), instead of finishing pixel work nobody will use.

const pool = new StudioPool(1);
afterAll(() => pool.close());

test('a waiting task given up leaves the queue with the abort reason', async () => {
  const none = new StudioPool(0); // no thread ever starts: every task waits
  const ac = new AbortController();
  const run = none.run({ kind: 'cutout', bytes: photo('coffee'), hints: {} }, { owner: 'seller', signal: ac.signal });
  expect(none.waiting).toBe(1);
  ac.abort(new Error('stopping'));
  await expect(run).rejects.toThrow('stopping');
  expect(none.waiting).toBe(0);
});

test('a running task given up stops; the pool then runs the next task on a new thread', async () => {
  const ac = new AbortController();
  const run = pool.run({ kind: 'cutout', bytes: photo('coffee'), hints: {} }, { owner: 'seller', signal: ac.signal });
  await waitFor(() => pool.started >= 1 && pool.waiting === 0, { what: 'the task to be on a thread' });
  ac.abort(new Error('stopping'));
  await expect(run).rejects.toThrow('stopping');
  const next = await pool.run({ kind: 'cutout', bytes: photo('coffee'), hints: {} }, { owner: 'seller' });
  expect(next.ok).toBe(true);
}, 120_000);
