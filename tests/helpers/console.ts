import { onTestFinished, vi } from 'vitest';

/**
 * Captures what the code under test writes to `console[kind]` during this test, instead of printing it:
 * a passing run stays quiet and the test asserts the lines it expects. Restored when the test ends.
 */
export function captureConsole(kind: 'warn' | 'error' | 'log' = 'warn'): () => string[] {
  const spy = vi.spyOn(console, kind).mockImplementation(() => {});
  onTestFinished(() => spy.mockRestore());
  return () => spy.mock.calls.map((args) => args.map((a) => (a instanceof Error ? a.message : String(a))).join(' '));
}
