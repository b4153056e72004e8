import { readEnvOrExit } from './env';

/**
 * `npm start`: settings checked, the client built when it is missing or older than its sources, then served.
 * The settings are read before the server's modules load (a few seconds), so a bad one answers at once.
 */
const env = readEnvOrExit();
const [{ launch }, { runServerProcess }] = await Promise.all([import('./launch'), import('./process')]);
await runServerProcess(env, (logger) => launch({ env, logger }));
