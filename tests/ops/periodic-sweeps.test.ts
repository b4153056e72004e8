import { afterEach, expect, test, vi } from 'vitest';
import { startPeriodic } from '../../server/lib/poll-loop';
import { lineLogger, setProcessLogger, silentLogger } from '../../server/lib/log';

/**
 * The sweeps (credit expiry, upload retention) run on a PollLoop like every other loop (decision
 * D42): the first round one period after start, a failed round logged and the next on time, and
 * stopping waits for a round in flight (a server that closes does not cut a sweep half-way).
 * Time itself is the subject here, so the clock is faked.
 */
afterEach(() => {
  vi.useRealTimers();
  setProcessLogger(silentLogger);
});

test('rounds come every period, the first after one; a failure is logged and the next round still comes', async () => {
  vi.useFakeTimers();
  const lines: { msg: string; err?: { message: string } }[] = [];
  setProcessLogger(lineLogger((l) => lines.push(JSON.parse(l))));
  let rounds = 0;
  const stop = startPeriodic(1_000, 'test sweep failed', async () => {
    rounds++;
    if (rounds === 2) throw new Error('veritabanı yok');
  });
  await vi.advanceTimersByTimeAsync(999);
  expect(rounds).toBe(0);
  await vi.advanceTimersByTimeAsync(1);
  expect(rounds).toBe(1);
  await vi.advanceTimersByTimeAsync(1_000);
  expect(rounds).toBe(2);
  expect(lines).toEqual([
    expect.objectContaining({ msg: 'test sweep failed', err: expect.objectContaining({ message: 'veritabanı yok' }) }),
  ]);
  await vi.advanceTimersByTimeAsync(1_000);
  expect(rounds).toBe(3);
  await stop();
  await vi.advanceTimersByTimeAsync(5_000);
  expect(rounds).toBe(3);
});

test('stopping waits for the round in flight', async () => {
  vi.useFakeTimers();
  let finish!: () => void;
  let finished = false;
  const stop = startPeriodic(1_000, 'test sweep failed', async () => {
    await new Promise<void>((resolve) => (finish = resolve));
    finished = true;
  });
  await vi.advanceTimersByTimeAsync(1_000);
  let stopped = false;
  const stopping = stop().then(() => (stopped = true));
  await vi.advanceTimersByTimeAsync(0);
  expect(stopped).toBe(false);
  finish();
  await stopping;
  expect(finished).toBe(true);
});
