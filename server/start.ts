import { readEnvOrExit } from './env';
import { launch } from './launch';
import { createLogger, setProcessLogger } from './lib/log';
import { exitOnStartupError } from './preflight';

/**
 * `npm start`: every setting is checked first (a bad one: its line on stderr, exit 1, nothing
 * opened); then build the client when it is missing or older than its sources, and serve.
 */
const env = readEnvOrExit();
const logger = createLogger({ level: env.LOG_LEVEL });
setProcessLogger(logger);

async function main() {
  const running = await launch({ env, logger });
  logger.info(`Vitrin AI hazır: ${running.url}`);
  const stop = async () => {
    await running.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err) => exitOnStartupError(err, logger));
