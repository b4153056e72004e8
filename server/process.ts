import { readEnvOrExit, type Env } from './env';
import { createLogger, setProcessLogger, type Logger } from './lib/log';
import { exitOnStartupError } from './preflight';
import type { RunningServer } from './index';

/**
 * The server as a process (`npm start`): every setting is checked first (a bad one: its line on
 * stderr, exit 1, nothing opened); then it starts, stops on SIGINT/SIGTERM, and on a failed start
 * exits 1 with a refusal's one line (no stack) or the logged error.
 */
export async function runServerProcess(start: (env: Env, logger: Logger) => Promise<RunningServer>): Promise<void> {
  const env = readEnvOrExit();
  const logger = createLogger({ level: env.LOG_LEVEL });
  setProcessLogger(logger);
  try {
    const running = await start(env, logger);
    logger.info(`Vitrin AI hazır: ${running.url}`);
    const stop = async () => {
      await running.close();
      process.exit(0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (err) {
    exitOnStartupError(err, logger);
  }
}
