import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './index';
import { readEnvOrExit } from './env';
import { createLogger, setProcessLogger } from './lib/log';
import { exitOnStartupError } from './preflight';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `npm run dev`: the same server with Vite in middleware mode (hot reload, one port), logs in pino-pretty's lines. */
const env = readEnvOrExit();
const logger = createLogger({ level: env.LOG_LEVEL, pretty: true });
setProcessLogger(logger);
const running = await startServer({
  env,
  logger,
  devMiddleware: async (server) => {
    const { createServer } = await import('vite');
    const vite = await createServer({
      configFile: path.join(root, 'vite.config.ts'),
      server: { middlewareMode: true, hmr: { server } },
      appType: 'spa',
    });
    return vite.middlewares;
  },
}).catch((err: unknown) => exitOnStartupError(err, logger));
logger.info(`Vitrin AI geliştirme sunucusu: ${running.url}`);
