import path from 'node:path';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServer } from './index';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = path.join(root, 'dist', 'client');

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(p).map((name) => newestMtime(path.join(p, name))));
}

/** `npm start`: build the client when it is missing or older than its sources, then serve. */
async function main() {
  const built = newestMtime(path.join(clientDir, 'index.html'));
  const sources = Math.max(...['client', 'shared', 'index.html', 'vite.config.ts'].map((p) => newestMtime(path.join(root, p))));
  if (!built || sources > built) {
    console.log('İstemci derleniyor...');
    const { build } = await import('vite');
    await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
  }
  const running = await startServer({ clientDir });
  console.log(`Vitrin AI hazır: ${running.url}`);
  const stop = async () => {
    await running.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
