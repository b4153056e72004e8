import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A script of this repository run as its own Node process (through tsx), its output collected. */
export type NodeProcess = {
  child: ChildProcess;
  pid: number;
  output: () => string;
  stderr: () => string;
  /** Resolves with the first match of `pattern` in the output (stdout and stderr), or rejects after `ms` (default 4 min: a start on a busy machine is slow). */
  waitFor: (pattern: RegExp, ms?: number) => Promise<RegExpMatchArray>;
  /** The exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** kill -9 if still running, then waits for the exit. */
  kill: () => Promise<void>;
};

/** Runs `script` (a path from the repository root) with `env` on top of this process's environment, and `args`. */
export function runNode(script: string, env: Record<string, string>, args: string[] = []): NodeProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const watchers = new Set<() => void>();
  const changed = () => watchers.forEach((w) => w());
  child.stdout!.on('data', (b: Buffer) => {
    out += b.toString();
    changed();
  });
  child.stderr!.on('data', (b: Buffer) => {
    err += b.toString();
    changed();
  });
  let done = false;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      done = true;
      // The pipes may still hold the last lines: let them drain first.
      setImmediate(() => {
        changed();
        resolve(code);
      });
    }),
  );
  const output = () => out + err;
  const waitFor = (pattern: RegExp, ms = 240_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const m = output().match(pattern);
        if (m) return finish(() => resolve(m));
        if (done) return finish(() => reject(new Error(`exited before ${pattern}:\n${output()}`)));
      };
      const timer = setTimeout(() => finish(() => reject(new Error(`no ${pattern} within ${ms} ms:\n${output()}`))), ms);
      const finish = (then: () => void) => {
        clearTimeout(timer);
        watchers.delete(check);
        then();
      };
      watchers.add(check);
      check();
    });
  return {
    child,
    pid: child.pid!,
    output,
    stderr: () => err,
    waitFor,
    exited,
    kill: async () => {
      if (!done) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** The server's address from its "Vitrin AI hazır: <url>" line. */
export async function serverUrl(p: NodeProcess, ms?: number): Promise<string> {
  return (await p.waitFor(/Vitrin AI hazır: (http:\/\/[^\s"]+)/, ms))[1]!;
}
