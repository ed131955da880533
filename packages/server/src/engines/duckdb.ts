import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { ErrorType, type ErrorTypeCode } from '../errors';
import { defineEngineSpec, utcLiteral } from './base';
import { engineError, EngineError, issueCodesFor, markTemporalColumns, normaliseRows, quoteDouble, resultColumn, stringLiteral, temporalFlags, withCancellation } from './common';
import { columnsFromChunks, readChunks, rowCountOf } from './duckdb-columns';
import { appendRows } from './duckdb-append';
import { holdDatabaseFile } from './open-files';
import { runTransactionFrame } from './transaction-frame';
import type { ColumnarResult, ColumnMetadata, ConnectTarget, EngineClient, EngineSpec, ExecuteOptions, ExecuteResult, TableRef, TransactionAppend, TransactionRun } from './types';

/**
 * One DuckDB instance per database file, shared by the whole process (DuckDB forbids two instances of one
 * file in a process, and a read-write instance locks the file against other processes). Files are opened
 * read-only when the caller asks (databases without DML), so several server/worker processes can query the
 * examples file at once; the examples generator opens read-write after releasing any cached instance.
 */
interface InstanceEntry {
  instance: Promise<DuckDBInstance>;
  readOnly: boolean;
  /** Clients counting on the instance (temporary clients close it only when they are the last). */
  users: number;
  /** Ends this process's hold on the file (engines/open-files.ts). */
  release: () => void;
}
const instances = new Map<string, InstanceEntry>();

const instanceKey = (path: string): string => (path === ':memory:' ? ':memory:' : resolve(path));

/**
 * Returns the process-wide instance for a file, creating it if needed. A read-only request is served by an
 * existing read-write instance; a read-write request replaces a cached read-only one.
 *
 * @example
 * const instance = await getDuckDBInstance('/data/examples.duckdb', { readOnly: true });
 */
export async function getDuckDBInstance(path: string, options: { readOnly?: boolean } = {}): Promise<DuckDBInstance> {
  const key = instanceKey(path);
  const readOnly = key !== ':memory:' && options.readOnly === true && existsSync(key);
  const cached = instances.get(key);
  if (cached && (!cached.readOnly || readOnly)) return cached.instance;
  if (cached) await releaseDuckDBInstance(key);
  if (key !== ':memory:') mkdirSync(dirname(key), { recursive: true });
  // Instances from here serve queries (chart data, SQL Lab): no file or network access beyond the database
  // file itself, no extension loading, and the settings locked so `SET` in user SQL cannot undo them.
  // Loaders that read CSV files (examples) create their own instances.
  const config: Record<string, string> = {
    enable_external_access: 'false',
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
    lock_configuration: 'true',
  };
  if (readOnly) config.access_mode = 'READ_ONLY';
  // Refused before DuckDB touches the file when SQLite holds it open in this process (engines/open-files.ts).
  const release = holdDatabaseFile('duckdb', key);
  const instance = DuckDBInstance.create(key, config);
  const entry: InstanceEntry = { instance, readOnly, users: 0, release };
  instances.set(key, entry);
  instance.catch(() => {
    release();
    if (instances.get(key) === entry) instances.delete(key);
  });
  return instance;
}

/** Closes and forgets the cached instance of a file (before rewriting it, and at shutdown). */
export async function releaseDuckDBInstance(path: string): Promise<void> {
  const key = instanceKey(path);
  const cached = instances.get(key);
  if (!cached) return;
  instances.delete(key);
  try {
    (await cached.instance).closeSync();
  } catch {
    // already closed or never opened
  } finally {
    cached.release();
  }
}

export async function releaseAllDuckDBInstances(): Promise<void> {
  await Promise.all([...instances.keys()].map((key) => releaseDuckDBInstance(key)));
}

/** Bound parameters as DuckDB takes them (Dates as ISO text); undefined when there are none. */
function bindValues(params: unknown[]): never[] | undefined {
  if (!params.length) return undefined;
  return params.map((value) => (value instanceof Date ? value.toISOString() : value)) as never[];
}

function mapDuckDBError(error: unknown): EngineError {
  if (error instanceof EngineError) return error;
  const message = error instanceof Error ? error.message : String(error);
  let type: ErrorTypeCode = ErrorType.GENERIC_DB_ENGINE_ERROR;
  if (/Catalog Error: Table with name .* does not exist|Table .* does not exist/i.test(message)) type = ErrorType.TABLE_DOES_NOT_EXIST_ERROR;
  else if (/Schema with name .* does not exist/i.test(message)) type = ErrorType.SCHEMA_DOES_NOT_EXIST_ERROR;
  else if (/Referenced column .* not found|column .* not found|Binder Error: .*column/i.test(message)) type = ErrorType.COLUMN_DOES_NOT_EXIST_ERROR;
  else if (/Parser Error|syntax error/i.test(message)) type = ErrorType.SYNTAX_ERROR;
  else if (/IO Error: Cannot open file|No such file|Could not set lock/i.test(message)) type = ErrorType.CONNECTION_UNKNOWN_DATABASE_ERROR;
  return new EngineError('DuckDB', type, message, issueCodesFor(type));
}

class DuckDBClient implements EngineClient {
  /** The shared instance entry this client counts itself a user of, and whether this client created it. */
  private held: { entry: InstanceEntry; created: boolean } | null = null;

  constructor(
    readonly spec: EngineSpec,
    private readonly path: string,
    private readonly readOnly: boolean,
    private readonly temporary: boolean,
  ) {}

  private async connection(): Promise<DuckDBConnection> {
    try {
      const before = instances.get(instanceKey(this.path));
      const instance = await getDuckDBInstance(this.path, { readOnly: this.readOnly });
      const entry = instances.get(instanceKey(this.path));
      if (!this.held && entry) {
        entry.users += 1;
        this.held = { entry, created: entry !== before };
      }
      return await instance.connect();
    } catch (error) {
      throw mapDuckDBError(error);
    }
  }

  /** Runs one statement on a fresh connection with cancellation, read-only when asked; errors mapped. */
  private async withStatement<T>(options: ExecuteOptions, work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    const connection = await this.connection();
    try {
      return await withCancellation('DuckDB', options, () => connection.interrupt(), async () => {
        try {
          // Read-only work runs in a read-only transaction; closing the connection below rolls it back.
          if (options.readOnly) await connection.run('BEGIN TRANSACTION READ ONLY');
          return await work(connection);
        } catch (error) {
          throw mapDuckDBError(error);
        }
      });
    } finally {
      connection.closeSync();
    }
  }

  async execute(sql: string, params: unknown[] = [], options: ExecuteOptions = {}): Promise<ExecuteResult> {
    return this.withStatement(options, async (connection) => {
      const values = bindValues(params);
      // With a row cap, stream and stop after enough chunks instead of materialising the whole result.
      const reader =
        options.maxRows !== undefined
          ? await connection.streamAndReadUntil(sql, options.maxRows, values)
          : await connection.runAndReadAll(sql, values);
      const names = reader.columnNames();
      const types = reader.columnTypes().map((type) => String(type));
      const columns = names.map((name, i) => resultColumn(name, types[i]!, this.spec.genericType));
      let rows = reader.getRowsJS() as unknown[][];
      if (options.maxRows !== undefined && rows.length > options.maxRows) rows = rows.slice(0, options.maxRows);
      normaliseRows(columns, rows, options);
      return { columns, rows, rowcount: rows.length };
    });
  }

  /** execute's result read column by column from the chunks (duckdb-columns.ts): no row arrays, no Dates. */
  async executeColumns(sql: string, params: unknown[] = [], options: ExecuteOptions = {}): Promise<ColumnarResult> {
    return this.withStatement(options, async (connection) => {
      const values = bindValues(params);
      const result = options.maxRows !== undefined ? await connection.stream(sql, values) : await connection.run(sql, values);
      const chunks = await readChunks(result, options.maxRows);
      const columns = result.columnNames().map((name, i) => resultColumn(name, String(result.columnType(i)), this.spec.genericType));
      const typeIds = columns.map((_, i) => result.columnTypeId(i));
      const columnValues = columnsFromChunks(chunks, typeIds, temporalFlags(columns, options), options);
      markTemporalColumns(columns, options);
      return { columns, values: columnValues, rowcount: rowCountOf(chunks, options.maxRows) };
    });
  }

  private async values<T = unknown>(sql: string, params: unknown[] = []): Promise<T[][]> {
    return (await this.execute(sql, params, { temporalAs: 'iso' })).rows as T[][];
  }

  async getCatalogs(): Promise<string[]> {
    return [];
  }

  async defaultSchema(): Promise<string | null> {
    return 'main';
  }

  async getSchemas(): Promise<string[]> {
    const rows = await this.values<string>(
      `SELECT DISTINCT schema_name FROM information_schema.schemata
       WHERE catalog_name = current_database() AND schema_name NOT IN ('information_schema', 'pg_catalog')
       ORDER BY schema_name`,
    );
    return rows.map((row) => row[0]!);
  }

  async getTables(schema: string | null) {
    const rows = await this.values<string>(
      `SELECT table_name, table_type FROM information_schema.tables
       WHERE table_catalog = current_database() AND table_schema = ? ORDER BY table_name`,
      [schema ?? 'main'],
    );
    return rows.map((row) => ({ value: row[0]!, type: row[1] === 'VIEW' ? ('view' as const) : ('table' as const), extra: null }));
  }

  private async assertTable(table: TableRef): Promise<void> {
    const rows = await this.values(
      `SELECT 1 FROM information_schema.tables WHERE table_catalog = current_database() AND table_schema = ? AND table_name = ?`,
      [table.schema ?? 'main', table.name],
    );
    if (!rows.length) {
      throw engineError('DuckDB', ErrorType.TABLE_DOES_NOT_EXIST_ERROR, `Table ${stringLiteral(table.name)} does not exist`, 404);
    }
  }

  async getColumns(table: TableRef): Promise<ColumnMetadata[]> {
    await this.assertTable(table);
    const rows = await this.values<unknown>(
      `SELECT column_name, data_type, is_nullable, column_default, comment FROM duckdb_columns()
       WHERE database_name = current_database() AND schema_name = ? AND table_name = ? ORDER BY column_index`,
      [table.schema ?? 'main', table.name],
    );
    return rows.map(([name, type, nullable, def, comment]) => {
      const column = resultColumn(String(name), String(type), this.spec.genericType);
      return { ...column, nullable: nullable === true, default: (def as string | null) ?? null, comment: (comment as string | null) ?? null };
    });
  }

  private async constraints(table: TableRef, kind: string): Promise<unknown[][]> {
    return this.values(
      `SELECT constraint_name, constraint_column_names, referenced_table, referenced_column_names FROM duckdb_constraints()
       WHERE database_name = current_database() AND schema_name = ? AND table_name = ? AND constraint_type = ?
       ORDER BY constraint_index`,
      [table.schema ?? 'main', table.name, kind],
    );
  }

  async getPrimaryKey(table: TableRef) {
    const [row] = await this.constraints(table, 'PRIMARY KEY');
    return row ? { name: (row[0] as string) ?? null, constrained_columns: row[1] as string[] } : { name: null, constrained_columns: [] };
  }

  async getForeignKeys(table: TableRef) {
    const rows = await this.constraints(table, 'FOREIGN KEY');
    return rows.map((row) => ({
      name: (row[0] as string) ?? null,
      constrained_columns: row[1] as string[],
      referred_schema: table.schema ?? 'main',
      referred_table: row[2] as string,
      referred_columns: (row[3] as string[]) ?? [],
    }));
  }

  async getIndexes(table: TableRef) {
    const rows = await this.values<unknown>(
      `SELECT index_name, expressions, is_unique FROM duckdb_indexes()
       WHERE database_name = current_database() AND schema_name = ? AND table_name = ? ORDER BY index_name`,
      [table.schema ?? 'main', table.name],
    );
    return rows.map(([name, expressions, unique]) => ({
      name: String(name),
      column_names: String(expressions ?? '')
        .replace(/^\[|\]$/g, '')
        .split(',')
        .map((part) => part.trim().replace(/^"(.*)"$/, '$1'))
        .filter(Boolean),
      unique: unique === true,
    }));
  }

  async transaction<T>(work: (run: TransactionRun, append?: TransactionAppend) => Promise<T>): Promise<T> {
    const connection = await this.connection();
    const run: TransactionRun = async (sql, params = []) => {
      try {
        const values = params.map((value) => (value instanceof Date ? value.toISOString() : value)) as never[];
        return (await connection.run(sql, params.length ? values : undefined)).rowsChanged;
      } catch (error) {
        throw mapDuckDBError(error);
      }
    };
    const append: TransactionAppend = async (table, rows) => {
      try {
        return await appendRows(connection, table, rows);
      } catch (error) {
        throw mapDuckDBError(error);
      }
    };
    // The connection is closed right after, so a failed rollback needs no special care.
    const rollback = async () => {
      await connection.run('ROLLBACK').catch(() => undefined);
    };
    try {
      return await runTransactionFrame({ begin: 'BEGIN TRANSACTION', run, rollback, work: (txRun) => work(txRun, append) });
    } finally {
      connection.closeSync();
    }
  }

  /**
   * Instances are shared per file and closed by releaseAllDuckDBInstances(); a temporary client closes the
   * one it opened when no other client took it up meanwhile (test_connection leaves no file locked).
   */
  async close(): Promise<void> {
    const held = this.held;
    this.held = null;
    if (!held) return;
    held.entry.users -= 1;
    if (this.temporary && held.created && held.entry.users === 0 && instances.get(instanceKey(this.path)) === held.entry) {
      await releaseDuckDBInstance(this.path);
    }
  }
}

export const duckdbSpec: EngineSpec = defineEngineSpec({
  engine: 'duckdb',
  engineName: 'DuckDB',
  schemes: ['duckdb'],
  defaultDriver: 'duckdb_engine',
  drivers: ['duckdb_engine'],
  sqlalchemyUriPlaceholder: 'duckdb:////path/to/duck.db',
  fileBased: true,
  supportsCatalogs: false,
  supportsSchemas: true,
  defaultPort: null,
  paramStyle: 'qmark',
  quoteIdentifier: quoteDouble,
  timeGrains: {
    PT1S: "DATE_TRUNC('second', {col})",
    PT1M: "DATE_TRUNC('minute', {col})",
    PT5M: "TIME_BUCKET(INTERVAL '5 minutes', CAST({col} AS TIMESTAMP))",
    PT10M: "TIME_BUCKET(INTERVAL '10 minutes', CAST({col} AS TIMESTAMP))",
    PT15M: "TIME_BUCKET(INTERVAL '15 minutes', CAST({col} AS TIMESTAMP))",
    PT30M: "TIME_BUCKET(INTERVAL '30 minutes', CAST({col} AS TIMESTAMP))",
    PT1H: "DATE_TRUNC('hour', {col})",
    P1D: "DATE_TRUNC('day', {col})",
    P1W: "DATE_TRUNC('week', {col})",
    P1M: "DATE_TRUNC('month', {col})",
    P3M: "DATE_TRUNC('quarter', {col})",
    P1Y: "DATE_TRUNC('year', {col})",
    '1969-12-28T00:00:00Z/P1W': "(DATE_TRUNC('week', CAST({col} AS TIMESTAMP) + INTERVAL 1 DAY) - INTERVAL 1 DAY)",
    '1969-12-29T00:00:00Z/P1W': "DATE_TRUNC('week', {col})",
    'P1W/1970-01-03T00:00:00Z': "(DATE_TRUNC('week', CAST({col} AS TIMESTAMP) + INTERVAL 1 DAY) + INTERVAL 5 DAY)",
    'P1W/1970-01-04T00:00:00Z': "(DATE_TRUNC('week', CAST({col} AS TIMESTAMP)) + INTERVAL 6 DAY)",
  },
  datetimeLiteral: (epochMs) => `CAST(${utcLiteral(epochMs)} AS TIMESTAMP)`,
  async connect(target: ConnectTarget): Promise<EngineClient> {
    const path = target.database && target.database !== '' ? target.database : ':memory:';
    const readOnly = target.readOnly === true || target.query.access_mode?.toLowerCase() === 'read_only';
    const client = new DuckDBClient(duckdbSpec, path, readOnly, target.temporary === true);
    return client;
  },
});
