import type { Env } from './env';
import { createLogger, setProcessLogger, type Logger } from './lib/log';
import { exitOnStartupError } from './preflight';
import type { RunningServer } from './index';

/**
 * A long-running process (`npm start`, `npm run worker`) on settings already checked
 * (`readEnvOrExit`: a bad one is its line on stderr, exit 1, nothing opened): the process logger is
 * set up and `start` runs; SIGINT/SIGTERM then close what it started and exit 0, and a failed start
 * exits 1 with a refusal's one line (no stack) or the logged error.
 */
export async function runProcess(env: Env, start: (logger: Logger) => Promise<{ close: () => Promise<void> }>): Promise<void> {
  const logger = createLogger({ level: env.LOG_LEVEL });
  setProcessLogger(logger);
  try {
    const running = await start(logger);
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

/** The server as a process: `runProcess`, saying where it serves once it does. */
export function runServerProcess(env: Env, start: (logger: Logger) => Promise<RunningServer>): Promise<void> {
  return runProcess(env, async (logger) => {
    const running = await start(logger);
    logger.info(`Vitrin AI hazır: ${running.url}`);
    return running;
  });
}
