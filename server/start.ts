import { launch } from './launch';
import { runServerProcess } from './process';

/** `npm start`: settings checked, the client built when it is missing or older than its sources, then served. */
await runServerProcess((env, logger) => launch({ env, logger }));
