import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './index';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `npm run dev`: the same server with Vite in middleware mode (hot reload, one port). */
const running = await startServer({
  env: undefined,
  devMiddleware: async (server) => {
    const { createServer } = await import('vite');
    const vite = await createServer({
      configFile: path.join(root, 'vite.config.ts'),
      server: { middlewareMode: true, hmr: { server } },
      appType: 'spa',
    });
    return vite.middlewares;
  },
});
console.log(`Vitrin AI geliştirme sunucusu: ${running.url}`);
