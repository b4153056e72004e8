import type { DatabaseConnection, Dialect, Driver, Kysely, TransactionSettings } from 'kysely';

/**
 * PGlite runs each query synchronously on this thread, and the dialect hands its one connection
 * straight to the next waiter. Under load the queued queries then run back to back in one
 * microtask drain, and the event loop reaches its sockets only between drains: the server stops
 * accepting connections and reading requests (at 200 connections some waited 8 s to be accepted).
 * Handing the connection on from `setImmediate` lets the loop take one turn of I/O between two
 * queries, so waiting is shared fairly; the caller still gets its result at once.
 */
export function takingTurns(inner: Dialect): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>) => inner.createIntrospector(db),
    createDriver: () => new TakingTurnsDriver(inner.createDriver()),
  };
}

class TakingTurnsDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init = () => this.inner.init();
  acquireConnection = () => this.inner.acquireConnection();
  beginTransaction = (c: DatabaseConnection, s: TransactionSettings) => this.inner.beginTransaction(c, s);
  commitTransaction = (c: DatabaseConnection) => this.inner.commitTransaction(c);
  rollbackTransaction = (c: DatabaseConnection) => this.inner.rollbackTransaction(c);

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    setImmediate(() => {
      // It only throws for a connection it never handed out: a bug worth a loud log, not a crash.
      this.inner.releaseConnection(connection).catch((err) => console.error('[db] release failed:', err));
    });
  }

  async destroy(): Promise<void> {
    // Let connections released just before hand on first.
    await new Promise((resolve) => setImmediate(resolve));
    await this.inner.destroy();
  }
}
