import path from 'node:path';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { readEnv } from './env';
import { startServer, type RunningServer, type StartOptions } from './index';
import { log } from './lib/log';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(p).map((name) => newestMtime(path.join(p, name))));
}

/** Whether the built client in `clientDir` is missing or older than its sources. */
export function clientNeedsBuild(clientDir: string, root = ROOT): boolean {
  const built = newestMtime(path.join(clientDir, 'index.html'));
  const sources = Math.max(...['client', 'shared', 'index.html', 'vite.config.ts'].map((p) => newestMtime(path.join(root, p))));
  return !built || sources > built;
}

/**
 * `vite build` in a child process. Run in-process, Vite sets NODE_ENV=production in this
 * process's environment, and the server started after it would decide differently (no test
 * checkout) than every later start that finds the client built.
 */
export async function buildClient(opts: { root?: string; configFile?: string } = {}): Promise<void> {
  const root = opts.root ?? ROOT;
  const vite = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  const args = [vite, 'build', '--config', opts.configFile ?? path.join(root, 'vite.config.ts'), '--logLevel', 'warn'];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`vite build exited with ${code}`);
}

export type LaunchOptions = StartOptions & {
  clientDir?: string;
  /** The build step (tests replace it); default `buildClient`. */
  build?: () => Promise<void>;
};

/**
 * `npm start`: reads the environment once, builds the client when it needs it, then serves with
 * that same reading, so the first start and every later one make the same choices.
 */
export async function launch(opts: LaunchOptions = {}): Promise<RunningServer> {
  const { build = () => buildClient(), clientDir = path.join(ROOT, 'dist', 'client'), env = readEnv(), ...start } = opts;
  if (clientNeedsBuild(clientDir)) {
    (start.log ?? ((line: string) => (start.logger ?? log()).info(line)))('İstemci derleniyor...');
    await build();
  }
  return startServer({ ...start, env, clientDir });
}
