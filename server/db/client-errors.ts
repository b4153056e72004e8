import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryCompiler, QueryResult, TransactionSettings } from 'kysely';
import { markDatabaseClientError } from '../errors';

type Compile = QueryCompiler['compileQuery'];

const marked = <T>(work: Promise<T>): Promise<T> =>
  work.catch((err: unknown) => {
    throw markDatabaseClientError(err);
  });

/**
 * The dialect with every error its driver raises marked as the database client's, so that an
 * outage is told apart from another service's network error with the same code.
 */
export function markingClientErrors(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => new MarkingDriver(dialect.createDriver()),
  };
}

class MarkingConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}
  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return marked(this.inner.executeQuery<R>(compiled));
  }
  async *streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    try {
      yield* this.inner.streamQuery<R>(compiled, chunkSize);
    } catch (err) {
      throw markDatabaseClientError(err);
    }
  }
}

const innerOf = (c: DatabaseConnection) => (c instanceof MarkingConnection ? c.inner : c);

class MarkingDriver implements Driver {
  constructor(private readonly inner: Driver) {}
  init() {
    return marked(this.inner.init());
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new MarkingConnection(await marked(this.inner.acquireConnection()));
  }
  beginTransaction(c: DatabaseConnection, settings: TransactionSettings) {
    return marked(this.inner.beginTransaction(innerOf(c), settings));
  }
  commitTransaction(c: DatabaseConnection) {
    return marked(this.inner.commitTransaction(innerOf(c)));
  }
  rollbackTransaction(c: DatabaseConnection) {
    return marked(this.inner.rollbackTransaction(innerOf(c)));
  }
  async savepoint(c: DatabaseConnection, name: string, compile: Compile) {
    if (!this.inner.savepoint) throw new Error('savepoints are not supported by this driver');
    return marked(this.inner.savepoint(innerOf(c), name, compile));
  }
  async rollbackToSavepoint(c: DatabaseConnection, name: string, compile: Compile) {
    if (!this.inner.rollbackToSavepoint) throw new Error('savepoints are not supported by this driver');
    return marked(this.inner.rollbackToSavepoint(innerOf(c), name, compile));
  }
  async releaseSavepoint(c: DatabaseConnection, name: string, compile: Compile) {
    if (!this.inner.releaseSavepoint) throw new Error('savepoints are not supported by this driver');
    return marked(this.inner.releaseSavepoint(innerOf(c), name, compile));
  }
  releaseConnection(c: DatabaseConnection) {
    return this.inner.releaseConnection(innerOf(c));
  }
  destroy() {
    return this.inner.destroy();
  }
}
