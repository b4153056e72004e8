import { afterEach, beforeEach, expect, test } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZEnv, readEnv } from '../../server/env';
import { buildClient, launch } from '../../server/launch';
import { freshDatabase } from '../helpers/db';

/**
 * `npm start` builds the client when it needs to. Built in-process, Vite set NODE_ENV=production
 * in the server's own environment, so the first start had no test checkout and the next one had.
 * The environment is now read once, before the build, and the build runs in a child process.
 */

let saved: NodeJS.ProcessEnv;
let tmp: string;
beforeEach(() => {
  saved = { ...process.env };
  tmp = mkdtempSync(path.join(tmpdir(), 'vitrin-first-start-'));
  // The operator's environment: none of the product's keys set (vitest itself sets NODE_ENV=test).
  for (const key of Object.keys(ZEnv.shape)) delete process.env[key];
  Object.assign(process.env, { PORT: '0', DATA_DIR: path.join(tmp, 'data'), WORKER_CONCURRENCY: '0' });
});
afterEach(() => {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
  rmSync(tmp, { recursive: true, force: true });
});

/** One `npm start` over a fresh database: which checkout it chose. */
async function start(clientDir: string, build: () => Promise<void>) {
  const handle = await freshDatabase();
  const running = await launch({ clientDir, build, handle, log: () => {} });
  try {
    return running.deps.payments.checkout;
  } finally {
    await running.close();
    await handle.close();
  }
}

test('the start that builds the client chooses the same payment provider as every later start', async () => {
  const clientDir = path.join(tmp, 'client');
  let builds = 0;
  // What an in-process Vite build did to the server's environment, and the files it left.
  const build = async () => {
    builds++;
    process.env.NODE_ENV = 'production';
    mkdirSync(clientDir, { recursive: true });
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html>');
  };
  const first = await start(clientDir, build);
  expect(builds).toBe(1);
  delete process.env.NODE_ENV; // a new process: the same environment as the first start had
  const second = await start(clientDir, build);
  expect(builds).toBe(1);
  expect(first).toBe('test');
  expect(second).toBe(first);
}, 120_000); // two whole starts (migrate, seed) on a shared machine

test('the environment the server read cannot be changed afterwards', () => {
  const env = readEnv();
  expect(Object.isFrozen(env)).toBe(true);
  expect(() => Object.assign(env, { NODE_ENV: 'production' })).toThrow(TypeError);
  expect(env.NODE_ENV).toBeUndefined();
});

test("the client build runs in a child process and leaves this process's environment as it was", async () => {
  const root = path.join(tmp, 'site');
  mkdirSync(root);
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><html lang="tr"><body>Vitrin</body></html>');
  const configFile = path.join(root, 'vite.config.mjs');
  writeFileSync(configFile, "export default { root: '.', logLevel: 'silent', build: { outDir: 'out', emptyOutDir: true } };\n");
  expect(process.env.NODE_ENV).toBeUndefined();
  await buildClient({ root, configFile });
  expect(existsSync(path.join(root, 'out', 'index.html'))).toBe(true);
  expect(process.env.NODE_ENV).toBeUndefined();
}, 60_000);
