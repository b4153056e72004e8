/**
 * Waits until `cond` answers a truthy value (sync or async) and returns it, polling every `every`
 * ms; throws, saying what was awaited, when `timeout` passes first. Tests wait on a state or an event
 * with this instead of sleeping a fixed time (tests/layers/no-fixed-sleeps.test.ts keeps it so).
 */
export async function waitFor<T>(
  cond: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  { timeout = 10_000, every = 20, what = 'the condition' }: { timeout?: number; every?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const v = await cond();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`waitFor: ${what} did not hold within ${timeout} ms`);
    await new Promise((r) => setTimeout(r, every));
  }
}

/** Resolves when `emitter` emits `event` (the first one from now on). */
export function nextEvent(emitter: NodeJS.EventEmitter, event: string): Promise<unknown[]> {
  return new Promise((resolve) => emitter.once(event, (...args: unknown[]) => resolve(args)));
}
