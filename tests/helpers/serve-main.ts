/**
 * A real server process for tests: `npm start` without the client build (tests/helpers/process.ts
 * spawns it). The environment decides everything, as for `npm start`.
 */
import { readEnvOrExit } from '../../server/env';
import { startServer } from '../../server/index';
import { runServerProcess } from '../../server/process';

await runServerProcess(readEnvOrExit(), () => startServer());
