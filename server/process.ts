import type { Env } from './env';
import { createLogger, setProcessLogger, type Logger } from './lib/log';
import { exitOnStartupError } from './preflight';
import type { RunningServer } from './index';

/**
 * The server as a process (`npm start`), on settings already checked (`readEnvOrExit`: a bad one is
 * its line on stderr, exit 1, nothing opened): it starts, stops on SIGINT/SIGTERM, and on a failed
 * start exits 1 with a refusal's one line (no stack) or the logged error.
 */
export async function runServerProcess(env: Env, start: (logger: Logger) => Promise<RunningServer>): Promise<void> {
  const logger = createLogger({ level: env.LOG_LEVEL });
  setProcessLogger(logger);
  try {
    const running = await start(logger);
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
