import { expect, test } from 'vitest';
import { FairGate } from '../../server/services/fair-gate';

/** A task that records when it starts and ends once `release()` is called for it. */
function recorder() {
  const started: string[] = [];
  const releases: (() => void)[] = [];
  const task = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      releases.push(() => resolve(name));
    });
  /** Ends the oldest running task and lets the gate hand its slot on. */
  const releaseOne = async () => {
    releases.shift()!();
    await new Promise((r) => setImmediate(r));
  };
  return { started, task, releaseOne };
}

test('sellers take turns: a seller who asks after twelve of another waits for one of them, not all', async () => {
  const gate = new FairGate(1);
  const { started, task, releaseOne } = recorder();
  const runs = Array.from({ length: 12 }, (_, i) => gate.run('A', task(`A${i + 1}`)));
  await new Promise((r) => setImmediate(r));
  runs.push(gate.run('B', task('B1')));
  runs.push(gate.run('C', task('C1')));
  for (let i = 0; i < 14; i++) await releaseOne();
  await Promise.all(runs);
  // A1 was running when B and C asked; then one each in turn, A's own in the order asked.
  expect(started.slice(0, 5)).toEqual(['A1', 'A2', 'B1', 'C1', 'A3']);
  expect(started.filter((s) => s.startsWith('A'))).toEqual(Array.from({ length: 12 }, (_, i) => `A${i + 1}`));
});

test('never more than `max` at once, and a failed task frees its slot', async () => {
  const gate = new FairGate(2);
  let running = 0;
  let widest = 0;
  const work = (fail: boolean) => async () => {
    running++;
    widest = Math.max(widest, running);
    await new Promise((r) => setTimeout(r, 5));
    running--;
    if (fail) throw new Error('bozuk');
    return 'ok';
  };
  const results = await Promise.allSettled(Array.from({ length: 9 }, (_, i) => gate.run(i % 3 === 0 ? 'A' : 'B', work(i % 4 === 0))));
  expect(widest).toBe(2);
  expect(results.filter((r) => r.status === 'rejected')).toHaveLength(3);
  // The gate is free again: a new task starts at once.
  expect(await gate.run('C', async () => 'free')).toBe('free');
});
