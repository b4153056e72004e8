import { StartupRefused } from './db/data-dir-lock';
import type { RunningServer } from './index';

/**
 * The server as a process (`npm start`): starts it, stops it on SIGINT/SIGTERM, and on a failed
 * start exits 1, printing a refusal's one line (no stack) or the error.
 */
export async function runServerProcess(start: () => Promise<RunningServer>): Promise<void> {
  try {
    const running = await start();
    console.log(`Vitrin AI hazır: ${running.url}`);
    const stop = async () => {
      await running.close();
      process.exit(0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (err) {
    console.error(err instanceof StartupRefused ? err.message : err);
    process.exit(1);
  }
}
