import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { protocol, types, type PGlite } from '@electric-sql/pglite';

type ParameterDescriptionMessage = InstanceType<typeof protocol.messages.ParameterDescriptionMessage>;
type RowDescriptionMessage = InstanceType<typeof protocol.messages.RowDescriptionMessage>;
type DataRowMessage = InstanceType<typeof protocol.messages.DataRowMessage>;
type CommandCompleteMessage = InstanceType<typeof protocol.messages.CommandCompleteMessage>;

/**
 * Kysely on embedded PGlite, with named prepared statements.
 *
 * PGlite's own `query()` runs six protocol steps per call (parse, describe, bind, describe,
 * execute, sync), plans the SQL every time and copies its table of 300 type parsers to read the
 * answer: ~400 µs for a session lookup, most of a signed-in request's time. Here each distinct
 * SQL text of a data query is parsed and described once (as node-postgres and pgx do with named
 * statements), then run as one bind–execute–sync message: ~70 µs.
 *
 * Statements that change the schema (migrations) forget every prepared statement, so none can
 * answer with an old row shape. Anything else that is not a data query (begin, commit,
 * savepoint, DDL) goes through PGlite's `query()` as before.
 *
 * PGlite runs each message synchronously on this thread, and the one connection is handed on
 * from `setImmediate`, so the event loop takes a turn of I/O between two queries: under load the
 * server keeps accepting connections instead of running every queued query in one microtask drain.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly client: PGlite) {}
  createAdapter = () => new PostgresAdapter();
  createDriver = (): Driver => new PGliteDriver(this.client);
  createQueryCompiler = () => new PostgresQueryCompiler();
  createIntrospector = (db: Kysely<unknown>) => new PostgresIntrospector(db);
}

/** At most this many prepared statements are kept; the least recently used is closed first. */
const MAX_STATEMENTS = 500;
/** Data queries, prepared once per text (a `with` may hold DML; all are safe to prepare). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** Anything that can change what a prepared statement answers. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop|truncate|comment|grant|revoke)\b/i;

type Statement = { name: string; paramTypes: number[]; fields: { name: string; dataTypeID: number }[] };

class PGliteDriver implements Driver {
  private readonly connection: PreparingConnection;
  private busy = false;
  private readonly waiting: ((c: DatabaseConnection) => void)[] = [];

  constructor(private readonly client: PGlite) {
    this.connection = new PreparingConnection(client);
  }

  async init(): Promise<void> {}

  /** One connection, handed to one caller at a time (PGlite is a single session). */
  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.busy) {
      this.busy = true;
      return this.connection;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  async releaseConnection(): Promise<void> {
    setImmediate(() => {
      const next = this.waiting.shift();
      if (next) next(this.connection);
      else this.busy = false;
    });
  }

  async beginTransaction(c: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await c.executeQuery(CompiledQuery.raw(`start transaction${level}`));
  }

  async commitTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    // Let a connection released just before hand on first.
    await new Promise((resolve) => setImmediate(resolve));
    await this.client.close();
  }
}

class PreparingConnection implements DatabaseConnection {
  private readonly statements = new Map<string, Statement>();
  /** Evicted statements, closed with the next message. */
  private closing: string[] = [];
  private counter = 0;

  constructor(private readonly client: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const { sql } = compiled;
    const params = compiled.parameters as unknown[];
    if (!PREPARABLE.test(sql)) {
      const result = await this.client.query<R>(sql, params);
      if (SCHEMA_CHANGE.test(sql)) this.forgetAll();
      return { rows: result.rows, ...(result.affectedRows ? { numAffectedRows: BigInt(result.affectedRows) } : {}) };
    }
    // As PGlite's own query(): wait until it is ready, outside its lock (its start-up takes the lock too).
    await this.client._checkReady();
    return this.client._runExclusiveQuery(async () => {
      // A raw message to a PGlite closed meanwhile would never return: refuse as its own query() does.
      if (this.client.closed) throw new Error('PGlite is closed');
      try {
        return await this.run<R>(this.recent(sql) ?? (await this.prepare(sql)), params);
      } catch (err) {
        // As PGlite's own query() does: the failing SQL travels with the error (server logs only).
        if (err instanceof Error) Object.assign(err, { query: sql });
        throw err;
      }
    });
  }

  /** The prepared statement for this text, now the most recently used (a Map keeps insertion order). */
  private recent(sql: string): Statement | undefined {
    const statement = this.statements.get(sql);
    if (statement) {
      this.statements.delete(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  async *streamQuery<R>(compiled: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(compiled);
    for (let i = 0; i < rows.length; i += chunkSize) yield { rows: rows.slice(i, i + chunkSize) };
  }

  /** Parse and describe once: the parameter types to serialize with, the columns to parse with. */
  private async prepare(sql: string): Promise<Statement> {
    const name = `k${++this.counter}`;
    const { messages } = await this.client.execProtocol(
      message(protocol.serialize.parse({ name, text: sql }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()),
    );
    let paramTypes: number[] = [];
    let fields: Statement['fields'] = [];
    for (const m of messages) {
      if (m.name === 'parameterDescription') paramTypes = (m as ParameterDescriptionMessage).dataTypeIDs;
      else if (m.name === 'rowDescription')
        fields = (m as RowDescriptionMessage).fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
    }
    const statement = { name, paramTypes, fields };
    this.statements.set(sql, statement);
    if (this.statements.size > MAX_STATEMENTS) {
      const [oldestSql, oldest] = this.statements.entries().next().value!;
      this.closing.push(oldest.name);
      this.statements.delete(oldestSql);
    }
    return statement;
  }

  private async run<R>(statement: Statement, params: unknown[]): Promise<QueryResult<R>> {
    const { serializers, parsers } = this.client;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = serializers[statement.paramTypes[i]!];
      return serialize ? serialize(value) : String(value);
    });
    const closes = this.closing.map((name) => protocol.serialize.close({ type: 'S', name }));
    this.closing = [];
    const { messages } = await this.client.execProtocol(
      message(
        ...closes,
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ),
    );
    const rows: R[] = [];
    let affected = 0;
    for (const m of messages) {
      if (m.name === 'dataRow') {
        const data = (m as DataRowMessage).fields;
        const row: Record<string, unknown> = {};
        statement.fields.forEach((f, i) => {
          const raw = data[i];
          row[f.name] = raw === null || raw === undefined ? null : types.parseType(raw, f.dataTypeID, parsers);
        });
        rows.push(row as R);
      } else if (m.name === 'commandComplete') {
        affected += affectedRows((m as CommandCompleteMessage).text);
      }
    }
    return affected > 0 ? { rows, numAffectedRows: BigInt(affected) } : { rows };
  }

  /** After a schema change: every prepared statement may answer with an old row shape. */
  private forgetAll(): void {
    for (const s of this.statements.values()) this.closing.push(s.name);
    this.statements.clear();
  }
}

function affectedRows(commandTag: string): number {
  const [command, a, b] = commandTag.split(' ');
  if (command === 'INSERT') return Number(b);
  if (command === 'UPDATE' || command === 'DELETE' || command === 'MERGE' || command === 'COPY') return Number(a);
  return 0;
}

function message(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
