import type { Server } from 'node:http';

/**
 * Stops taking connections and lets the requests in flight finish, for at most `graceMs`; then
 * cuts what is left. A deploy (SIGTERM) then costs no seller an upload or a sign-in half done,
 * and no handler runs on after the database it needs has been closed.
 */
export async function drain(server: Server, graceMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // A keep-alive connection goes idle once its request is answered: close those as they do.
  const idle = setInterval(() => server.closeIdleConnections(), 50);
  server.closeIdleConnections();
  const cut = setTimeout(() => server.closeAllConnections(), graceMs);
  try {
    await closed;
  } finally {
    clearInterval(idle);
    clearTimeout(cut);
  }
}
