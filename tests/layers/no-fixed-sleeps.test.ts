import { expect, test } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

// Issue 36: tests wait on a state or an event with a deadline (tests/helpers/wait.ts), never for a fixed
// time of 100 ms or more. A fixed sleep is either too short on a loaded machine (a flaky test) or too
// long everywhere else (a slow suite). Shorter pauses inside a poll are allowed (waitFor polls every 20 ms).

const root = new URL('../', import.meta.url).pathname;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? (e.name === 'node_modules' ? [] : files(join(dir, e.name))) : /\.(ts|tsx)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** A promise that only waits (`setTimeout(r, 250)`) and the `pause`/`sleep`/`delay` helpers, with a literal length. */
const SLEEP = [/setTimeout\(\s*(?:r|res|resolve|done)\s*,\s*([\d_]+)\s*\)/g, /\b(?:pause|sleep|delay)\(\s*([\d_]+)\s*\)/g];

/** What still sleeps, by file and length, with why. Each is a debt to pay, not a pattern to copy. */
const ALLOWED: { file: string; ms: number; why: string }[] = [
  { file: 'generation/fair-queue.test.ts', ms: 300, why: "the fake provider's render time: runs must overlap for the cap to be seen" },
];

function fixedSleeps(text: string): number[] {
  const found: number[] = [];
  for (const re of SLEEP)
    for (const m of text.matchAll(re)) if (Number(m[1]!.replace(/_/g, '')) >= 100) found.push(Number(m[1]!.replace(/_/g, '')));
  return found;
}

test('the pattern finds a fixed sleep of 100 ms or more, and leaves polls and deadlines alone', () => {
  expect(fixedSleeps('await new Promise((r) => setTimeout(r, 300));')).toEqual([300]);
  expect(fixedSleeps('await new Promise((resolve) => setTimeout(resolve, 1_000));')).toEqual([1000]);
  expect(fixedSleeps('await pause(200);')).toEqual([200]);
  expect(fixedSleeps('await new Promise((r) => setTimeout(r, 20));')).toEqual([]);
  expect(fixedSleeps("setTimeout(() => resolve('hung'), 5_000)")).toEqual([]);
});

test('no test sleeps a fixed 100 ms or more', () => {
  const offenders = files(root)
    .filter((f) => !f.endsWith('no-fixed-sleeps.test.ts'))
    .flatMap((f) => {
      const rel = relative(root, f);
      return readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          fixedSleeps(line).some((ms) => !ALLOWED.some((a) => a.file === rel && a.ms === ms))
            ? [`tests/${rel}:${i + 1}: ${line.trim()}`]
            : [],
        );
    });
  expect(offenders).toEqual([]);
});
