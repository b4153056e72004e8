import { launch } from './launch';
import { runServerProcess } from './process';

/** `npm start`: build the client when it is missing or older than its sources, then serve. */
await runServerProcess(() => launch());
